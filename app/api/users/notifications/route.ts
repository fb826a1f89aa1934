import { notificationPreferencesBodySchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route({ auth: 'user', body: notificationPreferencesBodySchema }, ({ user, body }) =>
  account.updateNotificationPreferences(user, body.notificationPreferences),
);

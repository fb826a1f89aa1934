import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route(contract.updateNotificationPreferences, async ({ user, body }) => ({
  success: true,
  message: 'Notification preferences saved successfully',
  notificationPreferences: await account.updateNotificationPreferences(user, body.notificationPreferences),
}));

import { appearancePreferencesBodySchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route({ auth: 'user', body: appearancePreferencesBodySchema }, ({ user, body }) =>
  account.updateAppearancePreferences(user, body.appearancePreferences),
);

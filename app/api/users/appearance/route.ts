import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route(contract.updateAppearancePreferences, async ({ user, body }) => ({
  success: true,
  message: 'Appearance preferences saved successfully',
  appearancePreferences: await account.updateAppearancePreferences(user, body.appearancePreferences),
}));

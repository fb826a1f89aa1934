import { SETTINGS_TOASTS } from '@/lib/constants';
import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route(contract.updateTimezone, async ({ user, body, info }) => ({
  success: true,
  message: SETTINGS_TOASTS.timezoneUpdated,
  user: await account.updateTimezone(user, body.timezone, info),
}));

import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route(contract.updateTimezone, async ({ user, body, info }) => ({
  success: true,
  message: 'Timezone updated successfully.',
  user: await account.updateTimezone(user, body.timezone, info),
}));

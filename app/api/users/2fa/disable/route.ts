import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { disable } from '@/server/services/two-factor';

export const POST = route(contract.disableTwoFactor, async ({ user, body, info }) => {
  await disable(user.id, body.password, info);
  return { success: true, message: 'Two-factor authentication is off' };
});

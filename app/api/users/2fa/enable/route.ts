import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { confirmSetup } from '@/server/services/two-factor';

export const POST = route(contract.enableTwoFactor, async ({ user, body, info }) => ({
  success: true,
  message: 'Two-factor authentication is on',
  recoveryCodes: await confirmSetup(user.id, body.code, info),
}));

import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route(contract.changePassword, async ({ user, body, info }) => ({
  success: true,
  message: 'Password updated successfully',
  ...(await account.changePassword(user, body.currentPassword, body.newPassword, info)),
}));

import * as contract from '@/lib/contract/account';
import { signedOutResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const POST = route(contract.deleteAccount, async ({ user, body, info }) => {
  await account.deleteAccount(user, body.password, info);
  return signedOutResponse({ success: true, message: 'Your account and all its data have been deleted.' });
});

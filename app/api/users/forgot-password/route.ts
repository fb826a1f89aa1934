import { MESSAGES } from '@/lib/constants';
import * as contract from '@/lib/contract/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

/** The same answer whether or not the account exists, so it reveals nothing. */
export const POST = route(contract.forgotPassword, async ({ body, info }) => {
  await auth.forgotPassword(body.email, info);
  return { success: true, message: MESSAGES.forgotSuccess };
});

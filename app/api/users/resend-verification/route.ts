import * as contract from '@/lib/contract/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

/** The same answer whether or not the address exists or is verified, so it reveals nothing. */
export const POST = route(contract.resendVerification, async ({ body, info }) => {
  await auth.resendVerification(body.email, info);
  return { success: true, message: 'If an account with this email exists and is not yet verified, a new verification email has been sent.' };
});

import * as contract from '@/lib/contract/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const POST = route(contract.resetPassword, async ({ params, body, info }) => {
  await auth.resetPassword(params.token, body.password, info);
  return { success: true, message: 'Your password has been reset. You can now sign in.' };
});

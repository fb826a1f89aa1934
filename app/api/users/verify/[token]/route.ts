import * as contract from '@/lib/contract/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const GET = route(contract.verifyEmail, async ({ params, info }) => {
  const { accessToken, user } = await auth.verifyEmail(params.token, info);
  return { success: true, message: 'Email verified successfully. You can now sign in.', token: accessToken, user };
});

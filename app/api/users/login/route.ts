import { loginSchema } from '@/lib/schemas/auth';
import { tokenResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const POST = route({ auth: 'public', body: loginSchema }, async ({ body, info }) => {
  const result = await auth.login(body, info);
  return tokenResponse(result, { token: result.accessToken, accessToken: result.accessToken, refreshToken: result.refreshToken, user: result.user });
});

import { REFRESH_COOKIE } from '@/lib/constants';
import { refreshTokenSchema } from '@/lib/schemas/auth';
import { tokenResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

/** Takes the token from the body (API clients) or the httpOnly cookie (the browser app). */
export const POST = route({ auth: 'public', body: refreshTokenSchema }, async ({ req, body, info }) => {
  const tokens = await auth.refresh(body.refreshToken ?? req.cookies.get(REFRESH_COOKIE)?.value, info);
  return tokenResponse(tokens, { accessToken: tokens.accessToken, newRefreshToken: tokens.refreshToken });
});

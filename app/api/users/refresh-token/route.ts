import { REFRESH_COOKIE } from '@/lib/constants';
import * as contract from '@/lib/contract/auth';
import { tokenResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

/** Takes the token from the body (API clients) or the httpOnly cookie (the browser app). */
export const POST = route(contract.refreshToken, async ({ req, body, info }) => {
  const tokens = await auth.refresh(body.refreshToken ?? req.cookies.get(REFRESH_COOKIE)?.value, info);
  return tokenResponse(tokens, { accessToken: tokens.accessToken, newRefreshToken: tokens.refreshToken });
});

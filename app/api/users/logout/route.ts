import { REFRESH_COOKIE } from '@/lib/constants';
import { refreshTokenSchema } from '@/lib/schemas/auth';
import { readCredentials } from '@/server/auth/guards';
import { verifyAccessToken } from '@/server/auth/tokens';
import { signedOutResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

/** Always succeeds and clears the cookies; an expired access token still names the session to end. */
export const POST = route({ auth: 'public', body: refreshTokenSchema }, async ({ req, body, info }) => {
  const credentials = readCredentials(req.headers, req.cookies);
  const verified = credentials ? await verifyAccessToken(credentials.token, { allowExpired: true }) : null;
  const sessionId = verified?.ok ? verified.claims.sid : null;
  await auth.logout(body.refreshToken ?? req.cookies.get(REFRESH_COOKIE)?.value, sessionId, info);
  return signedOutResponse({ success: true, message: 'Logged out successfully' });
});

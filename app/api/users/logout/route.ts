import { REFRESH_COOKIE } from '@/lib/constants';
import * as contract from '@/lib/contract/auth';
import { assertCsrf, readCredentials } from '@/server/auth/guards';
import { verifyAccessToken } from '@/server/auth/tokens';
import { signedOutResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

/**
 * Clears the cookies and ends the session; an expired access token still names the session to end.
 * When only the browser's cookies name it (no bearer header, no refresh token in the body), the
 * request must carry the session's CSRF token, so another site cannot sign the user out.
 */
export const POST = route(contract.logout, async ({ req, body, info }) => {
  const credentials = readCredentials(req.headers, req.cookies);
  const verified = credentials ? await verifyAccessToken(credentials.token, { allowExpired: true }) : null;
  const sessionId = await auth.sessionToSignOut(body.refreshToken ?? req.cookies.get(REFRESH_COOKIE)?.value, verified?.ok ? verified.claims.sid : null);
  const byCookieOnly = credentials?.source !== 'bearer' && !body.refreshToken;
  if (sessionId && byCookieOnly) assertCsrf(req.method, 'cookie', req.headers, sessionId);
  await auth.logout(sessionId, info);
  return signedOutResponse({ success: true, message: 'Logged out successfully' });
});

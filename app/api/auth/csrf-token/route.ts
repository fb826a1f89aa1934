import { CSRF_HEADER } from '@/lib/constants';
import * as contract from '@/lib/contract/auth';
import { authenticate, readCredentials } from '@/server/auth/guards';
import { issueCsrfToken } from '@/server/auth/csrf';
import { respond, route } from '@/server/http/route';

/** The token travels in a response header (product §1.7) and is bound to the caller's session if any. */
export const GET = route(contract.csrfToken, async ({ req }) => {
  const credentials = readCredentials(req.headers, req.cookies);
  const sessionId = credentials ? await authenticate(credentials).then((u) => u.sessionId, () => null) : null;
  const token = issueCsrfToken(sessionId);
  const res = respond(contract.csrfToken, 200, { success: true, csrfToken: token });
  res.headers.set(CSRF_HEADER, token);
  res.headers.set('Cache-Control', 'no-store');
  return res;
});

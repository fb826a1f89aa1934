import { NextResponse, type NextRequest } from 'next/server';
import { adminPlaceFor, ADMIN_HOME, COACH_PAGES } from '@/lib/admin-views';
import { ACCESS_COOKIE } from '@/lib/constants';
import { verifyAccessToken, type Role } from '@/server/auth/tokens';
import { newNonce, NONCE_HEADER, pageCsp, pageCspInput } from '@/server/http/security-headers';

// /r: a check-in's one-tap reply page (decision 0083), for clients, who have no account.
// /unsubscribe: an e-mail's unsubscribe page (decision 0092); its token is the only key.
const PUBLIC = ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email', '/admin-portal', '/logout', '/r', '/unsubscribe'];
const ADMIN = ['/admin', ADMIN_HOME];

const under = (path: string, prefixes: readonly string[]) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Page routing only (product §1.2). It reads the role from the signed access cookie, accepting an
 * expired one: pages hold no data, every /api call checks the live session, and the browser
 * refreshes or signs out on its first call.
 */
async function roleOf(req: NextRequest, allowExpired = true): Promise<Role | null> {
  const token = req.cookies.get(ACCESS_COOKIE)?.value;
  if (!token) return null;
  const verified = await verifyAccessToken(token, { allowExpired });
  return verified.ok ? verified.claims.role : null;
}

/**
 * Every page gets a fresh CSP nonce: Next reads it from the request's CSP header and stamps its
 * own inline scripts with it; the root layout reads it from NONCE_HEADER for the appearance script.
 */
export async function proxy(req: NextRequest) {
  const nonce = newNonce();
  const csp = pageCsp(pageCspInput(req.headers, nonce));
  const requestHeaders = new Headers(req.headers);
  requestHeaders.set(NONCE_HEADER, nonce);
  requestHeaders.set('content-security-policy', csp);
  const res = await routePage(req, () => NextResponse.next({ request: { headers: requestHeaders } }));
  res.headers.set('content-security-policy', csp);
  return res;
}

async function routePage(req: NextRequest, next: () => NextResponse): Promise<NextResponse> {
  const path = req.nextUrl.pathname;
  const to = (target: string) => NextResponse.redirect(new URL(target, req.url));
  // Product §2.2: the admin login page sends an admin who is already signed in to the dashboard.
  // Only a live access token counts here (the page itself forwards one that refreshes), so a
  // stale cookie can never bounce between the two pages.
  if (path === '/admin-portal') {
    const live = await roleOf(req, false);
    return live === 'admin' || live === 'super_admin' ? to(ADMIN_HOME) : next();
  }
  if (under(path, PUBLIC)) return next();
  const role = await roleOf(req);
  const isAdmin = role === 'admin' || role === 'super_admin';
  if (path === '/') return to(role ? (isAdmin ? ADMIN_HOME : '/dashboard') : '/login');
  if (under(path, ADMIN)) return role ? (isAdmin ? next() : to('/dashboard')) : to('/login');
  // The coach pages are not an admin's (product §2.6, decision 0098): no coach chrome for them.
  if (under(path, COACH_PAGES)) return role ? (isAdmin ? to(adminPlaceFor(path)) : next()) : to('/login');
  return to('/');
}

export const config = {
  // sw.js and the web app manifest may not be redirected; they are static files like the images.
  matcher: ['/((?!api|_next/static|_next/image|favicon.ico|manifest\\.webmanifest$|sw\\.js$|.*\\.(?:png|jpg|jpeg|svg|ico|webp|txt)$).*)'],
};

import { NextResponse, type NextRequest } from 'next/server';
import { ACCESS_COOKIE } from '@/lib/constants';
import { verifyAccessToken, type Role } from '@/server/auth/tokens';

const PUBLIC = ['/login', '/register', '/forgot-password', '/reset-password', '/verify-email', '/admin-portal', '/logout'];
const SIGNED_IN = ['/dashboard', '/profile', '/settings', '/analytics', '/billing'];
const ADMIN = ['/admin', '/admin-dashboard'];

const under = (path: string, prefixes: string[]) => prefixes.some((p) => path === p || path.startsWith(`${p}/`));

/**
 * Page routing only (spec 01 §2). It reads the role from the signed access cookie, accepting an
 * expired one: pages hold no data, every /api call checks the live session, and the browser
 * refreshes or signs out on its first call.
 */
async function roleOf(req: NextRequest): Promise<Role | null> {
  const token = req.cookies.get(ACCESS_COOKIE)?.value;
  if (!token) return null;
  const verified = await verifyAccessToken(token, { allowExpired: true });
  return verified.ok ? verified.claims.role : null;
}

export async function proxy(req: NextRequest) {
  const path = req.nextUrl.pathname;
  const to = (target: string) => NextResponse.redirect(new URL(target, req.url));
  const role = await roleOf(req);
  const isAdmin = role === 'admin' || role === 'super_admin';
  // Spec 02 §2: the admin login page sends an admin who is already signed in to the dashboard.
  if (path === '/admin-portal' && isAdmin) return to('/admin-dashboard');
  if (under(path, PUBLIC)) return NextResponse.next();
  if (path === '/') return to(role ? (isAdmin ? '/admin-dashboard' : '/dashboard') : '/login');
  if (under(path, ADMIN)) return role ? (isAdmin ? NextResponse.next() : to('/dashboard')) : to('/login');
  if (under(path, SIGNED_IN)) return role ? NextResponse.next() : to('/login');
  return to('/');
}

export const config = {
  matcher: ['/((?!api|_next/static|_next/image|favicon.ico|.*\\.(?:png|jpg|jpeg|svg|ico|webp|txt)$).*)'],
};

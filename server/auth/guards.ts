import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { ACCESS_COOKIE, CSRF_HEADER } from '@/lib/constants';
import { getDb } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { sessions, users, type User } from '../db/schema';
import { AppError, forbidden, unauthorized } from '../http/errors';
import { verifyCsrfToken } from './csrf';
import { verifyAccessToken } from './tokens';

export type AuthUser = Omit<User, 'passwordHash'> & { sessionId: string };

export type AuthSource = 'bearer' | 'cookie';

export interface Credentials {
  token: string;
  source: AuthSource;
}

export function readCredentials(headers: Headers, cookies: { get(name: string): { value: string } | undefined }): Credentials | null {
  const header = headers.get('authorization');
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    if (token) return { token, source: 'bearer' };
  }
  const cookie = cookies.get(ACCESS_COOKIE)?.value;
  return cookie ? { token: cookie, source: 'cookie' } : null;
}

const LAST_ACTIVE_GRANULARITY_SECONDS = 60;

/** The live session of a token and its user: read on every authenticated request. */
const liveSession = preparedQuery((db) =>
  db
    .select({ user: users, lastActive: sessions.lastActive })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sid')),
        eq(sessions.userId, sql.placeholder('sub')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1)
    .prepare('live_session'),
);

/** Verifies the JWT, then that its session is live and its user exists: a revoked session ends at once. */
export async function authenticate(credentials: Credentials | null): Promise<AuthUser> {
  if (!credentials) throw unauthorized('Authentication required');
  const verified = await verifyAccessToken(credentials.token);
  if (!verified.ok) {
    throw verified.reason === 'expired'
      ? new AppError(401, 'TOKEN_EXPIRED', 'Access token expired')
      : unauthorized('Invalid access token', 'INVALID_TOKEN');
  }
  const { sub, sid } = verified.claims;
  const [row] = await liveSession().execute({ sid, sub });
  if (!row) throw unauthorized('Session has ended. Please sign in again.', 'SESSION_REVOKED');
  if (Date.now() - row.lastActive.getTime() > LAST_ACTIVE_GRANULARITY_SECONDS * 1000) {
    await getDb().update(sessions).set({ lastActive: sql`now()` }).where(eq(sessions.id, sid));
  }
  const { passwordHash: _omit, ...user } = row.user;
  return { ...user, sessionId: sid };
}

/** Cookie-authenticated state changes must prove same-origin with the CSRF header. */
export function assertCsrf(method: string, source: AuthSource, headers: Headers, sessionId: string): void {
  if (source !== 'cookie' || ['GET', 'HEAD', 'OPTIONS'].includes(method)) return;
  if (!verifyCsrfToken(headers.get(CSRF_HEADER), sessionId)) throw forbidden('Missing or invalid CSRF token', 'CSRF_INVALID');
}

export function isAdmin(user: Pick<User, 'role'>): boolean {
  return user.role === 'admin' || user.role === 'super_admin';
}

import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { config } from '../config';
import { getDb, type Executor } from '../db/client';
import { columnList } from '../db/column-list';
import { preparedText, queryRows } from '../db/query-rows';
import { refreshTokens, securityLog, sessions, users, type User } from '../db/schema';
import { randomToken, sha256 } from '../auth/random';
import { signAccessToken } from '../auth/tokens';
import { AppError } from '../http/errors';
import { describeDevice, describeLocation, type DeviceInfo, type RequestInfo } from '../http/request-info';
import { refundStatement, type RateLimitHit } from './rate-limit';
import { recordSecurityEvent, type SecurityEvent } from './security-log';

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
}

function refreshLifetimeMs(): number {
  return config().REFRESH_TOKEN_TTL_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * Two tabs refreshing at the same instant present the same token; inside this window the second
 * gets a fresh token of its own instead of being treated as a thief.
 */
function reuseGraceMs(): number {
  return config().REFRESH_REUSE_GRACE_SECONDS * 1000;
}

async function insertRefreshToken(db: Executor, sessionId: string): Promise<string> {
  const refreshToken = randomToken();
  await db.insert(refreshTokens).values({ tokenHash: sha256(refreshToken), sessionId });
  return refreshToken;
}

/** Opens a session inside `db`'s transaction (e-mail verification's short one); sign-in opens its own with `openSignInSession`. */
export async function createSession(
  user: Pick<User, 'id' | 'role'>,
  info: RequestInfo,
  options: { lifetimeMs: number; purpose: 'sign_in' | 'email_link' },
  db: Executor,
): Promise<IssuedTokens> {
  const device = describeDevice(info.userAgent);
  const [session] = await db
    .insert(sessions)
    .values({
      userId: user.id,
      purpose: options.purpose,
      device: device.device,
      os: device.os,
      browser: device.browser,
      userAgent: info.userAgent.slice(0, 512),
      ip: info.ip,
      location: describeLocation(info.ip),
      expiresAt: new Date(Date.now() + options.lifetimeMs),
    })
    .returning({ id: sessions.id });
  const sessionId = session!.id;
  const refreshToken = await insertRefreshToken(db, sessionId);
  const accessToken = await signAccessToken({ sub: user.id, sid: sessionId, role: user.role });
  return { sessionId, accessToken, refreshToken };
}

const openedSession = z.object({ sessionId: z.string(), lastLogin: z.string() });

/**
 * A sign-in's session, its refresh token, the account's last sign-in, the security event and the
 * refund of the sign-in's rate-limit hits, in one statement (decision 0115): a statement is
 * atomic, and the refresh token's foreign key is checked at its end, when the session row of the
 * same statement is there. Every row hangs off the account's update, so an account deleted since
 * it was read gets nothing (null). Answers the account's new last sign-in with the tokens.
 */
export async function openSignInSession(
  user: Pick<User, 'id' | 'role'>,
  info: RequestInfo,
  device: DeviceInfo,
  event: Pick<SecurityEvent, 'type' | 'details'>,
  refunds: (RateLimitHit | null)[],
): Promise<(IssuedTokens & { lastLogin: Date }) | null> {
  const refreshToken = randomToken();
  const expiresAt = new Date(Date.now() + refreshLifetimeMs());
  const id = (column: PgColumn) => sql.identifier(column.name);
  const refund = refundStatement(refunds);
  const [opened] = await queryRows(
    openedSession,
    preparedText(sql`
      with u as (
        update ${users} set ${id(users.lastLogin)} = now() where ${id(users.id)} = ${user.id} and ${id(users.deletedAt)} is null
        returning ${id(users.id)}, ${id(users.lastLogin)}),
      s as (
        insert into ${sessions} (${columnList(sessions.userId, sessions.purpose, sessions.device, sessions.os, sessions.browser, sessions.userAgent, sessions.ip, sessions.location, sessions.expiresAt)})
        select u.${id(users.id)}, 'sign_in', ${device.device}, ${device.os}, ${device.browser}, ${info.userAgent.slice(0, 512)}, ${info.ip}, ${describeLocation(info.ip)}, ${expiresAt.toISOString()}::timestamptz from u
        returning ${id(sessions.id)}),
      t as (
        insert into ${refreshTokens} (${columnList(refreshTokens.tokenHash, refreshTokens.sessionId)})
        select ${sha256(refreshToken)}, s.${id(sessions.id)} from s),
      l as (
        insert into ${securityLog} (${columnList(securityLog.userId, securityLog.type, securityLog.details, securityLog.success, securityLog.ip, securityLog.userAgent)})
        select u.${id(users.id)}, ${event.type}, ${event.details}, true, ${info.ip}, ${info.userAgent} from u)${refund ? sql`,
      refund as (${refund})` : sql``}
      select s.${id(sessions.id)} as "sessionId", u.${id(users.lastLogin)}::text as "lastLogin" from s, u`),
  );
  if (!opened) return null;
  const accessToken = await signAccessToken({ sub: user.id, sid: opened.sessionId, role: user.role });
  return { sessionId: opened.sessionId, accessToken, refreshToken, lastLogin: new Date(opened.lastLogin) };
}

const invalidRefresh = () => new AppError(401, 'INVALID_REFRESH_TOKEN', 'Refresh token is invalid or has expired. Please sign in again.');

/** Rotates a refresh token; a token presented after its rotation revokes the whole session. */
export async function rotateRefreshToken(presented: string, info: RequestInfo): Promise<IssuedTokens> {
  const db = getDb();
  const tokenHash = sha256(presented);
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: sessions })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update')
      .limit(1);
    if (!row) return { kind: 'invalid' as const };
    const { token, session } = row;
    if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
    if (token.usedAt && Date.now() - token.usedAt.getTime() > reuseGraceMs()) {
      await tx.update(sessions).set({ revokedAt: sql`now()`, revokedReason: 'refresh_token_reuse' }).where(eq(sessions.id, session.id));
      return { kind: 'reuse' as const, userId: session.userId, sessionId: session.id };
    }
    if (!token.usedAt) await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.tokenHash, tokenHash));
    await tx.update(sessions).set({ lastActive: sql`now()`, ip: info.ip }).where(eq(sessions.id, session.id));
    const [owner] = await tx.select({ role: users.role, deletedAt: users.deletedAt }).from(users).where(eq(users.id, session.userId));
    if (!owner || owner.deletedAt) return { kind: 'invalid' as const };
    const refreshToken = await insertRefreshToken(tx, session.id);
    const accessToken = await signAccessToken({ sub: session.userId, sid: session.id, role: owner.role });
    return { kind: 'ok' as const, tokens: { sessionId: session.id, accessToken, refreshToken } };
  });
  if (outcome.kind === 'reuse') {
    await recordSecurityEvent({
      userId: outcome.userId,
      type: 'token_refresh_reuse',
      details: 'A refresh token was used twice; the session was signed out to protect the account',
      success: false,
      ip: info.ip,
      userAgent: info.userAgent,
    });
    throw new AppError(401, 'REFRESH_TOKEN_REUSED', 'This session was signed out for your security. Please sign in again.');
  }
  if (outcome.kind === 'invalid') throw invalidRefresh();
  return outcome.tokens;
}

export async function revokeSession(sessionId: string, reason: string, db: Executor = getDb()): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()`, revokedReason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function sessionIdForRefreshToken(presented: string): Promise<string | null> {
  const [row] = await getDb()
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)))
    .limit(1);
  return row?.sessionId ?? null;
}

export async function revokeAllSessions(userId: string, reason: string, db: Executor = getDb()): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
}

const active = (userId: string) => and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));
/** The user's signed-in devices; the short e-mail-link sessions are not devices. */
const live = (userId: string) => and(active(userId), eq(sessions.purpose, 'sign_in'));

/** The user's signed-in devices, the current one marked (Settings → Active Sessions). */
export async function listSessions(userId: string, currentSessionId: string) {
  const rows = await getDb().select().from(sessions).where(live(userId)).orderBy(desc(sessions.lastActive));
  return rows.map((s) => ({
    id: s.id,
    _id: s.id,
    device: s.device,
    os: s.os,
    browser: s.browser,
    ip: s.ip,
    location: s.location,
    lastActive: s.lastActive.toISOString(),
    createdAt: s.createdAt.toISOString(),
    isCurrent: s.id === currentSessionId,
  }));
}

/** Ends one of the user's own sessions; another user's session id is simply not found. */
export async function revokeOwnSession(userId: string, sessionId: string, info: RequestInfo): Promise<void> {
  const [row] = await getDb()
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'signed_out_by_user' })
    .where(and(eq(sessions.id, sessionId), live(userId)))
    .returning({ device: sessions.device, os: sessions.os });
  if (!row) throw new AppError(404, 'NOT_FOUND', 'Session not found');
  await recordSecurityEvent({ userId, type: 'session_revoked', details: `Signed out ${row.device} on ${row.os}`, ip: info.ip, userAgent: info.userAgent });
}

export async function revokeOtherSessions(userId: string, currentSessionId: string, info: RequestInfo): Promise<number> {
  const rows = await getDb()
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'signed_out_by_user' })
    .where(and(active(userId), ne(sessions.id, currentSessionId)))
    .returning({ id: sessions.id });
  await recordSecurityEvent({ userId, type: 'sessions_revoked', details: `Signed out ${rows.length} other session(s)`, ip: info.ip, userAgent: info.userAgent });
  return rows.length;
}

export async function countOtherSessions(userId: string, currentSessionId: string): Promise<number> {
  const [row] = await getDb().select({ n: sql<number>`count(*)::int` }).from(sessions).where(and(live(userId), ne(sessions.id, currentSessionId)));
  return row?.n ?? 0;
}

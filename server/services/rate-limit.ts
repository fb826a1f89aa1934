import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb, type Executor } from '../db/client';
import { rateLimitHits } from '../db/schema';
import { AppError } from '../http/errors';

export interface RateLimitRule {
  /** Names the counter, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The first sentence of the 429 message, when "Too many attempts." would not say what. */
  refusal?: string;
}

/**
 * Hits are kept with their instant and a limit counts those of the last `windowSeconds`: a sliding
 * window. (Fixed windows forgot every hit at their boundary, so a burst around it got twice the
 * limit, and whether a limit held depended on the time of day.) Several hits of one key in the same
 * microsecond share a row.
 */
async function hitsInWindow(db: Executor, key: string, since: Date): Promise<{ at: number; count: number }[]> {
  const rows = await db
    .select({ at: rateLimitHits.windowStart, count: rateLimitHits.count })
    .from(rateLimitHits)
    .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.windowStart, since)))
    .orderBy(asc(rateLimitHits.windowStart));
  return rows.map((r) => ({ at: r.at.getTime(), count: r.count }));
}

/** Refused when the window already holds `limit` hits; then, how long until its oldest age out. */
async function check(db: Executor, rule: RateLimitRule, key: string, now: Date): Promise<{ refused: false } | { refused: true; retryAfterSeconds: number }> {
  const windowMs = rule.windowSeconds * 1000;
  const hits = await hitsInWindow(db, key, new Date(now.getTime() - windowMs));
  const total = hits.reduce((sum, h) => sum + h.count, 0);
  if (total < rule.limit) return { refused: false };
  // One place frees up once `total - limit + 1` hits, the oldest first, have left the window.
  let toAgeOut = total - rule.limit + 1;
  let freedAt = now.getTime() + windowMs;
  for (const h of hits) {
    toAgeOut -= h.count;
    if (toAgeOut <= 0) {
      freedAt = h.at + windowMs;
      break;
    }
  }
  return { refused: true, retryAfterSeconds: Math.max(1, Math.ceil((freedAt - now.getTime()) / 1000)) };
}

function tooMany(rule: RateLimitRule, retryAfterSeconds: number): AppError {
  const refusal = rule.refusal ?? 'Too many attempts.';
  return new AppError(429, 'RATE_LIMITED', `${refusal} Please try again in ${formatWait(retryAfterSeconds)}.`, { retryAfterSeconds });
}

async function record(db: Executor, key: string, now: Date): Promise<void> {
  await db
    .insert(rateLimitHits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({ target: [rateLimitHits.key, rateLimitHits.windowStart], set: { count: sql`${rateLimitHits.count} + 1` } });
}

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

/**
 * Counts a hit in Postgres, so the limit holds across every app instance, or throws 429 with
 * Retry-After when the window is full (a refused hit is not counted). One key's checks queue on an
 * advisory lock, so parallel requests cannot all pass the last free place.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string, now = new Date()): Promise<void> {
  if (config().RATE_LIMIT_DISABLED) return;
  const key = keyOf(rule, subject);
  await getDb().transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const verdict = await check(tx, rule, key, now);
    if (verdict.refused) throw tooMany(rule, verdict.retryAfterSeconds);
    await record(tx, key, now);
  });
}

/** For limits on failures only (wrong codes, wrong passwords): refuses once the window holds `limit` of them. */
export async function assertBelowFailureLimit(rule: RateLimitRule, subject: string, now = new Date()): Promise<void> {
  if (config().RATE_LIMIT_DISABLED) return;
  const verdict = await check(getDb(), rule, keyOf(rule, subject), now);
  if (verdict.refused) throw tooMany(rule, verdict.retryAfterSeconds);
}

export async function recordFailure(rule: RateLimitRule, subject: string, now = new Date()): Promise<void> {
  if (!config().RATE_LIMIT_DISABLED) await record(getDb(), keyOf(rule, subject), now);
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export async function purgeExpiredRateLimits(): Promise<void> {
  await getDb().execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`);
}

/** The limits of ARCHITECTURE.md "Auth": per IP and per account for every credential endpoint. */
export const RATE_LIMITS = {
  loginIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  loginAccount: { name: 'login:account', limit: 10, windowSeconds: 15 * 60 },
  registerIp: { name: 'register:ip', limit: 10, windowSeconds: 60 * 60 },
  forgotIp: { name: 'forgot:ip', limit: 10, windowSeconds: 60 * 60 },
  forgotAccount: { name: 'forgot:account', limit: 3, windowSeconds: 60 * 60 },
  resendIp: { name: 'resend:ip', limit: 10, windowSeconds: 60 * 60 },
  resendAccount: { name: 'resend:account', limit: 3, windowSeconds: 60 * 60 },
  resetIp: { name: 'reset:ip', limit: 20, windowSeconds: 60 * 60 },
  refreshIp: { name: 'refresh:ip', limit: 300, windowSeconds: 15 * 60 },
  // Each sends e-mail/SMS or starts a job: cheap to ask for, not free to answer.
  testNotificationUser: { name: 'test-notification:user', limit: 10, windowSeconds: 60 * 60 },
  dataExportUser: { name: 'data-export:user', limit: 3, windowSeconds: 60 * 60 },
  /** Check-ins sent now (not scheduled) to one client: a client's phone is not the coach's to flood. */
  immediateCheckInClient: { name: 'immediate-check-in:client', limit: 6, windowSeconds: 60 * 60, refusal: 'Too many immediate check-ins to this client this hour.' },
  /** Wrong passwords where a signed-in session re-proves the password (change, delete, 2FA off). */
  passwordCheckUser: { name: 'password-check:user', limit: 10, windowSeconds: 15 * 60 },
  adminLoginIp: { name: 'admin-login:ip', limit: 10, windowSeconds: 15 * 60 },
  adminLoginAccount: { name: 'admin-login:account', limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

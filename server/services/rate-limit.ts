import { PHONE_VERIFICATION_MESSAGES } from '@/lib/constants';
import { sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb } from '../db/client';
import { AppError } from '../http/errors';

export interface RateLimitRule {
  /** Names the counter, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** The first sentence of the 429 message, when "Too many attempts." would not say what. */
  refusal?: string;
}

function windowOf(rule: RateLimitRule, subject: string) {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  return { key: `${rule.name}:${subject}`, windowStart, windowEnds: windowStart.getTime() + windowMs };
}

function tooMany(rule: RateLimitRule, windowEnds: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil((windowEnds - Date.now()) / 1000));
  const refusal = rule.refusal ?? 'Too many attempts.';
  return new AppError(429, 'RATE_LIMITED', `${refusal} Please try again in ${formatWait(retryAfterSeconds)}.`, { retryAfterSeconds });
}

async function increment(rule: RateLimitRule, subject: string): Promise<{ count: number; windowEnds: number }> {
  const { key, windowStart, windowEnds } = windowOf(rule, subject);
  const rows = await getDb().execute<{ count: number }>(sql`
    insert into rate_limit_hits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key, window_start) do update set count = rate_limit_hits.count + 1
    returning count`);
  return { count: Number(rows[0]?.count ?? 0), windowEnds };
}

/** A counted hit, so it can be given back when the attempt turns out not to count (a right password). */
export interface RateLimitHit {
  key: string;
  windowStart: Date;
}

/**
 * Counts a hit in a fixed window stored in Postgres, so the limit holds across every app instance,
 * and throws 429 with Retry-After once the window's limit is passed. Counting before the work keeps
 * the bound exact under concurrent requests, which a check-then-record would not.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string): Promise<RateLimitHit | null> {
  if (config().RATE_LIMIT_DISABLED) return null;
  const { count, windowEnds } = await increment(rule, subject);
  if (count > rule.limit) throw tooMany(rule, windowEnds);
  const { key, windowStart } = windowOf(rule, subject);
  return { key, windowStart };
}

/** Gives back hits taken by `hitRateLimit` (in their own window; a window that has ended is left alone). */
export async function refundRateLimitHits(hits: (RateLimitHit | null)[]): Promise<void> {
  for (const hit of hits) {
    if (!hit) continue;
    await getDb().execute(sql`
      update rate_limit_hits set count = greatest(count - 1, 0)
      where key = ${hit.key} and window_start = ${hit.windowStart.toISOString()}`);
  }
}

/** For limits on failures only (wrong codes, wrong passwords): refuses once the window holds `limit` of them. */
export async function assertBelowFailureLimit(rule: RateLimitRule, subject: string): Promise<void> {
  if (config().RATE_LIMIT_DISABLED) return;
  const { key, windowStart, windowEnds } = windowOf(rule, subject);
  const [row] = await getDb().execute<{ count: number }>(sql`select count from rate_limit_hits where key = ${key} and window_start = ${windowStart.toISOString()}`);
  if (Number(row?.count ?? 0) >= rule.limit) throw tooMany(rule, windowEnds);
}

export async function recordFailure(rule: RateLimitRule, subject: string): Promise<void> {
  if (!config().RATE_LIMIT_DISABLED) await increment(rule, subject);
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
  /** Every sign-in from one address, whatever the door (coach or admin login) and the account. */
  loginIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from one address (docs/decisions.md "Sign-in limits"): the fast
   * limit, so an attacker's address is throttled while the owner's own address is not.
   */
  loginAccountIp: { name: 'login:account-ip', limit: 10, windowSeconds: 15 * 60 },
  /** Wrong passwords for one account from all addresses together: slower, against a distributed guess. */
  loginAccount: { name: 'login:account', limit: 50, windowSeconds: 60 * 60 },
  registerIp: { name: 'register:ip', limit: 10, windowSeconds: 60 * 60 },
  forgotIp: { name: 'forgot:ip', limit: 10, windowSeconds: 60 * 60 },
  /**
   * Reset and verification mails per account: 3 from one address, 6 from all together, so someone
   * else asking for the owner's mail cannot use up the owner's own requests (as for sign-in).
   */
  forgotAccountIp: { name: 'forgot:account-ip', limit: 3, windowSeconds: 60 * 60 },
  forgotAccount: { name: 'forgot:account', limit: 6, windowSeconds: 60 * 60 },
  resendIp: { name: 'resend:ip', limit: 10, windowSeconds: 60 * 60 },
  resendAccountIp: { name: 'resend:account-ip', limit: 3, windowSeconds: 60 * 60 },
  resendAccount: { name: 'resend:account', limit: 6, windowSeconds: 60 * 60 },
  resetIp: { name: 'reset:ip', limit: 20, windowSeconds: 60 * 60 },
  refreshIp: { name: 'refresh:ip', limit: 300, windowSeconds: 15 * 60 },
  // Each sends e-mail/SMS or starts a job: cheap to ask for, not free to answer.
  testNotificationUser: { name: 'test-notification:user', limit: 10, windowSeconds: 60 * 60 },
  dataExportUser: { name: 'data-export:user', limit: 3, windowSeconds: 60 * 60 },
  /** Phone verification codes texted for one account, and to one number from any account. */
  phoneCodeUser: { name: 'phone-code:user', limit: 5, windowSeconds: 60 * 60, refusal: PHONE_VERIFICATION_MESSAGES.sendRefused },
  phoneCodeNumber: { name: 'phone-code:number', limit: 5, windowSeconds: 24 * 60 * 60, refusal: PHONE_VERIFICATION_MESSAGES.sendRefused },
  /** Codes typed for one account, on top of the per-code attempt limit. */
  phoneConfirmUser: { name: 'phone-confirm:user', limit: 20, windowSeconds: 60 * 60 },
  /** Check-ins sent now (not scheduled) to one client: a client's phone is not the coach's to flood. */
  immediateCheckInClient: { name: 'immediate-check-in:client', limit: 6, windowSeconds: 60 * 60, refusal: 'Too many immediate check-ins to this client this hour.' },
  /** Wrong passwords where a signed-in session re-proves the password (change, delete, 2FA off). */
  passwordCheckUser: { name: 'password-check:user', limit: 10, windowSeconds: 15 * 60 },
  /** The admin door's own, stricter per-address limit, on top of `loginIp`. */
  adminLoginIp: { name: 'admin-login:ip', limit: 10, windowSeconds: 15 * 60 },
  /** An admin account's limits, whichever door its sign-in comes through. */
  adminLoginAccountIp: { name: 'admin-login:account-ip', limit: 5, windowSeconds: 15 * 60 },
  adminLoginAccount: { name: 'admin-login:account', limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

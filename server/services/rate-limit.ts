import { sql, type SQL } from 'drizzle-orm';
import { AI_PREVIEWS_PER_HOUR, PHONE_VERIFICATION_MESSAGES } from '@/lib/constants';
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

/**
 * Hits are kept with their instant and a limit counts those of the last `windowSeconds`: a sliding
 * window. (Fixed windows forgot every hit at their boundary, so a burst around it got twice the
 * limit, and whether a limit held depended on the time of day.) Several hits of one key in the same
 * microsecond share a row. The lock, the count and the insert run in Postgres's `rate_limit_hit`
 * (migration 0031): one round trip for a hit, or for several limits counted in order
 * (`hitRateLimits`).
 */
const hitCall = (rule: RateLimitRule, key: string, now: Date) =>
  sql`rate_limit_hit(${key}, ${rule.limit}, make_interval(secs => ${rule.windowSeconds}), ${now.toISOString()}::timestamptz)`;

function tooMany(rule: RateLimitRule, retryAfterSeconds: number): AppError {
  const refusal = rule.refusal ?? 'Too many attempts.';
  return new AppError(429, 'RATE_LIMITED', `${refusal} Please try again in ${formatWait(retryAfterSeconds)}.`, { retryAfterSeconds });
}

const keyOf = (rule: RateLimitRule, subject: string) => `${rule.name}:${subject}`;

/** A counted hit, so it can be given back when the attempt turns out not to count (a right password). */
export interface RateLimitHit {
  key: string;
  at: Date;
}

/**
 * Counts a hit in Postgres, so the limit holds across every app instance, or throws 429 with
 * Retry-After when the window is full (a refused hit is not counted). One key's checks queue on an
 * advisory lock, so parallel requests cannot all pass the last free place.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string, now = new Date()): Promise<RateLimitHit | null> {
  const [hit] = await hitRateLimits([{ rule, subject }], now);
  return hit ?? null;
}

/** A limit and the subject it counts for (an address, an account). */
export interface RateLimitCount {
  rule: RateLimitRule;
  subject: string;
}

const retryColumn = (i: number) => sql.identifier(`r${i}`);

/**
 * Counts several limits in one round trip, in their order, as `hitRateLimit` one after another
 * would: the first full window throws 429 and the limits after it are not counted. Each limit is a
 * level of nested subqueries (`offset 0` keeps Postgres from flattening them), and a limit's
 * `case` calls `rate_limit_hit` only while every earlier one returned null (counted). The earlier
 * limits' advisory locks are held until the statement ends; every caller names its limits in the
 * same order (the address's before the account's), so two requests never wait on each other.
 */
export async function hitRateLimits(counts: RateLimitCount[], now = new Date()): Promise<(RateLimitHit | null)[]> {
  if (config().RATE_LIMIT_DISABLED || counts.length === 0) return counts.map(() => null);
  const keys = counts.map(({ rule, subject }) => keyOf(rule, subject));
  const statement = counts.slice(1).reduce(
    (inner, { rule }, index) => {
      const earlier = sql.join(
        counts.slice(0, index + 1).map((_, i) => sql`q.${retryColumn(i)}`),
        sql`, `,
      );
      return sql`select q.*, case when num_nonnulls(${earlier}) = 0 then ${hitCall(rule, keys[index + 1]!, now)} end as ${retryColumn(index + 1)} from (${inner} offset 0) q`;
    },
    sql`select ${hitCall(counts[0]!.rule, keys[0]!, now)} as ${retryColumn(0)}`,
  );
  const [row] = await getDb().execute<Record<string, number | null>>(statement);
  const refused = counts.findIndex((_, i) => row?.[`r${i}`] != null);
  if (refused >= 0) throw tooMany(counts[refused]!.rule, Math.max(1, row![`r${refused}`]!));
  return keys.map((key) => ({ key, at: now }));
}

/**
 * The statement that gives back hits taken by `hitRateLimit(s)`, run alone or as a CTE of another
 * write (the sign-in's session); null when there is nothing to give back. The hits are a row list,
 * not one array parameter as elsewhere (decision 0113): the sign-in's statement runs prepared, which
 * takes scalar parameters only, and a sign-in always gives back two hits or none.
 */
export function refundStatement(hits: (RateLimitHit | null)[]): SQL | null {
  const given = hits.filter((hit) => hit !== null);
  if (given.length === 0) return null;
  const pairs = sql.join(
    given.map((hit) => sql`(${hit.key}, ${hit.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  return sql`update rate_limit_hits h set count = greatest(h.count - 1, 0) where (h.key, h.window_start) in (${pairs})`;
}

/** Gives back hits taken by `hitRateLimit(s)`, in one statement. */
export async function refundRateLimitHits(hits: (RateLimitHit | null)[]): Promise<void> {
  const statement = refundStatement(hits);
  if (statement) await getDb().execute(statement);
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

export async function purgeExpiredRateLimits(): Promise<void> {
  await getDb().execute(sql`delete from rate_limit_hits where window_start < now() - interval '1 day'`);
}

/** The limits of product §1.9 and decision 0010: per IP and per account for every credential endpoint. */
export const RATE_LIMITS = {
  /** Every sign-in from one address, whatever the door (coach or admin login) and the account. */
  loginIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  /**
   * Wrong passwords for one account from one address (decision 0068): the fast
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
  /**
   * The coach's own texts to a client (Conversation tab): the same counter as check-ins sent now
   * (same name), so together they stay within six an hour; only the refusal names both.
   */
  textsToClient: { name: 'immediate-check-in:client', limit: 6, windowSeconds: 60 * 60, refusal: 'Too many texts to this client this hour (check-ins sent now and messages count together).' },
  /**
   * AI previews of one coach (check-in previews and milestone generations together): each is an
   * AI call that texts no one, so without this only the plan's monthly quota bounds a loop of them.
   */
  aiPreviewCoach: {
    name: 'ai-preview:coach',
    limit: AI_PREVIEWS_PER_HOUR,
    windowSeconds: 60 * 60,
    refusal: `Too many AI previews this hour (at most ${AI_PREVIEWS_PER_HOUR}; check-in previews and generated milestones count together).`,
  },
  /** Wrong passwords where a signed-in session re-proves the password (change, delete, 2FA off). */
  passwordCheckUser: { name: 'password-check:user', limit: 10, windowSeconds: 15 * 60 },
  /** The admin door's own, stricter per-address limit, on top of `loginIp`. */
  adminLoginIp: { name: 'admin-login:ip', limit: 10, windowSeconds: 15 * 60 },
  /** An admin account's limits, whichever door its sign-in comes through. */
  adminLoginAccountIp: { name: 'admin-login:account-ip', limit: 5, windowSeconds: 15 * 60 },
  adminLoginAccount: { name: 'admin-login:account', limit: 20, windowSeconds: 60 * 60 },
} satisfies Record<string, RateLimitRule>;

import { sql } from 'drizzle-orm';
import { config } from '../config';
import { getDb } from '../db/client';
import { AppError } from '../http/errors';

export interface RateLimitRule {
  /** Names the counter, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/**
 * Counts a hit in a fixed window stored in Postgres, so the limit holds across every app instance,
 * and throws 429 with Retry-After once the window's limit is passed.
 */
export async function hitRateLimit(rule: RateLimitRule, subject: string): Promise<void> {
  if (config().RATE_LIMIT_DISABLED) return;
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs);
  const key = `${rule.name}:${subject}`;
  const rows = await getDb().execute<{ count: number }>(sql`
    insert into rate_limit_hits (key, window_start, count) values (${key}, ${windowStart.toISOString()}, 1)
    on conflict (key, window_start) do update set count = rate_limit_hits.count + 1
    returning count`);
  const count = Number(rows[0]?.count ?? 0);
  if (count > rule.limit) {
    const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - Date.now()) / 1000));
    throw new AppError(429, 'RATE_LIMITED', `Too many attempts. Please try again in ${formatWait(retryAfterSeconds)}.`, {
      retryAfterSeconds,
    });
  }
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
  adminLoginIp: { name: 'admin-login:ip', limit: 10, windowSeconds: 15 * 60 },
  adminLoginAccount: { name: 'admin-login:account', limit: 5, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

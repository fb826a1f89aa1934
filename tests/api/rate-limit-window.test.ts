import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { RateLimitRule } from '../../server/services/rate-limit';

/**
 * The limits count the hits of the last `windowSeconds` (a sliding window kept in Postgres): a burst
 * around any boundary is still one burst, so a limit holds, and a test of it passes, whatever the
 * time of day. The clock is a parameter here.
 */

type RateLimit = typeof import('../../server/services/rate-limit');
let limits: RateLimit;
let closeDb: () => Promise<void>;

beforeAll(async () => {
  process.env.DATABASE_URL = inject('databaseUrl');
  delete process.env.RATE_LIMIT_DISABLED;
  limits = await import('../../server/services/rate-limit');
  ({ closeDb } = await import('../../server/db/client'));
});
afterAll(() => closeDb?.());

const MINUTE = 60_000;
/** A window boundary of the one-minute rule below. */
const BOUNDARY = Date.parse('2031-05-06T07:08:00Z');
const at = (offsetMs: number) => new Date(BOUNDARY + offsetMs);
const rule = (): RateLimitRule => ({ name: `window-test-${randomUUID()}`, limit: 3, windowSeconds: 60 });

async function refusal(p: Promise<unknown>): Promise<{ status: number; retryAfterSeconds?: number } | null> {
  try {
    await p;
    return null;
  } catch (error) {
    const e = error as { status: number; extra: { retryAfterSeconds?: number } };
    return { status: e.status, retryAfterSeconds: e.extra.retryAfterSeconds };
  }
}

describe('sliding-window rate limits', () => {
  it('refuses a burst that straddles a minute boundary, until its oldest hit has left the window', async () => {
    const r = rule();
    for (const ms of [-3000, -2000, -1000]) expect(await refusal(limits.hitRateLimit(r, 'a', at(ms)))).toBeNull();
    // Fixed windows started counting afresh at the boundary and let this one through.
    expect(await refusal(limits.hitRateLimit(r, 'a', at(1000)))).toEqual({ status: 429, retryAfterSeconds: 56 });
    expect((await refusal(limits.hitRateLimit(r, 'a', at(MINUTE - 3500))))?.status).toBe(429);
    // The hit of -3 s has left: one place is free, and taken.
    expect(await refusal(limits.hitRateLimit(r, 'a', at(MINUTE - 2500)))).toBeNull();
    expect(await refusal(limits.hitRateLimit(r, 'a', at(MINUTE - 2400)))).toEqual({ status: 429, retryAfterSeconds: 1 });
  });

  it('lets exactly the limit through when the hits arrive in parallel', async () => {
    const r = rule();
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => refusal(limits.hitRateLimit(r, 'b', at(0)))));
    expect(outcomes.filter((o) => o === null)).toHaveLength(r.limit);
    expect(outcomes.filter((o) => o?.status === 429)).toHaveLength(10 - r.limit);
  });

  it('gives a refunded hit back', async () => {
    const r = rule();
    const hits = [];
    for (const ms of [-3000, -2000, -1000]) hits.push(await limits.hitRateLimit(r, 'd', at(ms)));
    expect((await refusal(limits.hitRateLimit(r, 'd', at(0))))?.status).toBe(429);
    await limits.refundRateLimitHits([hits[1]!]);
    expect(await refusal(limits.hitRateLimit(r, 'd', at(500)))).toBeNull();
    expect((await refusal(limits.hitRateLimit(r, 'd', at(600))))?.status).toBe(429);
  });
});

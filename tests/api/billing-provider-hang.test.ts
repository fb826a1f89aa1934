import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SetupIntent } from '@/lib/schemas/billing';
import { client, uniqueIp } from '../helpers/http';
import { startFakeStripe, type FakeStripe } from '../helpers/fake-stripe';
import { startStack, type Stack } from '../helpers/stack';
import { openDb, signedInUser, type ApiRequest, type Db } from './helpers-auth';
import { eventually } from './engine-helpers';
import { ADDRESS } from './helpers-billing';

// Issue 14: a payment provider that hangs must not hold database connections. The app runs with a
// small pool and the fake Stripe leaves every subscription call unanswered until the test lets go.
const POOL = 4;
const CHANGES = POOL + 2;
/** Calls are held until the test lets go: an answer slower than this means the request queued for a connection (margin for a loaded CI machine). */
const QUICK_MS = 10_000;

let fake: FakeStripe;
let stack: Stack;
let request: ApiRequest;
let db: Db;
let coaches: Awaited<ReturnType<typeof coachWithCard>>[];
let bystander: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  stack = await startStack({
    LOG_LEVEL: 'error',
    DB_POOL_MAX: String(POOL),
    RATE_LIMIT_DISABLED: 'true',
    STRIPE_SECRET_KEY: 'sk_test_cadence_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_cadence_fake',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_cadence_fake_secret',
    STRIPE_API_BASE: fake.url,
  });
  request = client(stack.baseUrl);
  db = openDb(stack.databaseUrl);
  // One after another: set up in parallel, the old code's card setups already starved the pool (a
  // transaction open across the Stripe call, waiting for a second connection to meter it).
  coaches = [];
  for (let i = 0; i < CHANGES; i += 1) coaches.push(await coachWithCard());
  bystander = await signedInUser(request, stack.outboxDir);
});

afterAll(async () => {
  await db?.end();
  await stack?.stop();
  await fake?.close();
});

async function coachWithCard() {
  const me = await signedInUser(request, stack.outboxDir);
  const intent = await request<SetupIntent>('POST', '/billing/setup-intent', { token: me.accessToken });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  const paymentMethodId = fake.confirmSetupIntent(intent.body.clientSecret);
  const saved = await request('POST', '/billing/payment-methods', { token: me.accessToken, body: { paymentMethodId, billingAddress: ADDRESS } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return me;
}

/** One request that gives up after `ms`: a request stuck behind a busy pool fails the test instead of hanging it. */
async function timed(method: string, path: string, token: string, body?: unknown, ms = QUICK_MS) {
  const started = performance.now();
  const res = await fetch(`${stack.baseUrl}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-forwarded-for': uniqueIp() },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(ms),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, ms: performance.now() - started };
}

describe('a hanging payment provider', () => {
  it('holds no database connection: other requests answer at once, a second change of the same user is 409', { timeout: 60_000 }, async () => {
    const release = fake.hold(/^\/v1\/subscriptions/);
    let changes: Promise<number>[] = [];
    try {
      changes = coaches.map((c) =>
        fetch(`${stack.baseUrl}/api/billing/subscription`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${c.accessToken}`, 'content-type': 'application/json', 'x-forwarded-for': uniqueIp() },
          body: JSON.stringify({ planId: 'beta' }),
        }).then(
          (res) => res.status,
          // Seen as a failed status rather than an unhandled rejection when the stack stops first.
          () => -1,
        ),
      );
      // Every change reaches Stripe when none waits for a connection another one holds.
      await eventually(async () => fake.held(), (n) => n >= CHANGES, 10_000, 'every plan change held at Stripe');
      expect(fake.held()).toBe(CHANGES);

      // Meanwhile the rest of the app answers quickly: reads and writes that need the database.
      const [billing, profile, health] = await Promise.all([
        timed('GET', '/billing', bystander.accessToken),
        timed('GET', '/users/profile', bystander.accessToken),
        timed('GET', '/health', bystander.accessToken),
      ]);
      expect(billing.status, JSON.stringify(billing.body)).toBe(200);
      expect(profile.status, JSON.stringify(profile.body)).toBe(200);
      expect(health.status).toBe(200);

      // A second change of a user whose change is still with Stripe is refused at once, not queued.
      const second = await timed('PUT', '/billing/subscription', coaches[0]!.accessToken, { planId: 'full' });
      expect(second.status, JSON.stringify(second.body)).toBe(409);
      expect(second.body).toMatchObject({ error: 'BILLING_CHANGE_IN_PROGRESS' });
      expect(String(second.body.message)).toMatch(/in progress/i);
    } finally {
      release();
    }

    // Once Stripe answers every change completes, and each user is charged once.
    expect(await Promise.all(changes)).toEqual(Array(CHANGES).fill(200));
    for (const c of coaches) {
      const rows = await db<{ plan_id: string; n: string }[]>`
        select u.plan_id, (select count(*) from transactions t where t.user_id = u.id and t.status = 'succeeded') as n
        from users u where u.id = ${c.user.id}`;
      expect(rows[0]).toMatchObject({ plan_id: 'beta', n: '1' });
    }
    // The intent of each change was settled, so the next change is not refused.
    const after = await timed('PUT', '/billing/subscription', coaches[0]!.accessToken, { planId: 'full' }, 15_000);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });
});

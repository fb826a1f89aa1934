import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { PlanChangeAnswer, RefundAnswer, RevenueAnalyticsAnswer, RevenueStatsAnswer, SubscribersAnswer, TransactionsAnswer } from '@/lib/schemas/admin';
import type { BillingInfo } from '@/lib/schemas/billing';
import { client } from '../helpers/http';
import { GOOD_PASSWORD, loginAs, openDb, type Db, type ErrorBody } from './helpers-auth';
import { insertCoach, signedInAdmin, whenStable, type CoachRow, type TestAdmin } from './admin-helpers';

/**
 * Product §2.3 Revenue analytics, Admin revenue metrics and Admin transaction view; §2.4 refunds and
 * plan changes; §7. The dataset lives in December 2021 - March 2022, where no other test writes.
 */
const request = client(inject('baseUrl'));
let db: Db;
let admin: TestAdmin;
let c1: CoachRow;
let c2: CoachRow;
let c3: CoachRow;
const tx: Record<string, string> = {};
/** A dataset transaction's id by name. */
const T = (name: string) => tx[name]!;

const RANGE = 'startDate=2022-02-01&endDate=2022-03-31&timezone=UTC';

async function subscription(userId: string, plan: string, priceCents: number, createdAt: string, status: 'active' | 'canceled' = 'active', canceledAt: string | null = null) {
  await db`
    insert into subscriptions (user_id, plan_id, status, provider, price_cents, current_period_start, current_period_end, created_at, canceled_at)
    values (${userId}, ${plan}, ${status}, 'local', ${priceCents}, ${createdAt}, ${createdAt}::timestamptz + interval '30 days', ${createdAt}, ${canceledAt})`;
}

async function transaction(name: string, userId: string, plan: string, cents: number, date: string, status: string, invoiceUrl: string | null = null) {
  const [row] = await db<{ id: string }[]>`
    insert into transactions (user_id, plan_id, description, amount_cents, status, date, invoice_url, provider_invoice_id)
    values (${userId}, ${plan}, ${`${plan} plan — ${name}`}, ${cents}, ${status}, ${date}, ${invoiceUrl}, ${`local_in_${name}`})
    returning id`;
  tx[name] = row!.id;
}

beforeAll(async () => {
  db = openDb(inject('databaseUrl'));
  admin = await signedInAdmin(request, db);
  c1 = await insertCoach(db, { firstName: 'Pro', lastName: 'Payer', plan: 'professional', createdAt: new Date('2022-01-05T10:00:00Z') });
  c2 = await insertCoach(db, { firstName: 'Basic', lastName: 'Payer', plan: 'basic', createdAt: new Date('2022-02-01T12:00:00Z') });
  c3 = await insertCoach(db, { firstName: 'Gone', lastName: 'Payer', plan: 'free', createdAt: new Date('2021-12-15T10:00:00Z') });

  await subscription(c1.id, 'professional', 9900, '2022-01-10T10:00:00Z');
  await subscription(c2.id, 'basic', 1900, '2022-02-15T10:00:00Z');
  await subscription(c3.id, 'basic', 1900, '2021-12-20T10:00:00Z', 'canceled', '2022-02-25T10:00:00Z');

  await transaction('c1-jan', c1.id, 'professional', 9900, '2022-01-10T10:00:00Z', 'succeeded');
  await transaction('c1-feb', c1.id, 'professional', 9900, '2022-02-10T10:00:00Z', 'succeeded', 'https://invoices.example/c1-feb');
  await transaction('c1-mar', c1.id, 'professional', 9900, '2022-03-10T10:00:00Z', 'succeeded');
  await transaction('c1-mar-failed', c1.id, 'professional', 9900, '2022-03-11T10:00:00Z', 'failed');
  await transaction('c2-feb', c2.id, 'basic', 1900, '2022-02-15T10:00:00Z', 'succeeded');
  await transaction('c2-mar', c2.id, 'basic', 1900, '2022-03-15T10:00:00Z', 'succeeded');
  await transaction('c2-mar-pending', c2.id, 'basic', 1900, '2022-03-20T10:00:00Z', 'pending');
  await transaction('c3-jan', c3.id, 'basic', 1900, '2022-01-20T10:00:00Z', 'succeeded');
  await transaction('c3-feb-refunded', c3.id, 'basic', 1900, '2022-02-20T10:00:00Z', 'refunded');
});

afterAll(async () => {
  await db`delete from users where id in (${c1.id}, ${c2.id}, ${c3.id})`;
  await db.end();
});

describe('GET /admin/revenue/stats', () => {
  it('answers revenue, active subscriptions, churn and ARPU with changes against the previous period', async () => {
    const res = await request<RevenueStatsAnswer>('GET', `/admin/revenue/stats?${RANGE}`, { token: admin.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Feb-Mar 2022: 99 + 99 + 19 + 19 (the refunded, failed and pending ones do not count).
    expect(res.body.metrics).toMatchObject({
      totalRevenue: 236,
      activeSubscriptions: 2,
      churnRate: 33.3,
      averageRevenuePerUser: 118,
      payingUsers: 2,
      newSubscriptions: 1,
      cancellations: 1,
      activeAtStart: 2,
      // The 59 days before: 99 + 19 from two payers, two subscriptions started, none cancelled.
      previous: { totalRevenue: 118, activeSubscriptions: 2, churnRate: 0, averageRevenuePerUser: 59 },
      changes: { totalRevenue: 100, activeSubscriptions: 0, averageRevenuePerUser: 100, churnRate: 33.3 },
    });
    expect(res.body.previousPeriod).toEqual({ startDate: '2021-12-04T00:00:00.000Z', endDate: '2022-02-01T00:00:00.000Z' });
  });

  it('has no change figure when the previous period had nothing', async () => {
    const res = await request<RevenueStatsAnswer>('GET', '/admin/revenue/stats?startDate=2021-12-01&endDate=2021-12-31&timezone=UTC', {
      token: admin.token,
    });
    expect(res.body.metrics.totalRevenue).toBe(0);
    expect(res.body.metrics.changes.totalRevenue).toBeNull();
  });
});

describe('GET /admin/revenue/analytics', () => {
  it('answers revenue over time, plan distribution, churn per month and top revenue users from the records', async () => {
    const fromSql = async () =>
      Object.fromEntries(
        (await db<{ plan: string; n: number }[]>`select plan_id as plan, count(*)::int as n from users where role = 'coach' and deleted_at is null group by 1`).map((r) => [r.plan, r.n]),
      );
    await whenStable(
      fromSql,
      () => request<RevenueAnalyticsAnswer>('GET', `/admin/revenue/analytics?${RANGE}`, { token: admin.token }),
      (res, usersPerPlan) => {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const b = res.body;
        expect(b.interval).toBe('day');
        expect(b.revenueOverTime).toHaveLength(59);
        expect(b.revenueOverTime[0]!.date).toBe('2022-02-01');
        expect(b.revenueOverTime.at(-1)!.date).toBe('2022-03-31');
        const nonZero = b.revenueOverTime.filter((r) => r.revenue || r.subscriptions || r.users);
        expect(nonZero).toEqual([
          { date: '2022-02-01', revenue: 0, subscriptions: 0, users: 1 },
          { date: '2022-02-10', revenue: 99, subscriptions: 0, users: 0 },
          { date: '2022-02-15', revenue: 19, subscriptions: 1, users: 0 },
          { date: '2022-03-10', revenue: 99, subscriptions: 0, users: 0 },
          { date: '2022-03-15', revenue: 19, subscriptions: 0, users: 0 },
        ]);
        const total = Object.values(usersPerPlan).reduce((a, n) => a + n, 0);
        const plan = (id: string) => b.planDistribution.find((p) => p.plan === id)!;
        expect(b.planDistribution.slice(0, 4).map((p) => p.plan)).toEqual(['free', 'basic', 'professional', 'enterprise']);
        expect(plan('professional')).toMatchObject({ users: usersPerPlan.professional ?? 0, revenue: 198, percentage: Math.round(((usersPerPlan.professional ?? 0) / total) * 1000) / 10 });
        expect(plan('basic')).toMatchObject({ users: usersPerPlan.basic ?? 0, revenue: 38 });
        expect(plan('enterprise')).toMatchObject({ users: usersPerPlan.enterprise ?? 0, revenue: 0 });
        expect(b.churnAnalysis).toEqual([
          { month: '2022-02', churnRate: 33.3, newSignups: 1, newSubscriptions: 1, cancellations: 1 },
          { month: '2022-03', churnRate: 0, newSignups: 0, newSubscriptions: 0, cancellations: 0 },
        ]);
        expect(b.topUsers).toEqual([
          { id: c1.id, _id: c1.id, name: 'Pro Payer', email: c1.email, plan: 'professional', revenue: 198, monthlyRevenue: 99, payments: 2, joinDate: '2022-01-05T10:00:00.000Z' },
          { id: c2.id, _id: c2.id, name: 'Basic Payer', email: c2.email, plan: 'basic', revenue: 38, monthlyRevenue: 19, payments: 2, joinDate: '2022-02-01T12:00:00.000Z' },
        ]);
        expect(b.metrics.totalRevenue).toBe(236);
      },
    );
  });
});

describe('GET /admin/billing/transactions', () => {
  it('answers the transaction view newest first, searchable and limited', async () => {
    const res = await request<TransactionsAnswer>('GET', `/admin/billing/transactions?limit=50&search=${encodeURIComponent(c1.email)}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.transactions.map((t) => [t.id, t.status, t.amount])).toEqual([
      [T('c1-mar-failed'), 'failed', 99],
      [T('c1-mar'), 'succeeded', 99],
      [T('c1-feb'), 'succeeded', 99],
      [T('c1-jan'), 'succeeded', 99],
    ]);
    expect(res.body.transactions[2]).toMatchObject({
      date: '2022-02-10T10:00:00.000Z',
      description: 'professional plan — c1-feb',
      invoiceUrl: 'https://invoices.example/c1-feb',
      userId: c1.id,
      userName: 'Pro Payer',
      email: c1.email,
      plan: 'professional',
    });
    const limited = await request<TransactionsAnswer>('GET', '/admin/billing/transactions?limit=2', { token: admin.token });
    expect(limited.body.transactions).toHaveLength(2);
    const all = await request<TransactionsAnswer>('GET', '/admin/billing/transactions', { token: admin.token });
    expect(all.body.transactions.length).toBeLessThanOrEqual(50);
    expect((await request('GET', '/admin/billing/transactions?limit=0', { token: admin.token })).status).toBe(400);
  });

  it('lists users with their plan for the plan change', async () => {
    const res = await request<SubscribersAnswer>('GET', `/admin/billing/subscribers?search=${encodeURIComponent(c3.email)}`, {
      token: admin.token,
    });
    expect(res.body.users).toEqual([expect.objectContaining({ id: c3.id, plan: 'free', subscriptionStatus: 'canceled' })]);
  });
});

describe('POST /admin/billing/refund/{id}', () => {
  it('refunds a succeeded transaction once and records who and why', async () => {
    const res = await request<RefundAnswer>(
      'POST',
      `/admin/billing/refund/${T('c1-mar')}`,
      { token: admin.token, body: { reason: 'Charged twice' } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Transaction refunded successfully');
    expect(res.body.transaction).toMatchObject({ status: 'refunded', refundReason: 'Charged twice', refundedBy: { id: admin.id } });
    const [row] = await db<{ status: string; refunded_by: string; refund_reason: string; refunded_at: Date; provider_refund_id: string }[]>`
      select status, refunded_by, refund_reason, refunded_at, provider_refund_id from transactions where id = ${T('c1-mar')}`;
    expect(row).toMatchObject({ status: 'refunded', refunded_by: admin.id, refund_reason: 'Charged twice' });
    expect(row!.refunded_at).toBeInstanceOf(Date);
    expect(row!.provider_refund_id).toMatch(/^re_local_/);

    const again = await request<ErrorBody>('POST', `/admin/billing/refund/${T('c1-mar')}`, { token: admin.token, body: { reason: 'Again' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'ALREADY_REFUNDED', message: 'This transaction has already been refunded' });

    const audit = await db<{ details: string }[]>`select details from security_log where user_id = ${admin.id} and type = 'admin_action' and details like ${`%${T('c1-mar')}%`}`;
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toContain('Reason: Charged twice');

    // Revenue is net of the refund.
    const stats = await request<RevenueStatsAnswer>('GET', `/admin/revenue/stats?${RANGE}`, { token: admin.token });
    expect(stats.body.metrics.totalRevenue).toBe(137);
  });

  it('refunds only once when two refunds race', async () => {
    const [a, b] = await Promise.all([
      request('POST', `/admin/billing/refund/${T('c2-mar')}`, { token: admin.token, body: { reason: 'Race one' } }),
      request('POST', `/admin/billing/refund/${T('c2-mar')}`, { token: admin.token, body: { reason: 'Race two' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const audit = await db`select id from security_log where type = 'admin_action' and details like ${`%${T('c2-mar')}%`}`;
    expect(audit).toHaveLength(1);
  });

  it('refuses failed, pending and refunded transactions, unknown ids and a missing reason', async () => {
    for (const name of ['c1-mar-failed', 'c2-mar-pending']) {
      const res = await request<ErrorBody>('POST', `/admin/billing/refund/${tx[name]}`, { token: admin.token, body: { reason: 'x' } });
      expect(res.status, name).toBe(400);
      expect(res.body).toMatchObject({ error: 'NOT_REFUNDABLE', message: 'Only succeeded (paid) transactions can be refunded' });
    }
    expect((await request('POST', `/admin/billing/refund/${T('c3-feb-refunded')}`, { token: admin.token, body: { reason: 'x' } })).status).toBe(409);
    expect((await request('POST', `/admin/billing/refund/${c1.id}`, { token: admin.token, body: { reason: 'x' } })).status).toBe(404);
    const noReason = await request<ErrorBody>('POST', `/admin/billing/refund/${T('c1-feb')}`, { token: admin.token, body: { reason: '  ' } });
    expect(noReason.status).toBe(400);
    const [row] = await db<{ status: string }[]>`select status from transactions where id = ${T('c1-feb')}`;
    expect(row!.status).toBe('succeeded');
  });
});

describe('PUT /admin/users/{userId}/plan', () => {
  it('moves a user to another plan; the running subscription follows and a pending cancellation is withdrawn', async () => {
    await db`update subscriptions set cancel_at_period_end = true, canceled_at = now() where user_id = ${c2.id}`;
    const res = await request<PlanChangeAnswer>('PUT', `/admin/users/${c2.id}/plan`, {
      token: admin.token,
      body: { plan: 'professional' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('User plan updated to Pro successfully');
    expect(res.body.user).toMatchObject({ id: c2.id, plan: 'professional', previousPlan: 'basic' });
    const [user] = await db<{ plan_id: string }[]>`select plan_id from users where id = ${c2.id}`;
    expect(user!.plan_id).toBe('professional');
    const [sub] = await db<{ plan_id: string; price_cents: number; status: string; cancel_at_period_end: boolean }[]>`
      select plan_id, price_cents, status, cancel_at_period_end from subscriptions where user_id = ${c2.id}`;
    expect(sub).toEqual({ plan_id: 'professional', price_cents: 9900, status: 'active', cancel_at_period_end: false });
    const audit = await db`select id from security_log where user_id = ${admin.id} and details like ${`Changed the plan of ${c2.email} from basic to professional; subscription moved to the new plan, its cancellation withdrawn`}`;
    expect(audit).toHaveLength(1);
  });

  it('shows the coach the plan the admin chose, by the same name and price, among the listed plans in price order', async () => {
    const coach = await loginAs(request, c2.email, GOOD_PASSWORD);
    const billing = await request<BillingInfo>('GET', '/billing', { token: coach.token });
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({ plan: 'professional', planName: 'Pro', priceCents: 9900, cancelAtPeriodEnd: false });
    expect(billing.body.nextBillingDate).not.toBeNull();
    expect(billing.body.plans.map((p) => [p.id, p.name, p.priceCents])).toEqual([
      ['free', 'Free', 0],
      ['beta', 'Beta', 2999],
      ['professional', 'Pro', 9900],
      ['full', 'Full', 24999],
    ]);
  });

  it('moving to free cancels the paid subscription', async () => {
    const res = await request<PlanChangeAnswer>('PUT', `/admin/users/${c1.id}/plan`, { token: admin.token, body: { plan: 'free' } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User plan updated to Free successfully');
    const [sub] = await db<{ status: string; canceled_at: Date | null }[]>`select status, canceled_at from subscriptions where user_id = ${c1.id}`;
    expect(sub!.status).toBe('canceled');
    expect(sub!.canceled_at).toBeInstanceOf(Date);
  });

  it('refuses an unknown plan or user', async () => {
    const plan = await request<ErrorBody>('PUT', `/admin/users/${c3.id}/plan`, { token: admin.token, body: { plan: 'gold' } });
    expect(plan.status).toBe(400);
    expect(plan.body.message).toBe('Plan must be one of free, basic, professional, enterprise');
    expect((await request('PUT', `/admin/users/${T('c1-jan')}/plan`, { token: admin.token, body: { plan: 'basic' } })).status).toBe(404);
  });
});

/**
 * The administrator's billing side (product §2.2 Billing and Revenue Analytics, §2.4 refunds and plan
 * changes, §2.7): revenue metrics with their change against the previous period, revenue analytics,
 * the transaction list, refunds and plan changes. Every figure is an SQL aggregate over
 * transactions, subscriptions and users.
 *
 * Definitions (decisions 0031 and 0032):
 * - revenue: amounts of transactions with status succeeded dated in the period (a refunded one is
 *   no longer succeeded, so revenue is net of refunds);
 * - a subscription counts while it is paid (not plan free, not incomplete) from its creation until
 *   it is cancelled (status canceled, at canceled_at);
 * - churn of a period: subscriptions cancelled in it ÷ (active at its start + started in it);
 * - average revenue per user: revenue ÷ distinct users who paid in the period.
 */
import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { ADMIN_LIMITS, ADMIN_MESSAGES, ADMIN_PLANS, type AdminPlanId } from '@/lib/constants';
import { getPlan, PLAN_IDS, PLANS } from '@/lib/plans';
import type { DateRange } from '@/lib/schemas/admin';
import { z } from 'zod';
import { TRANSACTION_STATUSES } from '@/lib/schemas/admin';
import { getDb } from '../db/client';
import { log } from '../log';
import { queryRows } from '../db/query-rows';
import { reportUserRow } from './reporting/rows';
import { subscriptions, transactions, users } from '../db/schema';
import type { AuthUser } from '../auth/guards';
import { AppError, notFound } from '../http/errors';
import type { RequestInfo } from '../http/request-info';
import { paymentsProvider } from '../providers/payments';
import { recordAdminAction } from './admin-audit';
import { notifyBillingChanged, providerFailure } from './billing/account';
import { withBillingOperation } from './billing/operations';
import { at, BUCKET_FORMAT, COACHES, displayName, intervalFor, percent, round } from './admin-usage';

type TransactionRow = typeof transactions.$inferSelect;

const dollars = (cents: number) => round(cents / 100, 2);

/** Paid subscriptions with the instant each ended (null while it runs). */
const PAID_SUBSCRIPTIONS = sql`
  select user_id, plan_id, created_at,
         case when status = 'canceled' then coalesce(canceled_at, updated_at) end as ended_at
  from subscriptions
  where status <> 'incomplete' and plan_id <> 'free'`;

const windowRow = z.object({
  revenue_cents: z.number(),
  paying_users: z.number(),
  active_at_start: z.number(),
  active_at_end: z.number(),
  new_subscriptions: z.number(),
  cancellations: z.number(),
});

async function windowFigures(from: Date, to: Date) {
  const [r] = await queryRows(
    windowRow,
    sql`
    with subs as (${PAID_SUBSCRIPTIONS})
    select
      (select coalesce(sum(amount_cents), 0)::float8 from transactions where status = 'succeeded' and date >= ${at(from)} and date < ${at(to)}) as revenue_cents,
      (select count(distinct user_id)::int from transactions where status = 'succeeded' and date >= ${at(from)} and date < ${at(to)}) as paying_users,
      (select count(*)::int from subs where created_at < ${at(from)} and (ended_at is null or ended_at >= ${at(from)})) as active_at_start,
      (select count(*)::int from subs where created_at < ${at(to)} and (ended_at is null or ended_at >= ${at(to)})) as active_at_end,
      (select count(*)::int from subs where created_at >= ${at(from)} and created_at < ${at(to)}) as new_subscriptions,
      (select count(*)::int from subs where ended_at >= ${at(from)} and ended_at < ${at(to)}) as cancellations`,
  );
  const w = r!;
  return {
    totalRevenue: dollars(w.revenue_cents),
    activeSubscriptions: w.active_at_end,
    churnRate: percent(w.cancellations, w.active_at_start + w.new_subscriptions),
    averageRevenuePerUser: w.paying_users ? dollars(w.revenue_cents / w.paying_users) : 0,
    payingUsers: w.paying_users,
    newSubscriptions: w.new_subscriptions,
    cancellations: w.cancellations,
    activeAtStart: w.active_at_start,
  };
}

/** Percent change, null when there is no earlier figure to compare with. */
const percentChange = (current: number, previous: number) => (previous ? round(((current - previous) / previous) * 100, 1) : null);

/**
 * GET /admin/revenue/stats (product §2.3 Admin revenue metrics) with every change computed against
 * the period of the same length just before.
 */
export async function revenueMetrics(range: DateRange) {
  const span = range.to.getTime() - range.from.getTime();
  const previousFrom = new Date(range.from.getTime() - span);
  const [current, previous] = await Promise.all([windowFigures(range.from, range.to), windowFigures(previousFrom, range.from)]);
  return {
    metrics: {
      ...current,
      previous: {
        totalRevenue: previous.totalRevenue,
        activeSubscriptions: previous.activeSubscriptions,
        churnRate: previous.churnRate,
        averageRevenuePerUser: previous.averageRevenuePerUser,
      },
      changes: {
        /** Percent. */
        totalRevenue: percentChange(current.totalRevenue, previous.totalRevenue),
        /** Subscriptions gained (or lost) over the period. */
        activeSubscriptions: current.activeSubscriptions - previous.activeSubscriptions,
        /** Percent. */
        averageRevenuePerUser: percentChange(current.averageRevenuePerUser, previous.averageRevenuePerUser),
        /** Percentage points. */
        churnRate: round(current.churnRate - previous.churnRate, 1),
      },
    },
    startDate: range.from.toISOString(),
    endDate: range.to.toISOString(),
    previousPeriod: { startDate: previousFrom.toISOString(), endDate: range.from.toISOString() },
  };
}

const bucketRow = z.object({ date: z.string(), revenue_cents: z.number(), subscriptions: z.number(), users: z.number() });
const planRow = z.object({ plan: z.string(), users: z.number(), revenue_cents: z.number() });
const churnRow = z.object({
  month: z.string(),
  new_signups: z.number(),
  new_subscriptions: z.number(),
  cancellations: z.number(),
  active_at_start: z.number(),
});
const topRevenueRow = reportUserRow.extend({
  revenue_cents: z.number(),
  payments: z.number(),
  monthly_cents: z.number().nullable(),
});

/** The spec's four plans first, then any other catalogue plan that has users or revenue. */
function planOrder(plan: string): number {
  const i = ADMIN_PLANS.findIndex((p) => p.id === plan);
  if (i >= 0) return i;
  const j = PLAN_IDS.indexOf(plan as (typeof PLAN_IDS)[number]);
  return j >= 0 ? 10 + j : 100;
}

/** GET /admin/revenue/analytics: the Revenue Analytics tab (product §2.3 Revenue analytics). */
export async function revenueAnalytics(range: DateRange) {
  const tz = range.timezone;
  const trend = intervalFor(range);
  const interval = trend === 'hour' ? 'day' : trend;
  const format = BUCKET_FORMAT[interval];
  const { from, to } = range;
  const trunc = (column: SQL) => sql`date_trunc(${interval}, ${column} at time zone ${tz})`;

  const [metrics, overTime, plans, churn, top, [totals]] = await Promise.all([
    revenueMetrics(range),
    queryRows(
      bucketRow,
      sql`
      with buckets as (
        select generate_series(${trunc(sql`${at(from)}`)}, ${trunc(sql`(${at(to)} - interval '1 microsecond')`)}, ${`1 ${interval}`}::interval) as bucket
      ),
      rev as (
        select ${trunc(sql`date`)} as b, sum(amount_cents)::float8 as v from transactions
        where status = 'succeeded' and date >= ${at(from)} and date < ${at(to)} group by 1
      ),
      subs as (
        select ${trunc(sql`created_at`)} as b, count(*)::int as v from (${PAID_SUBSCRIPTIONS}) s
        where created_at >= ${at(from)} and created_at < ${at(to)} group by 1
      ),
      signups as (
        select ${trunc(sql`created_at`)} as b, count(*)::int as v from users
        where ${COACHES} and created_at >= ${at(from)} and created_at < ${at(to)} group by 1
      )
      select to_char(buckets.bucket, ${format}) as date,
             coalesce(rev.v, 0)::float8 as revenue_cents,
             coalesce(subs.v, 0)::int as subscriptions,
             coalesce(signups.v, 0)::int as users
      from buckets
      left join rev on rev.b = buckets.bucket
      left join subs on subs.b = buckets.bucket
      left join signups on signups.b = buckets.bucket
      order by buckets.bucket`,
    ),
    queryRows(
      planRow,
      sql`
      select coalesce(u.plan, r.plan) as plan, coalesce(u.users, 0)::int as users, coalesce(r.revenue_cents, 0)::float8 as revenue_cents
      from (select plan_id as plan, count(*)::int as users from users where ${COACHES} group by 1) u
      full join (
        select coalesce(plan_id, 'unknown') as plan, sum(amount_cents)::float8 as revenue_cents from transactions
        where status = 'succeeded' and date >= ${at(from)} and date < ${at(to)} group by 1
      ) r on r.plan = u.plan`,
    ),
    queryRows(
      churnRow,
      sql`
      with months as (
        select m as month_local, (m at time zone ${tz}) as m_from, ((m + interval '1 month') at time zone ${tz}) as m_to
        from generate_series(
          date_trunc('month', ${at(from)} at time zone ${tz}),
          date_trunc('month', (${at(to)} - interval '1 microsecond') at time zone ${tz}),
          interval '1 month') as m
      ),
      subs as (${PAID_SUBSCRIPTIONS})
      select to_char(month_local, 'YYYY-MM') as month,
        (select count(*)::int from users where ${COACHES} and created_at >= m_from and created_at < m_to) as new_signups,
        (select count(*)::int from subs where created_at >= m_from and created_at < m_to) as new_subscriptions,
        (select count(*)::int from subs where ended_at >= m_from and ended_at < m_to) as cancellations,
        (select count(*)::int from subs where created_at < m_from and (ended_at is null or ended_at >= m_from)) as active_at_start
      from months
      order by month_local desc
      limit 24`,
    ),
    queryRows(
      topRevenueRow,
      sql`
      select u.id, u.username, u.first_name, u.last_name, u.email, u.plan_id, u.created_at, r.revenue_cents, r.payments,
        (select s.price_cents from subscriptions s where s.user_id = u.id and s.status in ('active', 'past_due')
          order by s.created_at desc limit 1) as monthly_cents
      from (
        select user_id, sum(amount_cents)::float8 as revenue_cents, count(*)::int as payments from transactions
        where status = 'succeeded' and date >= ${at(from)} and date < ${at(to)} group by user_id
      ) r
      join users u on u.id = r.user_id
      order by r.revenue_cents desc, u.created_at, u.id
      limit ${ADMIN_LIMITS.topUsers}`,
    ),
    queryRows(z.object({ users: z.number() }), sql`select count(*)::int as users from users where ${COACHES}`),
  ]);

  const totalUsers = totals?.users ?? 0;
  const periodRevenue = plans.reduce((acc, p) => acc + p.revenue_cents, 0);
  const byPlan = new Map(plans.map((p) => [p.plan, p]));
  for (const p of ADMIN_PLANS) if (!byPlan.has(p.id)) byPlan.set(p.id, { plan: p.id, users: 0, revenue_cents: 0 });

  return {
    interval,
    revenueOverTime: overTime.map((b) => ({ date: b.date, revenue: dollars(b.revenue_cents), subscriptions: b.subscriptions, users: b.users })),
    planDistribution: [...byPlan.values()]
      .sort((a, b) => planOrder(a.plan) - planOrder(b.plan))
      .map((p) => ({
        plan: p.plan,
        name: p.plan in PLANS ? getPlan(p.plan).name : p.plan,
        users: p.users,
        revenue: dollars(p.revenue_cents),
        percentage: percent(p.users, totalUsers),
        revenuePercentage: percent(p.revenue_cents, periodRevenue),
      })),
    churnAnalysis: churn.reverse().map((m) => ({
      month: m.month,
      churnRate: percent(m.cancellations, m.active_at_start + m.new_subscriptions),
      newSignups: m.new_signups,
      newSubscriptions: m.new_subscriptions,
      cancellations: m.cancellations,
    })),
    topUsers: top.map((u) => ({
      id: u.id,
      _id: u.id,
      name: displayName(u) ?? u.email,
      email: u.email,
      plan: u.plan_id,
      revenue: dollars(u.revenue_cents),
      monthlyRevenue: u.monthly_cents === null ? 0 : dollars(u.monthly_cents),
      payments: u.payments,
      joinDate: new Date(u.created_at).toISOString(),
    })),
    metrics: metrics.metrics,
    startDate: range.from.toISOString(),
    endDate: range.to.toISOString(),
  };
}

const transactionListRow = z.object({
  id: z.string(),
  date: z.string(),
  description: z.string(),
  amount_cents: z.number(),
  currency: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  invoice_url: z.string().nullable(),
  user_id: z.string(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  plan: z.string().nullable(),
  refunded_at: z.string().nullable(),
  refund_reason: z.string().nullable(),
  refunded_by: z.string().nullable(),
  refunded_by_username: z.string().nullable(),
});
type TransactionListRow = z.infer<typeof transactionListRow>;

const iso = (d: string | null) => (d ? new Date(d).toISOString() : null);

function toTransactionView(r: TransactionListRow) {
  return {
    id: r.id,
    _id: r.id,
    date: iso(r.date)!,
    description: r.description,
    amount: dollars(r.amount_cents),
    amountCents: r.amount_cents,
    currency: r.currency,
    status: r.status,
    invoiceUrl: r.invoice_url,
    userId: r.user_id,
    userName: displayName(r),
    email: r.email,
    plan: r.plan,
    refundedAt: iso(r.refunded_at),
    refundReason: r.refund_reason,
    refundedBy: r.refunded_by ? { id: r.refunded_by, username: r.refunded_by_username } : null,
  };
}

const TRANSACTION_SELECT = sql`
  select t.id, t.date, t.description, t.amount_cents, t.currency, t.status, t.invoice_url, t.user_id,
         u.username, u.first_name, u.last_name, u.email, coalesce(t.plan_id, u.plan_id) as plan,
         t.refunded_at, t.refund_reason, t.refunded_by, rb.username as refunded_by_username
  from transactions t
  left join users u on u.id = t.user_id
  left join users rb on rb.id = t.refunded_by`;

/** GET /admin/billing/transactions (product §2.3 Admin transaction view): newest first, optionally searched. */
export async function listTransactions(options: { limit: number; search?: string; status?: TransactionRow['status'] }) {
  const conditions: SQL[] = [];
  if (options.search) {
    const like = `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(t.description ilike ${like} or u.email ilike ${like} or u.username ilike ${like}
      or (u.first_name || ' ' || u.last_name) ilike ${like} or coalesce(t.plan_id, u.plan_id) ilike ${like} or t.status::text ilike ${like})`);
  }
  if (options.status) conditions.push(sql`t.status = ${options.status}`);
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const found = await queryRows(transactionListRow, sql`${TRANSACTION_SELECT} ${where} order by t.date desc, t.id limit ${options.limit}`);
  return { transactions: found.map(toTransactionView) };
}

const subscriberRow = z.object({
  id: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  plan_id: z.string(),
  created_at: z.string(),
  subscription_status: z.string().nullable(),
});

/** GET /admin/billing/subscribers: coaches with their plan, for the plan change. */
export async function listSubscribers(options: { limit: number; search?: string }) {
  const like = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const found = await queryRows(
    subscriberRow,
    sql`
    select u.id, u.username, u.first_name, u.last_name, u.email, u.plan_id, u.created_at,
      (select s.status::text from subscriptions s where s.user_id = u.id order by s.created_at desc limit 1) as subscription_status
    from users u
    where ${COACHES}
      ${like ? sql`and (u.email ilike ${like} or u.username ilike ${like} or (u.first_name || ' ' || u.last_name) ilike ${like} or u.plan_id ilike ${like})` : sql``}
    order by u.created_at desc, u.id
    limit ${options.limit}`,
  );
  return {
    users: found.map((u) => ({
      id: u.id,
      _id: u.id,
      name: displayName(u) ?? u.email,
      username: u.username,
      email: u.email,
      plan: u.plan_id,
      subscriptionStatus: u.subscription_status,
      createdAt: new Date(u.created_at).toISOString(),
    })),
  };
}


/**
 * POST /admin/billing/refund/{id}: a succeeded transaction, once; who and why are recorded. The
 * refund is the owner's one billing operation in flight (a second refund, or a change by the
 * owner, meanwhile is 409), the provider is called with no transaction open and with the
 * transaction's own idempotency key (one refund per transaction, however often it is retried),
 * then the row is settled in a short transaction.
 */
export async function refundTransaction(actor: AuthUser, id: string, reason: string, info: RequestInfo, now = new Date()) {
  const db = getDb();
  const [owner] = await db.select({ userId: transactions.userId }).from(transactions).where(eq(transactions.id, id)).limit(1);
  if (!owner) throw notFound('Transaction');
  const refunded = await withBillingOperation(owner.userId, 'refund', async () => {
    const [row] = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
    if (!row) throw notFound('Transaction');
    if (row.status === 'refunded') throw new AppError(409, 'ALREADY_REFUNDED', ADMIN_MESSAGES.alreadyRefunded);
    if (row.status !== 'succeeded') throw new AppError(400, 'NOT_REFUNDABLE', ADMIN_MESSAGES.refundOnlySucceeded);
    const { id: providerRefundId } = await paymentsProvider()
      .refund({ paymentId: row.providerPaymentId, invoiceId: row.providerInvoiceId, amountCents: row.amountCents, reason, idempotencyKey: `cadence-refund-${row.id}` })
      .catch(providerFailure);
    await db.transaction(async (tx) => {
      // A charge.refunded webhook may have marked it meanwhile; who refunded and why are still recorded.
      await tx
        .update(transactions)
        .set({ status: 'refunded', refundedAt: now, refundedBy: actor.id, refundReason: reason, providerRefundId })
        .where(and(eq(transactions.id, row.id), inArray(transactions.status, ['succeeded', 'refunded'])));
      const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
      await recordAdminAction(
        actor,
        `Refunded transaction ${row.id} (${row.description}, $${(row.amountCents / 100).toFixed(2)}) of ${user?.email ?? row.userId}. Reason: ${reason}`,
        info,
        tx,
      );
    });
    return row.id;
  });
  const [view] = await queryRows(transactionListRow, sql`${TRANSACTION_SELECT} where t.id = ${refunded}`);
  notifyBillingChanged(view!.user_id);
  return toTransactionView(view!);
}

/**
 * PUT /admin/users/{userId}/plan: the plan the product enforces for the account. A running paid
 * subscription follows the new plan (its price from the next renewal) and a cancellation the coach
 * had asked for is withdrawn — the admin's choice is the newer one (decision 0095); moving to free
 * cancels it. Nothing is charged or refunded here.
 */
export async function changeUserPlan(actor: AuthUser, userId: string, plan: AdminPlanId, info: RequestInfo) {
  const db = getDb();
  let withdrawn: string | null = null;
  const result = await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, email: users.email, planId: users.planId })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deletedAt)))
      .for('update')
      .limit(1);
    if (!user) throw notFound('User');
    await tx.update(users).set({ planId: plan, updatedAt: sql`now()` }).where(eq(users.id, user.id));
    const running = and(eq(subscriptions.userId, user.id), inArray(subscriptions.status, ['active', 'past_due']));
    let subscriptionNote = '';
    if (plan === 'free') {
      const ended = await tx
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: sql`now()`, cancelAtPeriodEnd: false, updatedAt: sql`now()` })
        .where(running)
        .returning({ id: subscriptions.id });
      if (ended.length) subscriptionNote = '; paid subscription cancelled';
    } else {
      const [pending] = await tx
        .select({ providerSubscriptionId: subscriptions.providerSubscriptionId })
        .from(subscriptions)
        .where(and(running, eq(subscriptions.cancelAtPeriodEnd, true)))
        .limit(1);
      const moved = await tx
        .update(subscriptions)
        .set({ planId: plan, priceCents: PLANS[plan].priceCents, cancelAtPeriodEnd: false, canceledAt: null, updatedAt: sql`now()` })
        .where(running)
        .returning({ id: subscriptions.id });
      if (moved.length) subscriptionNote = pending ? '; subscription moved to the new plan, its cancellation withdrawn' : '; subscription moved to the new plan';
      withdrawn = pending?.providerSubscriptionId ?? null;
    }
    await recordAdminAction(actor, `Changed the plan of ${user.email} from ${user.planId} to ${plan}${subscriptionNote}`, info, tx);
    return { id: user.id, previousPlan: user.planId };
  });
  // The provider hears of the withdrawn cancellation after the commit, never inside the transaction.
  if (withdrawn) {
    await paymentsProvider()
      .setCancelAtPeriodEnd(withdrawn, false)
      .catch((error: unknown) => log.error({ err: error, userId }, 'withdrawing the cancellation at the payment provider failed'));
  }
  notifyBillingChanged(userId);
  return { id: result.id, plan, previousPlan: result.previousPlan };
}

/**
 * The administrator's usage and platform reports (product §2.3, §2.7 Administrator): every figure is
 * an SQL aggregate over api_usage, users, clients, goals and check_ins.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ADMIN_LIMITS } from '@/lib/constants';
import type { DateRange, TrendInterval } from '@/lib/schemas/admin';
import { queryRows } from '../db/query-rows';
import { USAGE_ERROR_TYPE, usageErrorSampleRow, usageErrorSamplesQuery, usageStatusFigureRow, usageStatusFiguresQuery } from './reporting/queries';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Hourly up to 2 days, daily up to 92, weekly (Monday) up to 400, monthly beyond. */
export function intervalFor(range: DateRange): TrendInterval {
  const span = range.to.getTime() - range.from.getTime();
  if (span <= 2 * DAY_MS) return 'hour';
  if (span <= 92 * DAY_MS) return 'day';
  if (span <= 400 * DAY_MS) return 'week';
  return 'month';
}

/** The to_char pattern of a bucket label. */
export const BUCKET_FORMAT: Record<TrendInterval, string> = {
  hour: 'YYYY-MM-DD"T"HH24:00',
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};

export const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};
/** A share in percent with one decimal; 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number) => (whole > 0 ? round((part / whole) * 100, 1) : 0);

/** An instant as a query parameter (the driver takes strings, not Date objects, in raw SQL). */
export const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const inRange = (range: DateRange, column: SQL = sql`created_at`) => sql`${column} >= ${at(range.from)} and ${column} < ${at(range.to)}`;

/**
 * Up to two sample error messages per service and status (most frequent first) and how many
 * distinct messages there were, so a screen can show an ellipsis after the two.
 */
async function errorSamples(range: DateRange, by: 'status' | 'errorType') {
  const found = await queryRows(usageErrorSampleRow, usageErrorSamplesQuery(range, by));
  const samples = new Map<string, { messages: string[]; distinct: number }>();
  for (const r of found) {
    const key = `${r.service}\u0000${r.status}`;
    const entry = samples.get(key) ?? { messages: [], distinct: r.distinct_count };
    entry.messages.push(r.error_message);
    samples.set(key, entry);
  }
  return (service: string, status: string) => samples.get(`${service}\u0000${status}`) ?? { messages: [], distinct: 0 };
}

interface ServiceTotals {
  service: string;
  total: number;
  success: number;
  failed: number;
  avg_ms: number;
  cost: number;
}

type StatusFigures = z.infer<typeof usageStatusFigureRow>;

/** Calls per service and status in one pass over the range. */
function statusFigures(range: DateRange): Promise<StatusFigures[]> {
  return queryRows(usageStatusFigureRow, usageStatusFiguresQuery(range));
}

/** Per-service totals summed from the per-status figures, busiest service first. */
function foldServices(figures: StatusFigures[]): ServiceTotals[] {
  const byService = new Map<string, ServiceTotals & { msSum: number }>();
  for (const f of figures) {
    const t = byService.get(f.service) ?? { service: f.service, total: 0, success: 0, failed: 0, avg_ms: 0, cost: 0, msSum: 0 };
    t.total += f.count;
    if (f.status === 'success') t.success += f.count;
    else t.failed += f.count;
    t.msSum += f.ms_sum;
    t.cost += f.cost;
    byService.set(f.service, t);
  }
  return [...byService.values()]
    .map(({ msSum, ...t }) => ({ ...t, avg_ms: t.total > 0 ? msSum / t.total : 0 }))
    .sort((a, b) => b.total - a.total || (a.service < b.service ? -1 : a.service > b.service ? 1 : 0));
}

async function serviceTotals(range: DateRange): Promise<ServiceTotals[]> {
  return foldServices(await statusFigures(range));
}

/** GET /admin/usage/stats: one row per service (product §2.3 API usage stat) and the totals. */
export async function usageStats(range: DateRange) {
  // Totals and the status split come from one scan of the range (it was two).
  const [statusRows, samples] = await Promise.all([statusFigures(range), errorSamples(range, 'status')]);
  const totals = foldServices(statusRows);
  const stats = totals.map((t) => {
    const avg = Math.round(t.avg_ms);
    const cost = round(t.cost, 6);
    return {
      _id: t.service,
      service: t.service,
      totalCount: t.total,
      totalCalls: t.total,
      successCalls: t.success,
      failedCalls: t.failed,
      successRate: percent(t.success, t.total),
      avgResponseTime: avg,
      overallAvgTime: avg,
      totalCost: cost,
      overallTotalCost: cost,
      statuses: statusRows
        .filter((s) => s.service === t.service)
        .map((s) => {
          const sample = samples(t.service, s.status);
          return { status: s.status, count: s.count, errorMessages: sample.messages, distinctErrorMessages: sample.distinct };
        }),
    };
  });
  const sum = (f: (t: ServiceTotals) => number) => totals.reduce((acc, t) => acc + f(t), 0);
  const totalCalls = sum((t) => t.total);
  const successCalls = sum((t) => t.success);
  return {
    stats,
    totals: {
      totalCalls,
      successCalls,
      failedCalls: totalCalls - successCalls,
      successRate: percent(successCalls, totalCalls),
      avgResponseTime: totalCalls ? Math.round(sum((t) => t.avg_ms * t.total) / totalCalls) : 0,
      totalCost: round(sum((t) => t.cost), 6),
    },
    startDate: range.from.toISOString(),
    endDate: range.to.toISOString(),
  };
}

const trendRow = z.object({
  date: z.string(),
  service: z.string(),
  count: z.number(),
  success: z.number(),
  errors: z.number(),
  cost: z.number(),
  avg_ms: z.number(),
});

/** GET /admin/usage/trends: calls per bucket and service, newest bucket first (product §2.3 Trend row). */
export async function usageTrends(range: DateRange) {
  const interval = intervalFor(range);
  const bucket = sql`to_char(date_trunc(${interval}, created_at at time zone ${range.timezone}), ${BUCKET_FORMAT[interval]})`;
  const found = await queryRows(
    trendRow,
    sql`
    select ${bucket} as date, service,
           count(*)::int as count,
           count(*) filter (where status = 'success')::int as success,
           count(*) filter (where status <> 'success')::int as errors,
           coalesce(sum(cost_usd), 0)::float8 as cost,
           coalesce(avg(response_ms), 0)::float8 as avg_ms
    from api_usage
    where ${inRange(range)}
    group by 1, 2
    order by 1 desc, 2`,
  );
  return {
    trends: found.map((r) => ({
      _id: { date: r.date, service: r.service },
      count: r.count,
      successCount: r.success,
      errorCount: r.errors,
      totalCost: round(r.cost, 6),
      avgResponseTime: Math.round(r.avg_ms),
    })),
    interval,
    timezone: range.timezone,
    startDate: range.from.toISOString(),
    endDate: range.to.toISOString(),
  };
}

const operationRow = z.object({
  service: z.string(),
  operation: z.string(),
  total: z.number(),
  success: z.number(),
  failed: z.number(),
  avg_ms: z.number(),
  cost: z.number(),
});

/** GET /admin/usage/breakdown: per service (product §2.3 Service breakdown row) with its operations. */
export async function usageBreakdown(range: DateRange) {
  const [totals, operations] = await Promise.all([
    serviceTotals(range),
    queryRows(
      operationRow,
      sql`
      select service, operation,
             count(*)::int as total,
             count(*) filter (where status = 'success')::int as success,
             count(*) filter (where status <> 'success')::int as failed,
             coalesce(avg(response_ms), 0)::float8 as avg_ms,
             coalesce(sum(cost_usd), 0)::float8 as cost
      from api_usage
      where ${inRange(range)}
      group by service, operation
      order by total desc, operation`,
    ),
  ]);
  const all = totals.reduce((acc, t) => acc + t.total, 0);
  return {
    breakdown: totals.map((t) => ({
      service: t.service,
      count: t.total,
      successCount: t.success,
      errorCount: t.failed,
      successRate: percent(t.success, t.total),
      avgResponseTime: Math.round(t.avg_ms),
      totalCost: round(t.cost, 6),
      share: percent(t.total, all),
      operations: operations
        .filter((o) => o.service === t.service)
        .map((o) => ({
          operation: o.operation,
          count: o.total,
          successCount: o.success,
          errorCount: o.failed,
          avgResponseTime: Math.round(o.avg_ms),
          totalCost: round(o.cost, 6),
        })),
    })),
    startDate: range.from.toISOString(),
    endDate: range.to.toISOString(),
  };
}

/** The error type of a failed call: its status code, or 'error' when the call never got one. */
const ERROR_TYPE = sql.raw(USAGE_ERROR_TYPE);

/** GET /admin/usage/errors: error rate and totals per service, then errors by type (product §2.3 Error stat). */
export async function usageErrors(range: DateRange) {
  const [totals, typeRows, samples] = await Promise.all([
    serviceTotals(range),
    queryRows(
      z.object({ service: z.string(), status: z.string(), count: z.number() }),
      sql`
      select service, ${ERROR_TYPE} as status, count(*)::int as count
      from api_usage
      where ${inRange(range)} and status <> 'success'
      group by 1, 2
      order by 1, 3 desc, 2`,
    ),
    errorSamples(range, 'errorType'),
  ]);
  const errorStats = totals
    .map((t) => ({
      service: t.service,
      errorRate: percent(t.failed, t.total),
      totalErrors: t.failed,
      totalCalls: t.total,
      statuses: typeRows
        .filter((r) => r.service === t.service)
        .map((r) => {
          const sample = samples(t.service, r.status);
          return {
            status: r.status,
            statusCode: /^\d+$/.test(r.status) ? Number(r.status) : null,
            count: r.count,
            errorMessages: sample.messages,
            distinctErrorMessages: sample.distinct,
          };
        }),
    }))
    .sort((a, b) => b.totalErrors - a.totalErrors || a.service.localeCompare(b.service));
  return { errorStats, startDate: range.from.toISOString(), endDate: range.to.toISOString() };
}

const topUserRow = z.object({
  user_id: z.string().nullable(),
  username: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  count: z.number(),
  cost: z.number(),
  avg_ms: z.number(),
});

export function displayName(row: { first_name?: string | null; last_name?: string | null; username?: string | null }): string | null {
  const full = `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim();
  return full || row.username || null;
}

/** GET /admin/users/top: the accounts that caused the most outside calls (product §2.3 Top user). */
export async function topUsers(range: DateRange) {
  const found = await queryRows(
    topUserRow,
    sql`
    select a.user_id, u.username, u.first_name, u.last_name, u.email, a.count, a.cost, a.avg_ms
    from (
      select user_id, count(*)::int as count, coalesce(sum(cost_usd), 0)::float8 as cost, coalesce(avg(response_ms), 0)::float8 as avg_ms
      from api_usage
      where ${inRange(range)}
      group by user_id
    ) a
    left join users u on u.id = a.user_id
    order by a.count desc, a.cost desc, a.user_id nulls last
    limit ${ADMIN_LIMITS.topUsers}`,
  );
  return {
    topUsers: found.map((r) => ({
      userId: r.user_id,
      userName: displayName(r),
      username: r.username,
      email: r.email,
      count: r.count,
      totalCost: round(r.cost, 6),
      avgResponseTime: Math.round(r.avg_ms),
    })),
    startDate: range.from.toISOString(),
    endDate: range.to.toISOString(),
  };
}

/** Coaches are the platform's users; admin accounts are counted apart. */
export const COACHES = sql`role = 'coach' and deleted_at is null`;

const platformRow = z.object({
  total_users: z.number(),
  active_users: z.number(),
  new_users: z.number(),
  total_clients: z.number(),
  active_clients: z.number(),
  archived_clients: z.number(),
  total_goals: z.number(),
  active_goals: z.number(),
  completed_goals: z.number(),
  total_check_ins: z.number(),
  responded_check_ins: z.number(),
});

/** GET /admin/platform/stats (product §2.3 Platform stats); the check-in trend covers the last 30 days. */
export async function platformStats(timezone: string) {
  const activeSince = sql`now() - make_interval(days => ${ADMIN_LIMITS.activeUserDays})`;
  const [totals] = await queryRows(
    platformRow,
    sql`
    select
      (select count(*)::int from users where ${COACHES}) as total_users,
      (select count(*)::int from users u where ${COACHES} and (u.last_login >= ${activeSince}
         or exists (select 1 from sessions s where s.user_id = u.id and s.last_active >= ${activeSince}))) as active_users,
      (select count(*)::int from users where ${COACHES} and created_at >= ${activeSince}) as new_users,
      (select count(*)::int from clients) as total_clients,
      (select count(*)::int from clients where not archived and not check_ins_held) as active_clients,
      (select count(*)::int from clients where archived) as archived_clients,
      (select count(*)::int from goals) as total_goals,
      (select count(*)::int from goals where status = 'incomplete' and not archived) as active_goals,
      (select count(*)::int from goals where status = 'completed') as completed_goals,
      (select count(*)::int from check_ins where sent_at is not null) as total_check_ins,
      (select count(*)::int from check_ins where responded_at is not null) as responded_check_ins`,
  );
  const t = totals!;
  const days = ADMIN_LIMITS.platformTrendDays;
  const trend = await queryRows(
    z.object({ date: z.string(), count: z.number() }),
    sql`
    with days as (
      select generate_series(
        date_trunc('day', now() at time zone ${timezone}) - make_interval(days => ${days - 1}),
        date_trunc('day', now() at time zone ${timezone}),
        interval '1 day') as day
    )
    select to_char(d.day, 'YYYY-MM-DD') as date, count(c.id)::int as count
    from days d
    left join check_ins c on c.sent_at >= now() - make_interval(days => ${days + 1}) and date_trunc('day', c.sent_at at time zone ${timezone}) = d.day
    group by d.day
    order by d.day`,
  );
  return {
    userStats: { totalUsers: t.total_users, activeUsers: t.active_users, activeRate: percent(t.active_users, t.total_users), newUsers: t.new_users },
    clientStats: { totalClients: t.total_clients, activeClients: t.active_clients, archivedClients: t.archived_clients },
    goalStats: {
      totalGoals: t.total_goals,
      activeGoals: t.active_goals,
      completedGoals: t.completed_goals,
      goalCompletionRate: percent(t.completed_goals, t.total_goals),
    },
    checkInStats: {
      totalCheckIns: t.total_check_ins,
      respondedCheckIns: t.responded_check_ins,
      responseRate: percent(t.responded_check_ins, t.total_check_ins),
      checkInTrends: trend.map((r) => ({ _id: r.date, date: r.date, count: r.count })),
    },
    timezone,
  };
}

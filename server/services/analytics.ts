import type postgres from 'postgres';
import {
  CORRELATION_MIN_CLIENTS,
  ENGAGEMENT_POINTS,
  ENGAGEMENT_POINTS_MAX,
  ENGAGEMENT_STATUS_THRESHOLDS,
  ENGAGEMENT_STATUSES,
  RANGE_DAYS,
  RANGE_GRANULARITY,
  RECENT_COMPLETIONS_LIMIT,
  RESPONSE_TIME_BUCKETS,
  type EngagementStatus,
  type Granularity,
  type TimeRange,
} from '@/lib/analytics';
import type { AnalyticsPeriod, CheckInStats, ClientAnalytics, ClientEngagementRow, CommunicationAnalytics, GoalAnalytics, OverviewAnalytics, SmsMetric, TrendRow } from '@/lib/schemas/analytics';
import { addDays, zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';
import { z } from 'zod';
import { getSql } from '../db/client';
import { queryRows } from '../db/query-rows';
import {
  checkInFactsQuery,
  checkInFactsRow,
  clientCountsQuery,
  clientCountsRow,
  clientsReachedQuery,
  countRow,
  goalAggregateRow,
  goalAggregatesQuery,
  responseEffectsQuery,
  responseEffectsRow,
} from './reporting/queries';

/**
 * Coach analytics (product §2.3 and §2.7). Every figure is an SQL aggregate over the coach's own rows
 * (each query is scoped by coach_id); Node only divides, rounds and shapes. docs/analytics.md
 * defines each figure; the names below follow it.
 *
 * Vocabulary used throughout:
 *  - a check-in is *delivered* in a period when its sent_at falls in it (the message went out);
 *  - it is *answered* when it has a responded_at (whatever its later status);
 *  - it is *undelivered* when it was never sent and ended missed or failed; it belongs to the period
 *    of its scheduled time;
 *  - the *response time* of an answered check-in is responded_at − sent_at.
 */

export interface AnalyticsCoach {
  id: string;
  timezone: string;
}

export interface AnalyticsWindow {
  range: TimeRange;
  days: number;
  timezone: string;
  granularity: Granularity;
  /** Local midnight starting the first day of the range. */
  start: Date;
  /** The moment of the request. */
  end: Date;
  /** Start of the previous period of the same number of days, which ends at `start`. */
  previousStart: Date;
}

/** Today and the days before it, in the coach's zone: 7d is today plus the 6 previous days. */
export function analyticsWindow(range: TimeRange, timezone: string, now = new Date()): AnalyticsWindow {
  const days = RANGE_DAYS[range];
  const today = zonedParts(timezone, now).date;
  return {
    range,
    days,
    timezone,
    granularity: RANGE_GRANULARITY[range],
    start: zonedTimeToInstant(timezone, addDays(today, -(days - 1)), '00:00'),
    end: now,
    previousStart: zonedTimeToInstant(timezone, addDays(today, -(2 * days - 1)), '00:00'),
  };
}

function periodOf(w: AnalyticsWindow): AnalyticsPeriod {
  return {
    timeRange: w.range,
    timezone: w.timezone,
    start: w.start.toISOString(),
    end: w.end.toISOString(),
    previousStart: w.previousStart.toISOString(),
    granularity: w.granularity,
  };
}

// ---------------------------------------------------------------------------------------------
// Arithmetic on aggregates

export const round1 = (n: number | null | undefined): number | null => (n === null || n === undefined || !Number.isFinite(n) ? null : Math.round(n * 10) / 10);
export const round2 = (n: number | null | undefined): number | null => (n === null || n === undefined || !Number.isFinite(n) ? null : Math.round(n * 100) / 100);
const percent = (part: number, whole: number): number | null => (whole > 0 ? round1((100 * part) / whole) : null);
const engagementScore = (points: number, delivered: number): number | null => (delivered > 0 ? round1((100 * points) / (ENGAGEMENT_POINTS_MAX * delivered)) : null);
/** Check-ins per reached client per week of the range. */
const frequency = (delivered: number, clients: number, days: number): number | null => (clients > 0 ? round1(delivered / clients / (days / 7)) : null);

export function engagementStatusOf(score: number | null): EngagementStatus {
  if (score === null) return 'inactive';
  if (score >= ENGAGEMENT_STATUS_THRESHOLDS.high) return 'high';
  if (score >= ENGAGEMENT_STATUS_THRESHOLDS.medium) return 'medium';
  return 'low';
}

// ---------------------------------------------------------------------------------------------
// SQL building blocks

type Sql = postgres.Sql;

/** Engagement points of one delivered check-in (ENGAGEMENT_POINTS). */
const pointsExpr = (sql: Sql) => sql`case
  when responded_at is null then ${sql.unsafe(String(ENGAGEMENT_POINTS.unanswered))}
  when engagement_assessment = 'great' then ${sql.unsafe(String(ENGAGEMENT_POINTS.great))}
  when engagement_assessment = 'bad' then ${sql.unsafe(String(ENGAGEMENT_POINTS.bad))}
  when engagement_assessment = 'okay' then ${sql.unsafe(String(ENGAGEMENT_POINTS.okay))}
  else ${sql.unsafe(String(ENGAGEMENT_POINTS.unassessed))} end`;

/** A timestamp parameter, sent as ISO text (postgres.js cannot bind a Date where Postgres infers text). */
const ts = (sql: Sql, at: Date) => sql`${at.toISOString()}::timestamptz`;

/** When an undelivered check-in was due. */
const dueExpr = (sql: Sql) => sql`coalesce(scheduled_for, created_at)`;

/** Figures of the delivered check-ins of one stretch of time (a trend period or a whole range). */
interface CheckInAggregate {
  delivered: number;
  answered: number;
  awaiting: number;
  secondsSum: number;
  secondsCount: number;
  points: number;
  satisfactionSum: number;
  satisfactionCount: number;
  /** Answered check-ins per RESPONSE_TIME_BUCKETS entry. */
  distribution: number[];
}

const emptyAggregate = (): CheckInAggregate => ({
  delivered: 0,
  answered: 0,
  awaiting: 0,
  secondsSum: 0,
  secondsCount: 0,
  points: 0,
  satisfactionSum: 0,
  satisfactionCount: 0,
  distribution: RESPONSE_TIME_BUCKETS.map(() => 0),
});

function addAggregate(into: CheckInAggregate, part: CheckInAggregate): CheckInAggregate {
  into.delivered += part.delivered;
  into.answered += part.answered;
  into.awaiting += part.awaiting;
  into.secondsSum += part.secondsSum;
  into.secondsCount += part.secondsCount;
  into.points += part.points;
  into.satisfactionSum += part.satisfactionSum;
  into.satisfactionCount += part.satisfactionCount;
  into.distribution = into.distribution.map((n, i) => n + (part.distribution[i] ?? 0));
  return into;
}

/** Mean reply delay in minutes. */
const minutesOf = (secondsSum: number | null, count: number) => (count > 0 ? round1((secondsSum ?? 0) / count / 60) : null);
const avgMinutes = (a: CheckInAggregate) => minutesOf(a.secondsSum, a.secondsCount);
const satisfaction = (a: CheckInAggregate) => (a.satisfactionCount > 0 ? round1(a.satisfactionSum / a.satisfactionCount) : null);

/** Local midnight of a calendar date in the coach's zone. */
const midnight = (w: AnalyticsWindow, date: string) => zonedTimeToInstant(w.timezone, date, '00:00');

/**
 * The trend periods of the range: the label of each and the instant each one after the first
 * begins (the first begins at the range's start). Days, Monday weeks or months, in the coach's zone.
 */
export function trendPeriods(w: AnalyticsWindow): { labels: string[]; starts: Date[] } {
  const first = zonedParts(w.timezone, w.start).date;
  const today = zonedParts(w.timezone, w.end).date;
  const labels: string[] = [];
  const starts: Date[] = [];
  if (w.granularity === 'month') {
    labels.push(first.slice(0, 7));
    for (let [y, m] = [Number(first.slice(0, 4)), Number(first.slice(5, 7))]; ; ) {
      m += 1;
      if (m > 12) [y, m] = [y + 1, 1];
      const date = `${y}-${String(m).padStart(2, '0')}-01`;
      if (date > today) break;
      labels.push(date.slice(0, 7));
      starts.push(midnight(w, date));
    }
  } else if (w.granularity === 'week') {
    const weekday = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
    labels.push(addDays(first, -weekday));
    for (let date = addDays(first, 7 - weekday); date <= today; date = addDays(date, 7)) {
      labels.push(date);
      starts.push(midnight(w, date));
    }
  } else {
    labels.push(first);
    for (let date = addDays(first, 1); date <= today; date = addDays(date, 1)) {
      labels.push(date);
      starts.push(midnight(w, date));
    }
  }
  return { labels, starts };
}

/**
 * One pass over the coach's delivered check-ins of the range (and of the previous period when
 * asked), read from check_ins_coach_sent_idx alone: one index range scan per trend period (so no
 * row needs a time-zone conversion to find its period), first counted per combination of the
 * few values that matter, then summed per period. Period 1 is the previous period, 2 + i the
 * i-th trend period.
 */
async function checkInFacts(coachId: string, w: AnalyticsWindow, withPrevious: boolean) {
  const { labels, starts } = trendPeriods(w);
  const rows = await queryRows(checkInFactsRow, checkInFactsQuery(coachId, [w.previousStart, w.start, ...starts, w.end], withPrevious ? 1 : 2, labels.length + 1));
  const byBucket = new Map<number, CheckInAggregate>(rows.map(({ bucket, ...figures }) => [bucket, figures]));
  const periods = labels.map((label, i) => ({ label, figures: byBucket.get(i + 2) ?? emptyAggregate() }));
  return {
    current: periods.reduce((total, p) => addAggregate(total, p.figures), emptyAggregate()),
    previous: byBucket.get(1) ?? emptyAggregate(),
    trends: periods.map<TrendRow>((p) => ({ period: p.label, checkIns: p.figures.delivered, responses: p.figures.answered, avgTime: avgMinutes(p.figures) })),
  };
}

/** Clients sent at least one check-in in the range. */
async function clientsReached(coachId: string, w: AnalyticsWindow): Promise<number> {
  const [row] = await queryRows(countRow, clientsReachedQuery(coachId, w.start, w.end));
  return row?.n ?? 0;
}

/** Undelivered (missed or failed before sending) check-ins due in [from, end), split at `start`. */
async function undeliveredCounts(sql: Sql, coachId: string, from: Date, start: Date, end: Date) {
  const rows = await queryRows(
    z.object({ current: z.boolean(), n: z.number() }),
    sql`
    select ${dueExpr(sql)} >= ${ts(sql, start)} as current, count(*)::int as n
    from check_ins
    where coach_id = ${coachId} and sent_at is null and status in ('missed', 'failed')
      and ${dueExpr(sql)} >= ${ts(sql, from)} and ${dueExpr(sql)} < ${ts(sql, end)}
    group by 1`,
  );
  return { current: rows.find((r) => r.current)?.n ?? 0, previous: rows.find((r) => !r.current)?.n ?? 0 };
}

/** Tracked goals per type plus a total row (type null). */
async function goalAggregates(coachId: string, w: AnalyticsWindow) {
  const rows = await queryRows(goalAggregateRow, goalAggregatesQuery(coachId, w.start, w.end));
  const total = rows.find((r) => r.total) ?? { type: null, count: 0, completed: 0, abandoned: 0, avgDays: null };
  const types = rows.filter((r) => !r.total).sort((a, b) => b.count - a.count || String(a.type).localeCompare(String(b.type)));
  return { total, types };
}

// ---------------------------------------------------------------------------------------------
// Overview

async function clientCounts(coachId: string, w: AnalyticsWindow) {
  const [row] = await queryRows(clientCountsRow, clientCountsQuery(coachId, w.start, w.end));
  return row ?? { current: 0, base: 0, churned: 0 };
}

export async function overview(coach: AnalyticsCoach, range: TimeRange, now = new Date()): Promise<OverviewAnalytics> {
  const w = analyticsWindow(range, coach.timezone, now);
  const [facts, reached, clients, goals] = await Promise.all([
    checkInFacts(coach.id, w, false),
    clientsReached(coach.id, w),
    clientCounts(coach.id, w),
    goalAggregates(coach.id, w),
  ]);
  const c = facts.current;
  return {
    period: periodOf(w),
    totalClients: clients.current,
    totalCheckIns: c.delivered,
    avgResponseTime: avgMinutes(c),
    clientRetention: percent(clients.base - clients.churned, clients.base),
    engagementScore: engagementScore(c.points, c.delivered),
    checkInFrequency: frequency(c.delivered, reached, w.days),
    goalCompletionRate: percent(goals.total.completed, goals.total.count),
    responseRate: percent(c.answered, c.delivered),
    trends: facts.trends,
  };
}

// ---------------------------------------------------------------------------------------------
// Clients

const clientAggregateRow = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  onHold: z.boolean(),
  delivered: z.number(),
  answered: z.number(),
  secondsSum: z.number().nullable(),
  secondsCount: z.number(),
  points: z.number(),
  goals: z.number(),
  progress: z.number().nullable(),
  /** A timestamp as JSON writes it. */
  lastSent: z.string().nullable(),
});

/** Over every client, archived ones included; secondsSum is null when no reply was timed. */
const clientTotalsRow = z.object({
  delivered: z.number(),
  answered: z.number(),
  awaiting: z.number(),
  secondsSum: z.number().nullable(),
  secondsCount: z.number(),
});

export async function clientAnalytics(coach: AnalyticsCoach, range: TimeRange, now = new Date()): Promise<ClientAnalytics> {
  const sql = getSql();
  const w = analyticsWindow(range, coach.timezone, now);
  // One pass per client over the range; the active clients' rows and the totals over every client
  // (archived ones included) both come from it, as JSON of one row.
  const [[result], undelivered, [upcoming]] = await Promise.all([
    queryRows(
      z.object({ clients: z.array(clientAggregateRow), totals: clientTotalsRow }),
      sql`
      with stats as materialized (
        select client_id, count(*)::int as delivered, count(responded_at)::int as answered,
          (count(*) filter (where responded_at is null and status = 'sent'))::int as awaiting,
          sum(response_seconds)::float8 as seconds_sum, count(response_seconds)::int as seconds_count, sum(points)::int as points
        from (
          select client_id, responded_at, status, response_seconds, ${pointsExpr(sql)} as points
          from check_ins
          where coach_id = ${coach.id} and sent_at >= ${ts(sql, w.start)} and sent_at < ${ts(sql, w.end)}
        ) delivered
        group by client_id
      ), open_goals as (
        select client_id, count(*)::int as goals, avg(least(progress, 100))::float8 as progress
        from goals where coach_id = ${coach.id} and status = 'incomplete' and not archived
        group by client_id
      ), listed as (
        select c.id, c.first_name as "firstName", c.last_name as "lastName", c.check_ins_held as "onHold",
          coalesce(s.delivered, 0) as delivered, coalesce(s.answered, 0) as answered,
          s.seconds_sum as "secondsSum", coalesce(s.seconds_count, 0) as "secondsCount", coalesce(s.points, 0) as points,
          coalesce(g.goals, 0) as goals, g.progress, last.sent_at as "lastSent"
        from clients c
        left join stats s on s.client_id = c.id
        left join open_goals g on g.client_id = c.id
        left join lateral (
          select ci.sent_at from check_ins ci where ci.client_id = c.id and ci.sent_at is not null order by ci.sent_at desc limit 1
        ) last on true
        where c.coach_id = ${coach.id} and not c.archived
      )
      select
        coalesce((select json_agg(listed order by lower("firstName"), lower("lastName"), id) from listed), '[]'::json) as clients,
        (select json_build_object(
          'delivered', coalesce(sum(delivered), 0), 'answered', coalesce(sum(answered), 0), 'awaiting', coalesce(sum(awaiting), 0),
          'secondsSum', sum(seconds_sum), 'secondsCount', coalesce(sum(seconds_count), 0)) from stats) as totals`,
    ),
    undeliveredCounts(sql, coach.id, w.start, w.start, w.end),
    queryRows(
      countRow,
      sql`
      select count(*)::int as n from check_ins
      where coach_id = ${coach.id} and sent_at is null and status = 'scheduled' and ${dueExpr(sql)} >= ${ts(sql, w.end)}`,
    ),
  ]);

  const clientEngagement: ClientEngagementRow[] = (result?.clients ?? []).map((r) => {
    const score = engagementScore(r.points, r.delivered);
    return {
      id: r.id,
      _id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      engagementStatus: engagementStatusOf(score),
      engagementScore: score,
      lastCheckIn: r.lastSent ? new Date(r.lastSent).toISOString() : null,
      progress: round1(r.progress),
      responseTime: minutesOf(r.secondsSum, r.secondsCount),
      responseRate: percent(r.answered, r.delivered),
      checkIns: r.delivered,
      responses: r.answered,
      goals: r.goals,
      onHold: r.onHold,
    };
  });
  const c = result?.totals ?? { delivered: 0, answered: 0, awaiting: 0, secondsSum: null, secondsCount: 0 };
  const checkInStats: CheckInStats = {
    total: c.delivered + undelivered.current,
    delivered: c.delivered,
    responded: c.answered,
    noResponse: c.delivered - c.answered - c.awaiting,
    awaitingReply: c.awaiting,
    missed: undelivered.current,
    upcoming: upcoming?.n ?? 0,
    responseRate: percent(c.answered, c.delivered),
    avgResponseTime: minutesOf(c.secondsSum, c.secondsCount),
  };
  return {
    period: periodOf(w),
    clientEngagement,
    checkInStats,
    engagementDistribution: ENGAGEMENT_STATUSES.map((status) => ({ status, count: clientEngagement.filter((r) => r.engagementStatus === status).length })),
  };
}

// ---------------------------------------------------------------------------------------------
// Goals

const recentCompletionRow = z.object({
  goalId: z.string(),
  title: z.string(),
  type: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  doneAt: z.string(),
  days: z.number(),
});

export async function goalAnalytics(coach: AnalyticsCoach, range: TimeRange, now = new Date()): Promise<GoalAnalytics> {
  const sql = getSql();
  const w = analyticsWindow(range, coach.timezone, now);
  const [aggregates, [active], completions] = await Promise.all([
    goalAggregates(coach.id, w),
    queryRows(
      countRow,
      sql`
      select count(*)::int as n from goals g join clients c on c.id = g.client_id and c.coach_id = ${coach.id}
      where g.coach_id = ${coach.id} and g.status = 'incomplete' and not g.archived and not c.archived`,
    ),
    queryRows(
      recentCompletionRow,
      sql`
      select g.id as "goalId", g.title, g.type::text as type, c.first_name as "firstName", c.last_name as "lastName",
        coalesce(g.completed_at, g.updated_at) as "doneAt",
        (extract(epoch from coalesce(g.completed_at, g.updated_at) - g.created_at) / 86400)::float8 as days
      from goals g join clients c on c.id = g.client_id and c.coach_id = ${coach.id}
      where g.coach_id = ${coach.id} and g.status = 'completed'
        and coalesce(g.completed_at, g.updated_at) >= ${ts(sql, w.start)} and coalesce(g.completed_at, g.updated_at) < ${ts(sql, w.end)}
      order by "doneAt" desc, g.id
      limit ${RECENT_COMPLETIONS_LIMIT}`,
    ),
  ]);
  const { total, types } = aggregates;
  return {
    period: periodOf(w),
    activeGoals: active?.n ?? 0,
    trackedGoals: total.count,
    completedGoals: total.completed,
    abandonedGoals: total.abandoned,
    completionRate: percent(total.completed, total.count),
    abandonmentRate: percent(total.abandoned, total.count),
    avgTimeToComplete: round1(total.avgDays),
    goalTypes: types.map((t) => ({
      type: t.type ?? 'unknown',
      count: t.count,
      completed: t.completed,
      abandoned: t.abandoned,
      completion: percent(t.completed, t.count) ?? 0,
      avgTime: round1(t.avgDays),
    })),
    recentCompletions: completions.map((r) => ({
      goalId: r.goalId,
      client: `${r.firstName} ${r.lastName}`.trim(),
      goal: r.title,
      type: r.type,
      completed: new Date(r.doneAt).toISOString(),
      duration: round1(r.days) ?? 0,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Communication

/**
 * From one pass per client over the range: the clients reached, the correlation between response
 * rate and goal progress, and the retention gap of responsive clients.
 */
async function responseEffects(coachId: string, w: AnalyticsWindow) {
  const [row] = await queryRows(responseEffectsRow, responseEffectsQuery(coachId, w.start, w.end));
  const r = row ?? { reached: 0, n: 0, r: null, responsive: 0, responsiveKept: 0, unresponsive: 0, unresponsiveKept: 0 };
  const responsiveRetention = percent(r.responsiveKept, r.responsive);
  const unresponsiveRetention = percent(r.unresponsiveKept, r.unresponsive);
  return {
    reached: r.reached,
    correlation: r.n >= CORRELATION_MIN_CLIENTS ? round2(r.r) : null,
    correlationClients: r.n,
    retentionImpact: responsiveRetention !== null && unresponsiveRetention !== null ? round1(responsiveRetention - unresponsiveRetention) : null,
  };
}

function metric(key: SmsMetric['key'], name: string, unit: string, description: string, value: number | null, previousValue: number | null): SmsMetric {
  return { key, metric: name, value, previousValue, unit, description, trend: value !== null && previousValue !== null ? round1(value - previousValue) : null };
}

export async function communicationAnalytics(coach: AnalyticsCoach, range: TimeRange, now = new Date()): Promise<CommunicationAnalytics> {
  const w = analyticsWindow(range, coach.timezone, now);
  const [facts, undelivered, effects] = await Promise.all([
    checkInFacts(coach.id, w, true),
    undeliveredCounts(getSql(), coach.id, w.previousStart, w.start, w.end),
    responseEffects(coach.id, w),
  ]);
  const cur = facts.current;
  const prev = facts.previous;
  const smsMetrics: SmsMetric[] = [
    metric('sent', 'Check-ins sent', 'messages', 'Check-in messages delivered to clients', cur.delivered, prev.delivered),
    metric('replies', 'Replies received', 'replies', 'Check-ins the client answered', cur.answered, prev.answered),
    metric('responseRate', 'Response rate', '%', 'Share of delivered check-ins that were answered', percent(cur.answered, cur.delivered), percent(prev.answered, prev.delivered)),
    metric('avgResponseTime', 'Average response time', 'minutes', 'Mean time from sending a check-in to the client’s reply', avgMinutes(cur), avgMinutes(prev)),
    metric(
      'deliveryRate',
      'Delivery rate',
      '%',
      'Share of due check-ins that were sent (the rest were missed or failed before sending)',
      percent(cur.delivered, cur.delivered + undelivered.current),
      percent(prev.delivered, prev.delivered + undelivered.previous),
    ),
  ];
  return {
    period: periodOf(w),
    checkInsSent: cur.delivered,
    avgResponseTime: avgMinutes(cur),
    responseRate: percent(cur.answered, cur.delivered),
    checkInFrequency: frequency(cur.delivered, effects.reached, w.days),
    clientSatisfaction: satisfaction(cur),
    smsMetrics,
    goalProgressCorrelation: effects.correlation,
    correlationClients: effects.correlationClients,
    retentionImpact: effects.retentionImpact,
    engagementTrends: facts.trends,
    responseTimeDistribution: RESPONSE_TIME_BUCKETS.map((b, i) => ({ key: b.key, label: b.label, count: cur.distribution[i] ?? 0 })),
  };
}

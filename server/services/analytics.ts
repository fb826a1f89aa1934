import type postgres from 'postgres';
import {
  CORRELATION_MIN_CLIENTS,
  ENGAGEMENT_POINTS,
  ENGAGEMENT_POINTS_MAX,
  ENGAGEMENT_STATUS_THRESHOLDS,
  ENGAGEMENT_STATUSES,
  MOTIVATION_SCORES,
  RANGE_DAYS,
  RANGE_GRANULARITY,
  RECENT_COMPLETIONS_LIMIT,
  RESPONSE_TIME_BUCKETS,
  RESPONSIVE_SHARE,
  type AnalyticsPeriod,
  type CheckInStats,
  type ClientAnalytics,
  type ClientEngagementRow,
  type CommunicationAnalytics,
  type EngagementStatus,
  type Granularity,
  type GoalAnalytics,
  type OverviewAnalytics,
  type SmsMetric,
  type TimeRange,
  type TrendRow,
} from '@/lib/analytics';
import { addDays, zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';
import { getSql } from '../db/client';

/**
 * Coach analytics (spec 02 §3 and §7). Every figure is an SQL aggregate over the coach's own rows
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

const satisfactionExpr = (sql: Sql) => sql`case motivation
  when 'high' then ${sql.unsafe(String(MOTIVATION_SCORES.high))}
  when 'medium' then ${sql.unsafe(String(MOTIVATION_SCORES.medium))}
  when 'low' then ${sql.unsafe(String(MOTIVATION_SCORES.low))} end`;

/** A timestamp parameter, sent as ISO text (postgres.js cannot bind a Date where Postgres infers text). */
const ts = (sql: Sql, at: Date) => sql`${at.toISOString()}::timestamptz`;

/** Reply delay in minutes (null unless answered after sending). */
const minutesExpr = (sql: Sql) => sql`case when responded_at >= sent_at then extract(epoch from responded_at - sent_at) / 60 end`;

/** When an undelivered check-in was due. */
const dueExpr = (sql: Sql) => sql`coalesce(scheduled_for, created_at)`;

interface CheckInAggregate {
  delivered: number;
  answered: number;
  awaiting: number;
  clients: number;
  avgMinutes: number | null;
  points: number;
  satisfaction: number | null;
}

const EMPTY_AGGREGATE: CheckInAggregate = { delivered: 0, answered: 0, awaiting: 0, clients: 0, avgMinutes: null, points: 0, satisfaction: null };

/** Delivered check-in figures of [from, end), split at `start` into previous and current. */
async function checkInAggregates(sql: Sql, coachId: string, from: Date, start: Date, end: Date) {
  const rows = await sql<(CheckInAggregate & { current: boolean })[]>`
    select sent_at >= ${ts(sql, start)} as current,
      count(*)::int as delivered,
      count(responded_at)::int as answered,
      (count(*) filter (where responded_at is null and status = 'sent'))::int as awaiting,
      count(distinct client_id)::int as clients,
      avg(${minutesExpr(sql)})::float8 as "avgMinutes",
      coalesce(sum(${pointsExpr(sql)}), 0)::int as points,
      (avg(${satisfactionExpr(sql)}) filter (where responded_at is not null))::float8 as satisfaction
    from check_ins
    where coach_id = ${coachId} and sent_at >= ${ts(sql, from)} and sent_at < ${ts(sql, end)}
    group by 1`;
  const pick = (current: boolean): CheckInAggregate => {
    const row = rows.find((r) => r.current === current);
    return row ? { ...row } : { ...EMPTY_AGGREGATE };
  };
  return { current: pick(true), previous: pick(false) };
}

/** Undelivered (missed or failed before sending) check-ins due in [from, end), split at `start`. */
async function undeliveredCounts(sql: Sql, coachId: string, from: Date, start: Date, end: Date) {
  const rows = await sql<{ current: boolean; n: number }[]>`
    select ${dueExpr(sql)} >= ${ts(sql, start)} as current, count(*)::int as n
    from check_ins
    where coach_id = ${coachId} and sent_at is null and status in ('missed', 'failed')
      and ${dueExpr(sql)} >= ${ts(sql, from)} and ${dueExpr(sql)} < ${ts(sql, end)}
    group by 1`;
  return { current: rows.find((r) => r.current)?.n ?? 0, previous: rows.find((r) => !r.current)?.n ?? 0 };
}

/** One row per day, week (Monday) or month of the range in the coach's zone, empty ones included. */
async function trendRows(sql: Sql, coachId: string, w: AnalyticsWindow): Promise<TrendRow[]> {
  const format = w.granularity === 'month' ? 'YYYY-MM' : 'YYYY-MM-DD';
  const rows = await sql<TrendRow[]>`
    with series as (
      select generate_series(
        date_trunc(${w.granularity}::text, ${ts(sql, w.start)} at time zone ${w.timezone}::text),
        date_trunc(${w.granularity}::text, ${ts(sql, w.end)} at time zone ${w.timezone}::text),
        ('1 ' || ${w.granularity}::text)::interval) as bucket
    ), agg as (
      select date_trunc(${w.granularity}::text, sent_at at time zone ${w.timezone}::text) as bucket,
        count(*)::int as check_ins, count(responded_at)::int as responses, avg(${minutesExpr(sql)})::float8 as avg_time
      from check_ins
      where coach_id = ${coachId} and sent_at >= ${ts(sql, w.start)} and sent_at < ${ts(sql, w.end)}
      group by 1
    )
    select to_char(series.bucket, ${format}) as period,
      coalesce(agg.check_ins, 0) as "checkIns", coalesce(agg.responses, 0) as responses, agg.avg_time as "avgTime"
    from series left join agg using (bucket)
    order by series.bucket`;
  return rows.map((r) => ({ period: r.period, checkIns: r.checkIns, responses: r.responses, avgTime: round1(r.avgTime) }));
}

/**
 * The coach's goals with when each was finished: done_at (completed) or dropped_at (left unfinished:
 * the goal archived without completion, or its client archived). A goal is *tracked* in the window
 * when it existed before the window ended and was not finished before it started.
 */
const trackedGoalsCte = (sql: Sql, coachId: string, w: AnalyticsWindow) => sql`
  goal_rows as (
    select g.id, g.client_id, g.type::text as type, g.title, g.created_at, g.progress,
      case when g.status = 'completed' then coalesce(g.completed_at, g.updated_at) end as done_at,
      case when g.status = 'incomplete' and (g.archived or c.archived) then
        least(case when g.archived then g.updated_at end, case when c.archived then coalesce(c.archived_at, g.updated_at) end) end as dropped_at
    from goals g join clients c on c.id = g.client_id and c.coach_id = ${coachId}
    where g.coach_id = ${coachId} and g.created_at < ${ts(sql, w.end)}
  ), tracked as (
    select * from goal_rows
    where (done_at is null or done_at >= ${ts(sql, w.start)}) and (dropped_at is null or dropped_at >= ${ts(sql, w.start)})
  )`;

interface GoalTypeAggregate {
  type: string | null;
  count: number;
  completed: number;
  abandoned: number;
  avgDays: number | null;
}

/** Tracked goals per type plus a total row (type null). */
async function goalAggregates(sql: Sql, coachId: string, w: AnalyticsWindow) {
  const rows = await sql<(GoalTypeAggregate & { total: boolean })[]>`
    with ${trackedGoalsCte(sql, coachId, w)}
    select type, grouping(type) = 1 as total, count(*)::int as count,
      (count(*) filter (where done_at >= ${ts(sql, w.start)}))::int as completed,
      (count(*) filter (where dropped_at >= ${ts(sql, w.start)}))::int as abandoned,
      (avg(extract(epoch from done_at - created_at) / 86400) filter (where done_at >= ${ts(sql, w.start)}))::float8 as "avgDays"
    from tracked
    group by grouping sets ((type), ())`;
  const total = rows.find((r) => r.total) ?? { type: null, count: 0, completed: 0, abandoned: 0, avgDays: null };
  const types = rows.filter((r) => !r.total).sort((a, b) => b.count - a.count || String(a.type).localeCompare(String(b.type)));
  return { total, types };
}

// ---------------------------------------------------------------------------------------------
// Overview

async function clientCounts(sql: Sql, coachId: string, w: AnalyticsWindow) {
  const [row] = await sql<{ current: number; base: number; churned: number }[]>`
    select (count(*) filter (where not archived))::int as current,
      (count(*) filter (where created_at < ${ts(sql, w.start)} and (not archived or archived_at >= ${ts(sql, w.start)})))::int as base,
      (count(*) filter (where created_at < ${ts(sql, w.start)} and archived and archived_at >= ${ts(sql, w.start)} and archived_at < ${ts(sql, w.end)}))::int as churned
    from clients where coach_id = ${coachId}`;
  return row ?? { current: 0, base: 0, churned: 0 };
}

export async function overview(coach: AnalyticsCoach, range: TimeRange, now = new Date()): Promise<OverviewAnalytics> {
  const sql = getSql();
  const w = analyticsWindow(range, coach.timezone, now);
  const [checkIns, clients, goals, trends] = await Promise.all([
    checkInAggregates(sql, coach.id, w.start, w.start, w.end),
    clientCounts(sql, coach.id, w),
    goalAggregates(sql, coach.id, w),
    trendRows(sql, coach.id, w),
  ]);
  const c = checkIns.current;
  return {
    period: periodOf(w),
    totalClients: clients.current,
    totalCheckIns: c.delivered,
    avgResponseTime: round1(c.avgMinutes),
    clientRetention: percent(clients.base - clients.churned, clients.base),
    engagementScore: engagementScore(c.points, c.delivered),
    checkInFrequency: frequency(c.delivered, c.clients, w.days),
    goalCompletionRate: percent(goals.total.completed, goals.total.count),
    responseRate: percent(c.answered, c.delivered),
    trends,
  };
}

// ---------------------------------------------------------------------------------------------
// Clients

interface ClientAggregate {
  id: string;
  firstName: string;
  lastName: string;
  onHold: boolean;
  delivered: number;
  answered: number;
  avgMinutes: number | null;
  points: number;
  goals: number;
  progress: number | null;
  lastSent: Date | null;
}

export async function clientAnalytics(coach: AnalyticsCoach, range: TimeRange, now = new Date()): Promise<ClientAnalytics> {
  const sql = getSql();
  const w = analyticsWindow(range, coach.timezone, now);
  const [clientRows, checkIns, undelivered, [upcoming]] = await Promise.all([
    sql<ClientAggregate[]>`
      with stats as (
        select client_id, count(*)::int as delivered, count(responded_at)::int as answered,
          avg(${minutesExpr(sql)})::float8 as avg_minutes, sum(${pointsExpr(sql)})::int as points
        from check_ins
        where coach_id = ${coach.id} and sent_at >= ${ts(sql, w.start)} and sent_at < ${ts(sql, w.end)}
        group by client_id
      ), open_goals as (
        select client_id, count(*)::int as goals, avg(least(progress, 100))::float8 as progress
        from goals where coach_id = ${coach.id} and status = 'incomplete' and not archived
        group by client_id
      )
      select c.id, c.first_name as "firstName", c.last_name as "lastName", c.check_ins_held as "onHold",
        coalesce(s.delivered, 0) as delivered, coalesce(s.answered, 0) as answered, s.avg_minutes as "avgMinutes",
        coalesce(s.points, 0) as points, coalesce(g.goals, 0) as goals, g.progress, last.sent_at as "lastSent"
      from clients c
      left join stats s on s.client_id = c.id
      left join open_goals g on g.client_id = c.id
      left join lateral (
        select ci.sent_at from check_ins ci where ci.client_id = c.id and ci.sent_at is not null order by ci.sent_at desc limit 1
      ) last on true
      where c.coach_id = ${coach.id} and not c.archived
      order by lower(c.first_name), lower(c.last_name), c.id`,
    checkInAggregates(sql, coach.id, w.start, w.start, w.end),
    undeliveredCounts(sql, coach.id, w.start, w.start, w.end),
    sql<{ n: number }[]>`
      select count(*)::int as n from check_ins
      where coach_id = ${coach.id} and sent_at is null and status = 'scheduled' and ${dueExpr(sql)} >= ${ts(sql, w.end)}`,
  ]);

  const clientEngagement: ClientEngagementRow[] = clientRows.map((r) => {
    const score = engagementScore(r.points, r.delivered);
    return {
      id: r.id,
      _id: r.id,
      name: `${r.firstName} ${r.lastName}`.trim(),
      engagementStatus: engagementStatusOf(score),
      engagementScore: score,
      lastCheckIn: r.lastSent ? new Date(r.lastSent).toISOString() : null,
      progress: round1(r.progress),
      responseTime: round1(r.avgMinutes),
      responseRate: percent(r.answered, r.delivered),
      checkIns: r.delivered,
      responses: r.answered,
      goals: r.goals,
      onHold: r.onHold,
    };
  });
  const c = checkIns.current;
  const checkInStats: CheckInStats = {
    total: c.delivered + undelivered.current,
    delivered: c.delivered,
    responded: c.answered,
    noResponse: c.delivered - c.answered - c.awaiting,
    awaitingReply: c.awaiting,
    missed: undelivered.current,
    upcoming: upcoming?.n ?? 0,
    responseRate: percent(c.answered, c.delivered),
    avgResponseTime: round1(c.avgMinutes),
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

export async function goalAnalytics(coach: AnalyticsCoach, range: TimeRange, now = new Date()): Promise<GoalAnalytics> {
  const sql = getSql();
  const w = analyticsWindow(range, coach.timezone, now);
  const [aggregates, [active], completions] = await Promise.all([
    goalAggregates(sql, coach.id, w),
    sql<{ n: number }[]>`
      select count(*)::int as n from goals g join clients c on c.id = g.client_id and c.coach_id = ${coach.id}
      where g.coach_id = ${coach.id} and g.status = 'incomplete' and not g.archived and not c.archived`,
    sql<{ goalId: string; title: string; type: string; firstName: string; lastName: string; doneAt: Date; days: number }[]>`
      select g.id as "goalId", g.title, g.type::text as type, c.first_name as "firstName", c.last_name as "lastName",
        coalesce(g.completed_at, g.updated_at) as "doneAt",
        (extract(epoch from coalesce(g.completed_at, g.updated_at) - g.created_at) / 86400)::float8 as days
      from goals g join clients c on c.id = g.client_id and c.coach_id = ${coach.id}
      where g.coach_id = ${coach.id} and g.status = 'completed'
        and coalesce(g.completed_at, g.updated_at) >= ${ts(sql, w.start)} and coalesce(g.completed_at, g.updated_at) < ${ts(sql, w.end)}
      order by "doneAt" desc, g.id
      limit ${RECENT_COMPLETIONS_LIMIT}`,
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

/** Correlation between response rate and goal progress, and the retention gap of responsive clients. */
async function responseEffects(sql: Sql, coachId: string, w: AnalyticsWindow) {
  const [row] = await sql<{ n: number; r: number | null; responsive: number; responsiveKept: number; unresponsive: number; unresponsiveKept: number }[]>`
    with stats as (
      select client_id, count(*)::int as delivered, count(responded_at)::int as answered
      from check_ins
      where coach_id = ${coachId} and sent_at >= ${ts(sql, w.start)} and sent_at < ${ts(sql, w.end)}
      group by client_id
    ), ${trackedGoalsCte(sql, coachId, w)},
    gains as (
      select t.client_id,
        avg(case when t.done_at is not null then 100 else least(t.progress, 100) end - coalesce(before.progress, 0))::float8 as gain
      from tracked t
      left join lateral (
        select least(h.progress, 100) as progress from goal_progress_history h
        where h.goal_id = t.id and h.created_at < ${ts(sql, w.start)}
        order by h.created_at desc limit 1
      ) before on t.created_at < ${ts(sql, w.start)}
      group by t.client_id
    ), paired as (
      select s.answered::float8 / s.delivered as rate, g.gain from stats s join gains g using (client_id)
    ), base as (
      select s.delivered, s.answered, coalesce(c.archived and c.archived_at >= ${ts(sql, w.start)}, false) as churned
      from clients c join stats s on s.client_id = c.id
      where c.coach_id = ${coachId} and c.created_at < ${ts(sql, w.start)} and (not c.archived or c.archived_at >= ${ts(sql, w.start)})
    )
    select
      (select count(*) from paired)::int as n,
      (select corr(rate, gain) from paired)::float8 as r,
      (select count(*) filter (where answered >= ${RESPONSIVE_SHARE}::float8 * delivered) from base)::int as responsive,
      (select count(*) filter (where answered >= ${RESPONSIVE_SHARE}::float8 * delivered and not churned) from base)::int as "responsiveKept",
      (select count(*) filter (where answered < ${RESPONSIVE_SHARE}::float8 * delivered) from base)::int as unresponsive,
      (select count(*) filter (where answered < ${RESPONSIVE_SHARE}::float8 * delivered and not churned) from base)::int as "unresponsiveKept"`;
  const r = row ?? { n: 0, r: null, responsive: 0, responsiveKept: 0, unresponsive: 0, unresponsiveKept: 0 };
  const responsiveRetention = percent(r.responsiveKept, r.responsive);
  const unresponsiveRetention = percent(r.unresponsiveKept, r.unresponsive);
  return {
    correlation: r.n >= CORRELATION_MIN_CLIENTS ? round2(r.r) : null,
    correlationClients: r.n,
    retentionImpact: responsiveRetention !== null && unresponsiveRetention !== null ? round1(responsiveRetention - unresponsiveRetention) : null,
  };
}

async function responseTimeDistribution(sql: Sql, coachId: string, w: AnalyticsWindow) {
  const thresholds = RESPONSE_TIME_BUCKETS.slice(1).map((b) => b.from);
  const rows = await sql<{ bucket: number; n: number }[]>`
    select width_bucket(minutes, ${sql.unsafe(`array[${thresholds.join(',')}]::float8[]`)}) as bucket, count(*)::int as n
    from (select ${minutesExpr(sql)} as minutes from check_ins
          where coach_id = ${coachId} and sent_at >= ${ts(sql, w.start)} and sent_at < ${ts(sql, w.end)} and responded_at >= sent_at) answered
    group by 1`;
  return RESPONSE_TIME_BUCKETS.map((b, i) => ({ key: b.key, label: b.label, count: rows.find((r) => r.bucket === i)?.n ?? 0 }));
}

function metric(key: SmsMetric['key'], name: string, unit: string, description: string, value: number | null, previousValue: number | null): SmsMetric {
  return { key, metric: name, value, previousValue, unit, description, trend: value !== null && previousValue !== null ? round1(value - previousValue) : null };
}

export async function communicationAnalytics(coach: AnalyticsCoach, range: TimeRange, now = new Date()): Promise<CommunicationAnalytics> {
  const sql = getSql();
  const w = analyticsWindow(range, coach.timezone, now);
  const [checkIns, undelivered, trends, effects, distribution] = await Promise.all([
    checkInAggregates(sql, coach.id, w.previousStart, w.start, w.end),
    undeliveredCounts(sql, coach.id, w.previousStart, w.start, w.end),
    trendRows(sql, coach.id, w),
    responseEffects(sql, coach.id, w),
    responseTimeDistribution(sql, coach.id, w),
  ]);
  const cur = checkIns.current;
  const prev = checkIns.previous;
  const smsMetrics: SmsMetric[] = [
    metric('sent', 'Check-ins sent', 'messages', 'Check-in messages delivered to clients', cur.delivered, prev.delivered),
    metric('replies', 'Replies received', 'replies', 'Check-ins the client answered', cur.answered, prev.answered),
    metric('responseRate', 'Response rate', '%', 'Share of delivered check-ins that were answered', percent(cur.answered, cur.delivered), percent(prev.answered, prev.delivered)),
    metric('avgResponseTime', 'Average response time', 'minutes', 'Mean time from sending a check-in to the client’s reply', round1(cur.avgMinutes), round1(prev.avgMinutes)),
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
    avgResponseTime: round1(cur.avgMinutes),
    responseRate: percent(cur.answered, cur.delivered),
    checkInFrequency: frequency(cur.delivered, cur.clients, w.days),
    clientSatisfaction: round1(cur.satisfaction),
    smsMetrics,
    goalProgressCorrelation: effects.correlation,
    correlationClients: effects.correlationClients,
    retentionImpact: effects.retentionImpact,
    engagementTrends: trends,
    responseTimeDistribution: distribution,
  };
}

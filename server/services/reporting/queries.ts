/**
 * The reporting SQL that the services and the bench baseline (bench/baseline-server.ts) both run,
 * as text with positional parameters, with the schema of its rows. The baseline measures what the
 * framework costs on top of the same statements, so it must not run a copy that drifts.
 * Nothing here touches the database: a caller runs the text with its own client. The analytics
 * statements ask to be prepared, as they were while the service wrote them as postgres.js tagged
 * queries; the usage ones ran unprepared through Drizzle and still do.
 */
import { z } from 'zod';
import { ENGAGEMENT_POINTS, MOTIVATION_SCORES, RESPONSE_TIME_BUCKETS, RESPONSIVE_SHARE } from '@/lib/analytics';
import { ADMIN_LIMITS } from '@/lib/constants';
import { GOAL_KIND } from '@/lib/goal-types';
import type { SqlText } from '../../db/query-rows';

/** An instant as a parameter: ISO text (postgres.js cannot bind a Date where Postgres infers text). */
const iso = (date: Date) => date.toISOString();

/** A literal integer written into the text (so the planner sees it), refused unless it is one. */
function literalInt(n: number): string {
  if (!Number.isSafeInteger(n)) throw new Error(`not an integer: ${n}`);
  return String(n);
}

// ---- admin usage (server/services/admin-usage.ts) -----------------------------------------------

export interface InstantRange {
  from: Date;
  to: Date;
}

/** Calls per service and status in one pass over the range (api_usage_created_idx). */
export function usageStatusFiguresQuery(range: InstantRange): SqlText {
  return {
    text: `
      select service, status, count(*)::int as count, coalesce(sum(response_ms), 0)::float8 as ms_sum, coalesce(sum(cost_usd), 0)::float8 as cost
      from api_usage
      where created_at >= $1::timestamptz and created_at < $2::timestamptz
      group by service, status
      order by service, count desc`,
    values: [iso(range.from), iso(range.to)],
  };
}
export const usageStatusFigureRow = z.object({ service: z.string(), status: z.string(), count: z.number(), ms_sum: z.number(), cost: z.number() });

/** How a failed call's error type is read: its status code, or 'error' when the call never got one. */
export const USAGE_ERROR_TYPE = `coalesce(status_code::text, 'error')`;

/**
 * Up to ADMIN_LIMITS.errorSampleMessages sample error messages per service and status (or error
 * type), most frequent first, with how many distinct messages there were.
 */
export function usageErrorSamplesQuery(range: InstantRange, by: 'status' | 'errorType'): SqlText {
  const status = by === 'status' ? 'status' : USAGE_ERROR_TYPE;
  return {
    text: `
      select service, status, error_message, distinct_count from (
        select service, ${status} as status, error_message,
               row_number() over (partition by service, ${status} order by count(*) desc, error_message) as rank,
               count(*) over (partition by service, ${status})::int as distinct_count
        from api_usage
        where created_at >= $1::timestamptz and created_at < $2::timestamptz and error_message is not null ${by === 'errorType' ? `and status <> 'success'` : ''}
        group by service, ${status}, error_message
      ) ranked
      where rank <= $3
      order by service, status, rank`,
    values: [iso(range.from), iso(range.to), ADMIN_LIMITS.errorSampleMessages],
  };
}
export const usageErrorSampleRow = z.object({ service: z.string(), status: z.string(), error_message: z.string(), distinct_count: z.number() });

// ---- coach analytics (server/services/analytics.ts) ---------------------------------------------

const POINTS = `case when not answered then ${ENGAGEMENT_POINTS.unanswered} when assessment = 'great' then ${ENGAGEMENT_POINTS.great}
    when assessment = 'bad' then ${ENGAGEMENT_POINTS.bad} when assessment = 'okay' then ${ENGAGEMENT_POINTS.okay} else ${ENGAGEMENT_POINTS.unassessed} end`;
const MOOD = `case motivation when 'high' then ${MOTIVATION_SCORES.high} when 'medium' then ${MOTIVATION_SCORES.medium} when 'low' then ${MOTIVATION_SCORES.low} end`;
/** The RESPONSE_TIME_BUCKETS index of a reply delay, by plain integer comparisons. */
const DELAY_BUCKET = `case ${RESPONSE_TIME_BUCKETS.map((b, i) => (b.to === null ? `when response_seconds >= ${b.from * 60} then ${i}` : `when response_seconds < ${b.to * 60} then ${i}`)).join(' ')} end`;

/**
 * The figures of a coach's delivered check-ins per period, read from check_ins_coach_sent_idx
 * alone: one index range scan per period (so no row needs a time-zone conversion to find its
 * period), first counted per combination of the few values that matter, then summed per period.
 * Period i runs from bounds[i - 1] to bounds[i] (1-based, as Postgres arrays); only periods
 * firstBucket..lastBucket are read.
 */
export function checkInFactsQuery(coachId: string, bounds: Date[], firstBucket: number, lastBucket: number): SqlText {
  return {
    text: `
      with cells as (
        select p.bucket, ci.responded_at is not null as answered, ci.status = 'sent' as open,
          ci.engagement_assessment as assessment, ci.motivation, ${DELAY_BUCKET} as delay_bucket,
          count(*) as n, sum(response_seconds) as seconds, count(response_seconds) as timed
        from generate_series(${literalInt(firstBucket)}, ${literalInt(lastBucket)}) as p(bucket)
        join check_ins ci on ci.coach_id = $1
          and ci.sent_at >= ($2::timestamptz[])[p.bucket] and ci.sent_at < ($2::timestamptz[])[p.bucket + 1]
        group by 1, 2, 3, 4, 5, 6
      )
      select bucket,
        sum(n)::int as delivered,
        coalesce(sum(n) filter (where answered), 0)::int as answered,
        coalesce(sum(n) filter (where not answered and open), 0)::int as awaiting,
        coalesce(sum(seconds), 0)::float8 as "secondsSum",
        sum(timed)::int as "secondsCount",
        sum(n * ${POINTS})::int as points,
        coalesce(sum(n * ${MOOD}) filter (where answered), 0)::float8 as "satisfactionSum",
        coalesce(sum(n) filter (where answered and ${MOOD} is not null), 0)::int as "satisfactionCount",
        array[${RESPONSE_TIME_BUCKETS.map((_, i) => `coalesce(sum(n) filter (where delay_bucket = ${i}), 0)::int`).join(', ')}] as distribution
      from cells
      group by bucket`,
    values: [coachId, `{${bounds.map(iso).join(',')}}`],
    prepare: true,
  };
}
export const checkInFactsRow = z.object({
  bucket: z.number(),
  delivered: z.number(),
  answered: z.number(),
  awaiting: z.number(),
  secondsSum: z.number(),
  secondsCount: z.number(),
  points: z.number(),
  satisfactionSum: z.number(),
  satisfactionCount: z.number(),
  /** Answered check-ins per RESPONSE_TIME_BUCKETS entry. */
  distribution: z.array(z.number()),
});

/** Clients sent at least one check-in in [start, end) (one probe of check_ins_client_sent_idx per client). */
export function clientsReachedQuery(coachId: string, start: Date, end: Date): SqlText {
  return {
    text: `
      select count(*)::int as n from clients c
      where c.coach_id = $1
        and exists (select 1 from check_ins ci where ci.client_id = c.id and ci.sent_at >= $2::timestamptz and ci.sent_at < $3::timestamptz)`,
    values: [coachId, iso(start), iso(end)],
    prepare: true,
  };
}
export const countRow = z.object({ n: z.number() });

/** The coach's clients now, those there at `start`, and those of them archived before `end`. */
export function clientCountsQuery(coachId: string, start: Date, end: Date): SqlText {
  return {
    text: `
      select (count(*) filter (where not archived))::int as current,
        (count(*) filter (where created_at < $2::timestamptz and (not archived or archived_at >= $2::timestamptz)))::int as base,
        (count(*) filter (where created_at < $2::timestamptz and archived and archived_at >= $2::timestamptz and archived_at < $3::timestamptz))::int as churned
      from clients where coach_id = $1`,
    values: [coachId, iso(start), iso(end)],
    prepare: true,
  };
}
export const clientCountsRow = z.object({ current: z.number(), base: z.number(), churned: z.number() });

/** A goal's kind (GOAL_KIND): older type names are counted with the kind they name. */
const GOAL_KIND_SQL = `case g.type::text ${Object.entries(GOAL_KIND)
  .filter(([type, kind]) => type !== kind)
  .map(([type, kind]) => `when '${type}' then '${kind}'`)
  .join(' ')} else g.type::text end`;

/**
 * The coach's ($1) goals with when each was finished: done_at (completed) or dropped_at (left
 * unfinished: the goal archived without completion, or its client archived). A goal is *tracked*
 * in the window [$2, $3) when it existed before the window ended and was not finished before it
 * started.
 */
const TRACKED_GOALS = `
  goal_rows as (
    select g.id, g.client_id, ${GOAL_KIND_SQL} as type, g.title, g.created_at, g.progress,
      case when g.status = 'completed' then coalesce(g.completed_at, g.updated_at) end as done_at,
      case when g.status = 'incomplete' and (g.archived or c.archived) then
        least(case when g.archived then g.updated_at end, case when c.archived then coalesce(c.archived_at, g.updated_at) end) end as dropped_at
    from goals g join clients c on c.id = g.client_id and c.coach_id = $1
    where g.coach_id = $1 and g.created_at < $3::timestamptz
  ), tracked as (
    select * from goal_rows
    where (done_at is null or done_at >= $2::timestamptz) and (dropped_at is null or dropped_at >= $2::timestamptz)
  )`;

/** Tracked goals per type plus a total row (type null, total true). */
export function goalAggregatesQuery(coachId: string, start: Date, end: Date): SqlText {
  return {
    text: `
      with ${TRACKED_GOALS}
      select type, grouping(type) = 1 as total, count(*)::int as count,
        (count(*) filter (where done_at >= $2::timestamptz))::int as completed,
        (count(*) filter (where dropped_at >= $2::timestamptz))::int as abandoned,
        (avg(extract(epoch from done_at - created_at) / 86400) filter (where done_at >= $2::timestamptz))::float8 as "avgDays"
      from tracked
      group by grouping sets ((type), ())`,
    values: [coachId, iso(start), iso(end)],
    prepare: true,
  };
}
export const goalAggregateRow = z.object({
  type: z.string().nullable(),
  total: z.boolean(),
  count: z.number(),
  completed: z.number(),
  abandoned: z.number(),
  avgDays: z.number().nullable(),
});

/**
 * From one pass per client over [start, end): the clients reached, the correlation between
 * response rate and goal progress, and the retention of responsive and unresponsive clients.
 */
export function responseEffectsQuery(coachId: string, start: Date, end: Date): SqlText {
  return {
    text: `
      with stats as (
        select client_id, count(*)::int as delivered, count(responded_at)::int as answered
        from check_ins
        where coach_id = $1 and sent_at >= $2::timestamptz and sent_at < $3::timestamptz
        group by client_id
      ), ${TRACKED_GOALS},
      gains as (
        select t.client_id,
          avg(case when t.done_at is not null then 100 else least(t.progress, 100) end - coalesce(before.progress, 0))::float8 as gain
        from tracked t
        left join lateral (
          select least(h.progress, 100) as progress from goal_progress_history h
          where h.goal_id = t.id and h.created_at < $2::timestamptz
          order by h.created_at desc limit 1
        ) before on t.created_at < $2::timestamptz
        group by t.client_id
      ), paired as (
        select s.answered::float8 / s.delivered as rate, g.gain from stats s join gains g using (client_id)
      ), base as (
        select s.delivered, s.answered, coalesce(c.archived and c.archived_at >= $2::timestamptz, false) as churned
        from clients c join stats s on s.client_id = c.id
        where c.coach_id = $1 and c.created_at < $2::timestamptz and (not c.archived or c.archived_at >= $2::timestamptz)
      )
      select
        (select count(*) from stats)::int as reached,
        (select count(*) from paired)::int as n,
        (select corr(rate, gain) from paired)::float8 as r,
        (select count(*) filter (where answered >= $4::float8 * delivered) from base)::int as responsive,
        (select count(*) filter (where answered >= $4::float8 * delivered and not churned) from base)::int as "responsiveKept",
        (select count(*) filter (where answered < $4::float8 * delivered) from base)::int as unresponsive,
        (select count(*) filter (where answered < $4::float8 * delivered and not churned) from base)::int as "unresponsiveKept"`,
    values: [coachId, iso(start), iso(end), RESPONSIVE_SHARE],
    prepare: true,
  };
}
export const responseEffectsRow = z.object({
  reached: z.number(),
  n: z.number(),
  r: z.number().nullable(),
  responsive: z.number(),
  responsiveKept: z.number(),
  unresponsive: z.number(),
  unresponsiveKept: z.number(),
});

import { z } from 'zod';
import { RESPONDED_WEEK_STATUSES, type ClientFilter } from '@/lib/client-list';
import { NEXT_CHECK_INS_ITEMS, RECENT_ACTIVITY_ITEMS } from '@/lib/constants';
import type { ClientStats } from '@/lib/schemas/clients';
import { zonedParts } from '@/lib/zoned-time';
import { preparedText, queryRows } from '../db/query-rows';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { clients } from '../db/schema';
import { filterCondition } from './client-list';
import { currentWeek, type CoachRef } from './clients';

/** Names shown on the Responding card's "no reply yet" chips. */
const AWAITING_SHOWN = 4;
/** How many of the coach's newest replies, and of their newest texts, Recent Activity reads: enough to name five clients in all but rare cases. */
const RECENT_ACTIVITY_SCAN = 100;

const at = (instant: number | Date) => sql`${new Date(instant).toISOString()}::timestamptz`;
const name = (first: string, last: string) => `${first} ${last}`.trim();
const textList = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** Clients whose check-ins go out (not archived, not on hold), as the list's own rules say. */
const sendingClients = (coachId: string) => sql`c.coach_id = ${coachId} and not c.archived and not c.check_ins_held`;

/** A day's slots of a client's weekly schedule, as rows `s`; ENABLED keeps the switched-on ones. */
const slotsOf = (day: SQL) => sql`jsonb_array_elements(coalesce(c.check_in_schedule -> (${day})::text, '[]'::jsonb)) s`;
const ENABLED = sql`(s ->> 'enabled')::boolean`;
const WEEKDAY_KEYS = sql`('0', '1', '2', '3', '4', '5', '6')`;

/**
 * Every enabled slot of the sending clients' weekly schedules, one row each (its client `c`, its
 * weekday key `k.key`, the slot `s`), each client's schedule read once. Reading one weekday at a
 * time read every schedule seven or eight times over, most of the stat cards' time at a thousand
 * clients (docs/performance.md). The clients are picked first, as their own materialised set: the
 * planner otherwise takes a set-returning function for 100 rows and scanned every coach's clients.
 */
const enabledSlots = (coachId: string, columns: SQL) => sql`
  (with sending as materialized (select ${columns}, c.check_in_schedule from clients c where ${sendingClients(coachId)})
  select c.*, k.key, s from sending c
  cross join lateral jsonb_each(coalesce(c.check_in_schedule, '{}'::jsonb)) k
  cross join lateral jsonb_array_elements(k.value) s
  where k.key in ${WEEKDAY_KEYS} and ${ENABLED})`;

const named = { id: z.string(), first_name: z.string(), last_name: z.string() };
const scheduleRow = z.object({ per_day: z.array(z.number()), next: z.array(z.object({ ...named, at: z.string() })) });
const weekRow = z.object({
  responded: z.number(),
  completed: z.number(),
  replied: z.number(),
  no_response: z.number(),
  missed_rows: z.number(),
  missed_slots: z.number(),
  awaiting_total: z.number(),
  awaiting: z.array(z.object(named)),
});
const filtersRow = z.object({ clients: z.number(), active: z.number(), on_hold: z.number(), needs_attention: z.number(), quiet: z.number() });
const recentRow = z.object({ client_id: z.string(), first_name: z.string(), last_name: z.string(), activity_id: z.string(), check_in_id: z.string().nullable(), at: z.string(), text: z.string() });

/**
 * The stat cards' four statements, built but not run: the service runs them, and the bench baseline
 * (bench/baseline-server.ts) runs the very same text through a raw client. Each set a card reads
 * twice (the enabled slots, this week's rows) is built once, in one statement.
 */
export function clientStatsStatements(coach: Pick<CoachRef, 'id' | 'timezone'>, now: Date) {
  const week = currentWeek(coach.timezone, now);
  const today = zonedParts(coach.timezone, now).date;
  const todayIndex = week.dates.findIndex((d) => d === today);
  const dayStarts = sql`array[${sql.join(week.dayStarts.map((t) => at(t)), sql`, `)}]`;
  const when = sql`coalesce(ci.sent_at, ci.scheduled_for, ci.created_at)`;

  // This week's check-in rows, the latest per client and day as the bubble shows it.
  const weekRows = sql`
    select distinct on (ci.client_id, day) ci.client_id, day, ci.status::text as status
    from check_ins ci
    join clients c on c.id = ci.client_id and c.coach_id = ${coach.id} and not c.archived
    cross join lateral (select width_bucket(${when}, ${dayStarts}) - 1 as day) d
    where ci.coach_id = ${coach.id} and ${when} >= ${at(week.dayStarts[0]!)} and ${when} < ${at(week.dayStarts[7]!)}
    order by ci.client_id, day, ci.created_at desc`;
  const responded = sql`select distinct client_id from week_rows where status in (${textList(RESPONDED_WEEK_STATUSES)})`;

  const filterCount = (filter: ClientFilter) => sql`(count(*) filter (where ${filterCondition(filter, coach.id, now)}))::int`;
  return {
    // Slots per weekday, and each enabled slot's occurrences over the next eight local days of its
    // client (so one earlier today shows a week on): its first day on or after the client's today,
    // and that day a week on when it is today, the ones still ahead.
    schedule: sql`
      with slot as materialized ${enabledSlots(coach.id, sql`c.id, c.first_name, c.last_name, c.timezone, (${at(now)} at time zone c.timezone)::date as today`)}
      select
        array(
          select coalesce(per.n, 0) from generate_series(0, 6) d(i)
          left join (select key, count(*)::int as n from slot group by key) per on per.key = d.i::text
          order by d.i
        ) as per_day,
        coalesce((
          select json_agg(json_build_object('id', n.id, 'first_name', n.first_name, 'last_name', n.last_name, 'at', to_json(n.at) #>> '{}')
            order by n.at, n.first_name, n.last_name, n.id)
          from (
            select slot.id, slot.first_name, slot.last_name, o.at
            from slot
            cross join lateral (select (slot.key::int - (extract(isodow from slot.today)::int - 1) + 7) % 7 as first) f
            cross join lateral (values (f.first), (f.first + 7)) w(n)
            cross join lateral (select ((slot.today + w.n + (slot.s ->> 'time')::time) at time zone slot.timezone) as at) o
            where w.n <= 7 and o.at > ${at(now)}
            order by o.at, slot.first_name, slot.last_name, slot.id
            limit ${NEXT_CHECK_INS_ITEMS}
          ) n
        ), '[]'::json) as next`,
    week: sql`
      with week_rows as (${weekRows}), responded as (${responded}), awaiting as (
        select c.id, c.first_name, c.last_name from clients c
        where ${sendingClients(coach.id)} and c.id not in (select client_id from responded)
      )
      select
        (select count(*)::int from responded) as responded,
        (select count(*)::int from week_rows where status = 'completed') as completed,
        (select count(*)::int from week_rows where status = 'responded') as replied,
        (select count(*)::int from week_rows where status = 'no_response') as no_response,
        (select count(*)::int from week_rows where status = 'missed') as missed_rows,
        -- A past day with an enabled slot and no check-in at all, for a client who existed by then.
        (select count(*)::int from clients c
          cross join generate_series(0, ${todayIndex - 1}::int) d(i)
          where ${sendingClients(coach.id)}
            and c.created_at < (${dayStarts})[d.i + 2]
            and exists (select 1 from ${slotsOf(sql`d.i`)} where ${ENABLED})
            and not exists (select 1 from week_rows w where w.client_id = c.id and w.day = d.i)
        ) as missed_slots,
        (select count(*)::int from awaiting) as awaiting_total,
        coalesce((
          select json_agg(json_build_object('id', a.id, 'first_name', a.first_name, 'last_name', a.last_name) order by a.first_name, a.last_name, a.id)
          from (select * from awaiting order by first_name, last_name, id limit ${AWAITING_SHOWN}) a
        ), '[]'::json) as awaiting`,
    recent: sql`
      with activity as (
        (select ci.client_id, ci.id, ci.id as check_in_id, ci.responded_at as at, ci.client_response as text, 'check_in' as source
          from check_ins ci
          where ci.coach_id = ${coach.id} and ci.client_response is not null and ci.responded_at is not null
          order by ci.responded_at desc limit ${RECENT_ACTIVITY_SCAN})
        union all
        (select m.client_id, m.id, m.check_in_id, m.created_at, m.body, 'message'
          from client_messages m
          where m.coach_id = ${coach.id} and m.direction = 'in'
          order by m.created_at desc limit ${RECENT_ACTIVITY_SCAN})
      ), complete_after as (
        select coalesce(max(oldest) filter (where n = ${RECENT_ACTIVITY_SCAN}), '-infinity'::timestamptz) as at
        from (select count(*) as n, min(at) as oldest from activity group by source) per_source
      ), newest as (
        select * from (
          select distinct on (c.id) c.id as client_id, c.first_name, c.last_name, a.id as activity_id, a.check_in_id, a.at, a.text
          from activity a join clients c on c.id = a.client_id and c.coach_id = ${coach.id} and not c.archived
          where a.at > (select at from complete_after)
          order by c.id, a.at desc
        ) per_client order by at desc, client_id limit ${RECENT_ACTIVITY_ITEMS}
      ), enough as (
        select count(*) = ${RECENT_ACTIVITY_ITEMS} or (select at from complete_after) = '-infinity' as yes from newest
      )
      select client_id, first_name, last_name, activity_id, check_in_id, to_json(at) #>> '{}' as at, text from (
        select * from newest where (select yes from enough)
        union all
        select * from (
          select c.id as client_id, c.first_name, c.last_name, l.id as activity_id, l.check_in_id, l.at, l.text
          from clients c
          cross join lateral (
            select * from (
              (select ci.id, ci.id as check_in_id, ci.responded_at as at, ci.client_response as text
                from check_ins ci
                where ci.client_id = c.id and ci.coach_id = ${coach.id} and ci.client_response is not null and ci.responded_at is not null
                order by ci.responded_at desc limit 1)
              union all
              (select m.id, m.check_in_id, m.created_at as at, m.body as text
                from client_messages m
                where m.client_id = c.id and m.coach_id = ${coach.id} and m.direction = 'in'
                order by m.created_at desc limit 1)
            ) done order by done.at desc limit 1
          ) l
          where c.coach_id = ${coach.id} and not c.archived and not (select yes from enough)
          order by l.at desc, c.id
          limit ${RECENT_ACTIVITY_ITEMS}
        ) each_client
      ) recent
      order by recent.at desc, recent.client_id`,
    filters: sql`
      select count(*)::int as clients, ${filterCount('active')} as active, ${filterCount('on_hold')} as on_hold, ${filterCount('needs_attention')} as needs_attention, ${filterCount('quiet')} as quiet
      from ${clients} where ${and(eq(clients.coachId, coach.id), eq(clients.archived, false))}`,
  };
}

/**
 * The three stat cards (product §2.2) over every active client, in aggregate SQL: a coach with a
 * thousand clients gets a few numbers and a handful of names, never the clients themselves.
 * The figures are the ones the cards used to derive from the whole list (weekly slots, the next
 * check-ins, this week's bubbles, each client's latest reply or text). The statements run prepared:
 * Postgres parsed and planned their text on every request, which cost more than some of them took to run.
 */
export async function clientStats(coach: CoachRef, now = new Date()): Promise<ClientStats> {
  const statements = clientStatsStatements(coach, now);
  const [[schedule], [week], recent, [filters]] = await Promise.all([
    queryRows(scheduleRow, preparedText(statements.schedule)),
    queryRows(weekRow, preparedText(statements.week)),
    queryRows(recentRow, preparedText(statements.recent)),
    queryRows(filtersRow, preparedText(statements.filters)),
  ]);

  const perDay = schedule?.per_day ?? [0, 0, 0, 0, 0, 0, 0];
  return {
    clients: filters?.clients ?? 0,
    filters: { active: filters?.active ?? 0, on_hold: filters?.on_hold ?? 0, needs_attention: filters?.needs_attention ?? 0, quiet: filters?.quiet ?? 0 },
    scheduled: {
      total: perDay.reduce((sum, n) => sum + n, 0),
      perDay,
      next: (schedule?.next ?? []).map((r) => ({ clientId: r.id, clientName: name(r.first_name, r.last_name), at: new Date(r.at).toISOString() })),
    },
    responding: {
      responded: week?.responded ?? 0,
      week: {
        completed: week?.completed ?? 0,
        responded: week?.replied ?? 0,
        no_response: week?.no_response ?? 0,
        missed: (week?.missed_rows ?? 0) + (week?.missed_slots ?? 0),
      },
      awaitingTotal: week?.awaiting_total ?? 0,
      awaiting: (week?.awaiting ?? []).map((r) => ({ clientId: r.id, clientName: name(r.first_name, r.last_name) })),
    },
    recent: recent.map((r) => ({ clientId: r.client_id, clientName: name(r.first_name, r.last_name), id: r.activity_id, checkInId: r.check_in_id, at: new Date(r.at).toISOString(), text: r.text })),
  };
}

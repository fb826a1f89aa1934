import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';

/**
 * The benchmark's coach: 1,000 clients with 200 check-ins each over the last year (with the text a
 * real conversation leaves on the row), 2 upcoming check-ins and 3 goals each, 5 progress entries
 * per goal.
 */
export const CLIENTS = 1_000;
export const CHECK_INS_PER_CLIENT = 200;
const GOALS_PER_CLIENT = 3;
const HISTORY_PER_GOAL = 5;
const CLIENTS_PER_BATCH = 50;

/** Everything generated inside Postgres, batch by batch; setseed makes each batch the same every run. */
export async function seedAnalyticsData(sql: postgres.Sql, coachId: string) {
  const started = performance.now();
  await sql`
    insert into clients (coach_id, first_name, last_name, email, phone, timezone, archived, archived_at, check_ins_held, created_at, updated_at)
    select ${coachId}, 'Client', lpad(i::text, 4, '0'), 'client' || i || '@bench.example', '+1555' || lpad(i::text, 7, '0'), 'America/New_York',
      i % 20 = 0, case when i % 20 = 0 then now() - (i % 300) * interval '1 day' end, i % 25 = 0,
      now() - interval '400 days' + (i % 120) * interval '1 day', now()
    from generate_series(1, ${CLIENTS}) as i`;

  for (let first = 0; first < CLIENTS; first += CLIENTS_PER_BATCH) {
    await sql.begin(async (tx) => {
      await tx`select setseed(${(first + 1) / (CLIENTS + 1)})`;
      await tx`
        with batch as (
          select id from clients where coach_id = ${coachId} order by last_name offset ${first} limit ${CLIENTS_PER_BATCH}
        ), rows as (
          select b.id as client_id, now() - random() * interval '365 days' as due, random() as r, random() as delay, random() as mood, random() as assess
          from batch b cross join generate_series(1, ${CHECK_INS_PER_CLIENT})
        )
        insert into check_ins (coach_id, client_id, status, scheduled_for, sent_at, responded_at, engagement_assessment, motivation, channel,
          ai_message, client_response, ai_response, coach_summary, insights, created_at, updated_at)
        select ${coachId}, client_id,
          (case when r < 0.05 then 'missed' when r < 0.07 then 'failed' when r < 0.22 then 'no_response' else 'completed' end)::check_in_status,
          due,
          case when r >= 0.07 then due + interval '30 seconds' end,
          case when r >= 0.22 then due + interval '30 seconds' + (delay ^ 3) * interval '20 hours' end,
          case when r >= 0.22 then (case when assess < 0.45 then 'great' when assess < 0.85 then 'okay' else 'bad' end)
               when r >= 0.07 then 'bad' end,
          case when r >= 0.22 then (case when mood < 0.4 then 'high' when mood < 0.8 then 'medium' else 'low' end) end,
          'sms',
          -- The conversation a real check-in carries (message, reply, follow-up, summary, insights), so
          -- the table is as wide as in use and only an index can make reading it cheap.
          left(repeat(md5(client_id::text || due::text), 10), 280),
          case when r >= 0.22 then left(repeat(md5(due::text), 4), 110) end,
          case when r >= 0.22 then left(repeat(md5(r::text), 7), 210) end,
          case when r >= 0.07 then left(repeat(md5(delay::text), 5), 150) end,
          case when r >= 0.22 then jsonb_build_array('Replied within the day', 'Motivation steady') end,
          due - interval '1 minute', due
        from rows`;
      await tx`
        with batch as (
          select id from clients where coach_id = ${coachId} order by last_name offset ${first} limit ${CLIENTS_PER_BATCH}
        )
        insert into check_ins (coach_id, client_id, status, scheduled_for, channel, created_at, updated_at)
        select ${coachId}, id, 'scheduled', now() + (g * 0.7) * interval '1 day', 'sms', now(), now()
        from batch cross join generate_series(1, 2) g`;
    });
  }

  await sql.begin(async (tx) => {
    await tx`select setseed(0.5)`;
    await tx`
      with made as (
        select c.id as client_id, g, now() - (300 + random() * 100) * interval '1 day' as created, random() as r, random() as p
        from clients c cross join generate_series(1, ${GOALS_PER_CLIENT}) g where c.coach_id = ${coachId}
      )
      insert into goals (coach_id, client_id, title, type, target, current_value, progress, status, archived, completed_at, created_at, updated_at)
      select ${coachId}, client_id, 'Goal ' || g, (array['task', 'progress', 'habit'])[g]::goal_type, 100, round((p * 100)::numeric, 1), round((p * 100)::numeric, 1),
        (case when r < 0.3 then 'completed' else 'incomplete' end)::goal_status, r < 0.4,
        case when r < 0.3 then created + random() * (now() - created) end, created,
        created + random() * (now() - created)
      from made`;
    await tx`
      insert into goal_progress_history (goal_id, value, progress, source, created_at)
      select g.id, h * 10, least(100, h * g.progress / ${HISTORY_PER_GOAL}), 'coach', g.created_at + (h / ${HISTORY_PER_GOAL + 1}::float8) * (now() - g.created_at)
      from goals g cross join generate_series(1, ${HISTORY_PER_GOAL}) h where g.coach_id = ${coachId}`;
  });
  // What autovacuum does on a live database: statistics for the planner and a visibility map.
  await sql`vacuum analyze clients`;
  await sql`vacuum analyze goals`;
  await sql`vacuum analyze goal_progress_history`;
  await sql`vacuum analyze check_ins`;
  const [counts] = await sql<{ clients: number; checkIns: number; goals: number; history: number }[]>`
    select (select count(*) from clients where coach_id = ${coachId})::int as clients,
      (select count(*) from check_ins where coach_id = ${coachId})::int as "checkIns",
      (select count(*) from goals where coach_id = ${coachId})::int as goals,
      (select count(*) from goal_progress_history h join goals g on g.id = h.goal_id where g.coach_id = ${coachId})::int as history`;
  return { ...counts!, seconds: Math.round((performance.now() - started) / 100) / 10 };
}


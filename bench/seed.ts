import { performance } from 'node:perf_hooks';
import type postgres from 'postgres';

/**
 * The data set of `npm run bench` (issue 9): about 200 coaches with 100 clients each, 1-3 goals per
 * client, 50 check-ins per client over the client's life (at most ~13 months, so 1,000,000 in
 * all), tens of thousands of metered provider calls, subscriptions and payments, and an admin.
 * Everything is generated inside Postgres with set-based INSERT … SELECT; setseed makes every run
 * produce the same data relative to now. Then the big coach (BENCH_BIG_COACH_EMAIL): 1,000 clients
 * with 52 weekly check-ins each.
 */
export const BENCH_COACHES = 200;
export const CLIENTS_PER_COACH = 100;
export const CHECK_INS_PER_CLIENT = 50;
const API_USAGE_ROWS = 60_000;
const PAID_MONTHS = 6;

export const benchCoachEmail = (i: number) => `bench-coach-${i}@bench.example`;
export const BENCH_ADMIN_EMAIL = 'bench-admin@bench.example';

/**
 * The big coach of issue 19: 1,000 active clients on the Beta plan (no client quota), each with a
 * year of weekly check-ins. Seeded after everything else, so the 200 normal coaches get the very
 * data they got before (setseed's sequence is consumed in the same order up to here).
 */
export const BENCH_BIG_COACH_EMAIL = 'bench-big-coach@bench.example';
export const BIG_COACH_CLIENTS = 1_000;
export const BIG_COACH_WEEKS = 52;

export interface SeedReport {
  counts: Record<string, number>;
  /** Milliseconds per step, in order. */
  stepsMs: Record<string, number>;
  totalMs: number;
}

const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney'];
const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(', ')}]`;

/**
 * Seeds an empty, migrated database. Runs on one connection (temporary tables hold the generated
 * ids between steps). The check-in indexes are dropped during the load and built again after it,
 * which is several times faster than maintaining nine indexes row by row.
 */
export async function seedBenchData(sql: postgres.Sql, passwordHash: string): Promise<SeedReport> {
  const stepsMs: Record<string, number> = {};
  const started = performance.now();
  const db = await sql.reserve();
  const step = async (name: string, run: () => Promise<unknown>) => {
    const t = performance.now();
    await run();
    stepsMs[name] = Math.round(performance.now() - t);
    process.stdout.write(`  seed: ${name.padEnd(28)} ${String(stepsMs[name]).padStart(7)} ms\n`);
  };
  try {
    await db`set synchronous_commit = off`;
    await db`set maintenance_work_mem = '256MB'`;
    await db`select setseed(0.42)`;

    await step('users', async () => {
      await db`
        create temp table seed_coaches as
        select i, gen_random_uuid() as id, (${sql.unsafe(sqlArray(ZONES))})[1 + i % ${ZONES.length}] as timezone,
          (array['full', 'beta', 'enterprise', 'full', 'professional'])[1 + i % 5] as plan_id,
          now() - (200 + random() * 200) * interval '1 day' as created_at
        from generate_series(0, ${BENCH_COACHES - 1}) as i`;
      await db`
        insert into users (id, username, email, password_hash, first_name, last_name, phone, role, is_verified, timezone, plan_id, created_at, updated_at, last_login)
        select id, 'bench-coach-' || i, 'bench-coach-' || i || '@bench.example', ${passwordHash}, 'Coach', 'Number ' || i, '+1555' || lpad(i::text, 7, '0'),
          'coach', true, timezone, plan_id, created_at, created_at, now() - random() * interval '7 days'
        from seed_coaches`;
    });

    await step('clients', async () => {
      await db`
        create temp table seed_clients as
        select gen_random_uuid() as id, c.id as coach_id, c.i * ${CLIENTS_PER_COACH} + k as n, 1 + floor(random() * 3)::int as goals,
          -- A client joined between 13 months and 3 weeks ago.
          now() - (21 + random() * 375) * interval '1 day' as created_at, random() as r
        from seed_coaches c cross join generate_series(0, ${CLIENTS_PER_COACH - 1}) as k`;
      await db`
        insert into clients (id, coach_id, first_name, last_name, email, phone, timezone, archived, archived_at, check_ins_held, check_in_schedule, executive_summary, created_at, updated_at)
        select id, coach_id,
          ${clientIdentity(db)},
          r < 0.05, case when r < 0.05 then now() - r * 100 * interval '1 day' end, r >= 0.05 and r < 0.09,
          -- One to three weekly slots.
          jsonb_build_object(
            ((n % 7))::text, jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'time', '09:00', 'enabled', true)),
            ((n + 3) % 7)::text, jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'time', '18:30', 'enabled', r < 0.7))),
          'Engaged and steady; replies most days and keeps the main goal in view.', created_at, created_at
        from seed_clients`;
    });

    await step('goals', async () => {
      await insertGoals(db, 'seed_clients', 'seed_goals');
    });

    const indexes = await db<{ name: string; def: string }[]>`
      select indexname as name, indexdef as def from pg_indexes where tablename = 'check_ins' and indexname <> 'check_ins_pkey'`;
    await step('check-ins (1 statement)', async () => {
      for (const index of indexes) await db.unsafe(`drop index ${index.name}`);
      await insertCheckInHistory(
        db,
        db`
          select c.id as client_id, c.coach_id, c.goals, k, random() as r, random() as mood, random() as assess, random() as delay,
            -- Spread evenly over the client's life, with jitter; the last one is upcoming.
            c.created_at + ((k - 1 + random() * 0.9) / ${CHECK_INS_PER_CLIENT - 1}) * (now() - c.created_at) as due
          from seed_clients c cross join generate_series(1, ${CHECK_INS_PER_CLIENT}) as k`,
        'seed_goals',
        CHECK_INS_PER_CLIENT,
      );
    });
    await step('check-in indexes', async () => {
      for (const index of indexes) await db.unsafe(index.def);
    });

    await step('client last check-in dates', async () => {
      await db`
        update clients c set last_check_in_at = x.last_sent, last_response_at = x.last_resp
        from (select client_id, max(sent_at) as last_sent, max(responded_at) as last_resp from check_ins group by client_id) x
        where x.client_id = c.id`;
    });

    await step('api usage', async () => {
      await db`
        insert into api_usage (user_id, service, operation, status, status_code, response_ms, cost_usd, error_message, created_at)
        select c.id, s.service, s.operation, case when u.r < 0.93 then 'success' when u.r < 0.98 then 'error' else 'timeout' end,
          case when u.r < 0.93 then s.ok_code when u.r < 0.98 then (array[400, 429, 500, 503])[1 + (u.i % 4)] end,
          (s.min_ms + u.t * (s.max_ms - s.min_ms))::int, case when u.r < 0.93 then s.cost else 0 end,
          case when u.r >= 0.98 then 'Request timed out' when u.r >= 0.93 then (array['Too many requests, retry later', 'Invalid phone number', 'Upstream error', 'Service unavailable'])[1 + (u.i % 4)] end,
          -- Denser in recent months, as usage grows.
          now() - (u.age ^ 2) * interval '365 days'
        from (select i, random() as r, random() as t, random() as age, random() as who, random() as which from generate_series(1, ${API_USAGE_ROWS}) as i) u
        join seed_coaches c on c.i = floor(u.who * ${BENCH_COACHES})::int
        join (values (0, 'openai', 'chat.completions', 650, 2400, 0.0009::numeric, 200), (1, 'twilio', 'messages.create', 140, 620, 0.0079, 201),
                     (2, 'email', 'send', 180, 520, 0.0009, 200), (3, 'stripe', 'invoices.create', 200, 900, 0, 200))
          as s(k, service, operation, min_ms, max_ms, cost, ok_code) on s.k = case when u.which < 0.5 then 0 when u.which < 0.85 then 1 when u.which < 0.97 then 2 else 3 end`;
    });

    await step('subscriptions, payments', async () => {
      await db`
        insert into subscriptions (user_id, plan_id, status, provider, provider_subscription_id, price_cents, current_period_start, current_period_end, canceled_at, created_at)
        select id, plan_id, (case when i % 20 = 0 then 'canceled' when i % 25 = 1 then 'past_due' else 'active' end)::subscription_status, 'local',
          'sub_local_bench_' || i, case plan_id when 'full' then 24999 when 'beta' then 2999 when 'professional' then 9900 else 49900 end,
          date_trunc('day', now()) - (i % 28) * interval '1 day', date_trunc('day', now()) - (i % 28) * interval '1 day' + interval '1 month',
          case when i % 20 = 0 then now() - interval '3 days' end, now() - ${PAID_MONTHS} * interval '1 month' - (i % 28) * interval '1 day'
        from seed_coaches`;
      await db`
        insert into transactions (user_id, subscription_id, plan_id, description, amount_cents, status, provider_invoice_id, provider_payment_id, refunded_at, date, created_at)
        select s.user_id, s.id, s.plan_id, 'Cadence ' || s.plan_id || ' plan, monthly', s.price_cents,
          (case when x.r < 0.04 then 'failed' when x.r < 0.06 then 'refunded' else 'succeeded' end)::transaction_status,
          'in_local_bench_' || s.provider_subscription_id || '_' || m, 'pi_local_bench_' || s.provider_subscription_id || '_' || m, null,
          s.created_at + m * interval '1 month', s.created_at + m * interval '1 month'
        from subscriptions s cross join generate_series(0, ${PAID_MONTHS - 1}) as m cross join lateral (select random() + m * 0 as r) x
        where s.provider_subscription_id like 'sub_local_bench_%'`;
      await db`update transactions set refunded_at = date + interval '2 days' where status = 'refunded' and refunded_at is null`;
    });

    await step('big coach (1,000 clients, 52 weeks)', () => seedBigCoach(db, passwordHash));

    await db`drop table seed_goals, seed_clients, seed_coaches`;
    // Last, so its presence tells a complete seed (BENCH_REUSE_DB) from an interrupted one.
    await db`
      insert into users (username, email, password_hash, first_name, last_name, role, admin_level, is_verified, plan_id)
      values ('bench-admin', ${BENCH_ADMIN_EMAIL}, ${passwordHash}, 'Bench', 'Admin', 'super_admin', 'full', true, 'enterprise')`;
    await step('vacuum analyze', async () => {
      await db`vacuum analyze`;
    });

    const [counts] = await db<{ coaches: number; clients: number; goals: number; checkIns: number; apiUsage: number; subscriptions: number; transactions: number }[]>`
      select (select count(*) from users where role = 'coach')::int as coaches, (select count(*) from clients)::int as clients,
        (select count(*) from goals)::int as goals, (select count(*) from check_ins)::int as "checkIns", (select count(*) from api_usage)::int as "apiUsage",
        (select count(*) from subscriptions)::int as subscriptions, (select count(*) from transactions)::int as transactions`;
    return { counts: { ...counts! }, stepsMs, totalMs: Math.round(performance.now() - started) };
  } finally {
    db.release();
  }
}

/**
 * The big coach: 1,000 active clients (4 % on hold) who all joined 12-13 months ago, 1-3 goals
 * each, and one check-in a week for 52 weeks (the last one upcoming), with the statuses, moods,
 * reply delays and texts of the normal coaches' check-ins. Same set-based SQL as above; client
 * numbers continue after the normal coaches' so e-mails and phone numbers stay unique.
 */
/**
 * Check-ins from `rows` (client_id, coach_id, goals, k, r, mood, assess, delay, due): the k-th of
 * `last` per client, its goal from `goalsTable`, with the statuses, texts, moods and times of a real
 * history; the last one of each client is still to come.
 */
/** First and last name, e-mail, phone and timezone of the client numbered `n`, unique across the bench. */
const clientIdentity = (db: postgres.Sql) => db`
  (array['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jade', 'Kai', 'Lena', 'Milo', 'Nia', 'Omar', 'Pia'])[1 + n % 16],
  (array['Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fox', 'Garcia', 'Hill', 'Ito', 'Jones', 'Khan', 'Lopez'])[1 + (n / 16) % 12] || '-' || n,
  'client-' || n || '@bench.example', '+1666' || lpad(n::text, 7, '0'), (${db.unsafe(sqlArray(ZONES))})[1 + n % ${ZONES.length}]`;

/**
 * One to three goals for each client of a temporary clients table (its `goals` column), kept in the
 * temporary goals table too, which the check-in history reads its goals from.
 */
async function insertGoals(db: postgres.Sql, clientsTable: string, goalsTable: string): Promise<void> {
  await db`
    create temp table ${db(goalsTable)} as
    select gen_random_uuid() as id, c.id as client_id, c.coach_id, g as n, c.created_at, random() as r
    from ${db(clientsTable)} c cross join lateral generate_series(1, c.goals) as g`;
  await db`create index on ${db(goalsTable)} (client_id, n)`;
  await db`
    insert into goals (id, coach_id, client_id, title, type, target, unit, current_value, progress, status, archived, completed_at, created_at, updated_at)
    select id, coach_id, client_id, (array['Run 100 km', 'Read 12 books', 'Sleep 8 hours', 'Meditate daily', 'Lose 5 kg', 'Walk 10k steps'])[1 + (n + (r * 6)::int) % 6],
      (array['progress', 'task', 'habit'])[n]::goal_type, 100, 'units', round((r * 100)::numeric, 1), round((r * 100)::numeric, 1),
      (case when r > 0.8 then 'completed' else 'incomplete' end)::goal_status, r < 0.05,
      case when r > 0.8 then created_at + (r - 0.8) * 5 * (now() - created_at) end, created_at, now() - r * interval '30 days'
    from ${db(goalsTable)}`;
}

async function insertCheckInHistory(db: postgres.Sql, rows: postgres.PendingQuery<postgres.Row[]>, goalsTable: string, last: number): Promise<void> {
  await db`
    with rows as (${rows}), shaped as (
      select rows.*, k = ${last} as upcoming, rows.r < 0.2 as global, g.id as goal_id,
        case
          when k = ${last} then 'scheduled'
          when rows.r < 0.03 then 'missed'
          when rows.r < 0.05 then 'failed'
          when rows.r < 0.06 then 'cancelled'
          when rows.r < 0.20 then (case when due > now() - interval '1 day' then 'sent' else 'no_response' end)
          when rows.r < 0.27 then 'responded'
          else 'completed' end as status
      from rows left join ${db(goalsTable)} g on g.client_id = rows.client_id and g.n = 1 + rows.k % rows.goals
    )
    insert into check_ins (coach_id, client_id, goal_id, is_global_check_in, status, channel, scheduled_for, sent_at, responded_at,
      ai_message, client_response, ai_response, coach_summary, executive_summary, insights, motivation, engagement_assessment, created_at, updated_at)
    select coach_id, client_id, case when global then null else goal_id end, global, status::check_in_status, 'sms',
      case when upcoming then now() + (1 + r * 6) * interval '1 day' else due end,
      case when status in ('sent', 'no_response', 'responded', 'completed') then due + interval '20 seconds' end,
      case when status in ('responded', 'completed') then least(now(), due + interval '1 minute' + (delay ^ 3) * interval '20 hours') end,
      case when not upcoming and status not in ('missed', 'failed', 'cancelled') then 'Hi! How did this week go with your goal? Anything get in the way?' end,
      case when status in ('responded', 'completed') then 'Pretty good, I kept at it most days and felt better for it.' end,
      case when status in ('responded', 'completed') then 'Great work. What would make next week even a little easier?' end,
      case when status = 'completed' then 'Kept the routine most days; energy is up.' end,
      case when status = 'completed' then 'Steady progress; motivation is high and the client is engaged with the plan.' end,
      case when status = 'completed' then '["Replied within the day", "Motivation steady"]'::jsonb end,
      case when status in ('responded', 'completed') then (case when mood < 0.4 then 'high' when mood < 0.8 then 'medium' else 'low' end) end,
      case when status in ('responded', 'completed') then (case when assess < 0.45 then 'great' when assess < 0.85 then 'okay' else 'bad' end)
           when status = 'no_response' then 'bad' end,
      case when upcoming then now() - r * interval '6 days' else due - interval '1 minute' end,
      case when upcoming then now() - r * interval '6 days' else due end
    from shaped`;
}

async function seedBigCoach(db: postgres.ReservedSql, passwordHash: string): Promise<void> {
  const firstClient = BENCH_COACHES * CLIENTS_PER_COACH;
  await db`
    create temp table seed_big_coach as
    select gen_random_uuid() as id, 'America/New_York'::text as timezone, now() - interval '400 days' as created_at`;
  await db`
    insert into users (id, username, email, password_hash, first_name, last_name, phone, role, is_verified, timezone, plan_id, created_at, updated_at, last_login)
    select id, 'bench-big-coach', ${BENCH_BIG_COACH_EMAIL}, ${passwordHash}, 'Coach', 'Thousand', '+15559999999', 'coach', true, timezone, 'beta',
      created_at, created_at, now() - interval '1 hour'
    from seed_big_coach`;
  await db`
    create temp table seed_big_clients as
    select gen_random_uuid() as id, b.id as coach_id, ${firstClient} + k as n, 1 + floor(random() * 3)::int as goals,
      now() - (${BIG_COACH_WEEKS * 7} + random() * 30) * interval '1 day' as created_at, random() as r
    from seed_big_coach b cross join generate_series(0, ${BIG_COACH_CLIENTS - 1}) as k`;
  await db`
    insert into clients (id, coach_id, first_name, last_name, email, phone, timezone, archived, check_ins_held, check_in_schedule, executive_summary, created_at, updated_at)
    select id, coach_id,
      ${clientIdentity(db)},
      false, r < 0.04,
      -- The weekly slot of its check-ins, and a second, evening one on some clients.
      jsonb_build_object(
        ((n % 7))::text, jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'time', '09:00', 'enabled', true)),
        ((n + 3) % 7)::text, jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'time', '18:30', 'enabled', r < 0.3))),
      'Engaged and steady; replies most days and keeps the main goal in view.', created_at, created_at
    from seed_big_clients`;
  await insertGoals(db, 'seed_big_clients', 'seed_big_goals');
  await insertCheckInHistory(
    db,
    db`
      select c.id as client_id, c.coach_id, c.goals, k, random() as r, random() as mood, random() as assess, random() as delay,
        -- One a week, each client on its own weekday, the 51st in the last seven days and the 52nd still to come.
        now() - (${BIG_COACH_WEEKS - 1} - k) * interval '7 days' - (c.n % 7) * interval '1 day' - random() * interval '1 hour' as due
      from seed_big_clients c cross join generate_series(1, ${BIG_COACH_WEEKS}) as k`,
    'seed_big_goals',
    BIG_COACH_WEEKS,
  );
  await db`
    update clients c set last_check_in_at = x.last_sent, last_response_at = x.last_resp
    from (select client_id, max(sent_at) as last_sent, max(responded_at) as last_resp from check_ins where client_id in (select id from seed_big_clients) group by client_id) x
    where x.client_id = c.id`;
  await db`drop table seed_big_goals, seed_big_clients, seed_big_coach`;
}

/**
 * Coach-workspace benchmark (issue 4): one coach on the full plan with 500 clients, 1-3 goals each
 * and 50,000 check-ins over the last 20 weeks, against the production build on an embedded
 * Postgres. Measures, sequentially after a warm-up, GET /api/coach/clients, GET
 * /api/dashboard/client-checkins/{id}?limit=5 and the /dashboard page. Target: under 300 ms.
 *
 *   npx next build && npm run bench      (BENCH_RUNS, BENCH_WARMUP override 50 and 5;
 *                                         BENCH_EXPLAIN=1 also prints the plans of listClients)
 *
 * Prints a table and writes bench/results-workspace.json. Not a test: it never fails on time.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { mulberry32 } from '../scripts/lib/random';
import { client, latestLinkToken, uniqueEmail } from '../tests/helpers/http';
import { startStack } from '../tests/helpers/stack';
import { stackCpuMs } from './process-stats';

const CLIENTS = 500;
const CHECK_INS = 50_000;
const WEEKS = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const TARGET_MS = 300;
const PASSWORD = 'Cadence!Bench-Maple-42';
const DAY = 86_400_000;

const FIRST = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivan', 'Jade', 'Kai', 'Lena', 'Milo', 'Nia', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sam', 'Tess'];
const LAST = ['Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fox', 'Garcia', 'Hill', 'Ito', 'Jones', 'Khan', 'Lopez', 'Moore', 'Ng', 'Ortiz', 'Patel'];
const GOALS = ['Run 100 km', 'Read 12 books', 'Sleep 8 hours', 'Drink 2 l of water', 'Meditate daily', 'Lose 5 kg', 'Write 20 pages', 'Walk 10k steps'];
const STATUSES = ['completed', 'completed', 'completed', 'responded', 'no_response', 'sent', 'missed'] as const;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

async function time(label: string, fn: () => Promise<{ status: number; check?: string }>) {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  const cpuBefore = stackCpuMs();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const res = await fn();
    samples.push(performance.now() - start);
    if (res.status !== 200) throw new Error(`${label}: status ${res.status}`);
    if (res.check) throw new Error(`${label}: ${res.check}`);
  }
  const serverCpuMsPerRequest = (stackCpuMs() - cpuBefore) / RUNS;
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return {
    label,
    runs: RUNS,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1)!),
    mean: round(samples.reduce((a, b) => a + b, 0) / samples.length),
    serverCpuMsPerRequest: round(serverCpuMsPerRequest),
  };
}

async function main() {
  if (!fs.existsSync(path.resolve('.next/BUILD_ID'))) throw new Error('No production build: run `npx next build` first.');
  const stack = await startStack({ LOG_LEVEL: 'error' });
  const db = postgres(stack.databaseUrl, { max: 4, onnotice: () => {} });
  try {
    const request = client(stack.baseUrl);
    const email = uniqueEmail('bench-coach');
    const reg = await request('POST', '/users/register', { body: { firstName: 'Bench', lastName: 'Coach', email, phone: '+15550100100', password: PASSWORD } });
    if (reg.status !== 201) throw new Error(`register: ${reg.status} ${JSON.stringify(reg.body)}`);
    const verify = await request('GET', `/users/verify/${latestLinkToken(stack.outboxDir, email, 'verify-email')}`);
    if (verify.status !== 200) throw new Error(`verify: ${verify.status}`);
    const login = await request<{ accessToken: string; user: { id: string } }>('POST', '/users/login', { body: { email, password: PASSWORD } });
    if (login.status !== 200) throw new Error(`login: ${login.status}`);
    const { accessToken: token, user } = login.body;
    const coachId = user.id;
    await db`update users set plan_id = 'full' where id = ${coachId}`;

    // ---- data, by SQL in batches -------------------------------------------------------------
    const rnd = mulberry32(20260408);
    const loadStart = performance.now();
    const now = Date.now();
    const clientRows = Array.from({ length: CLIENTS }, (_, i) => {
      const days = rnd.sample([0, 1, 2, 3, 4, 5, 6], rnd.int(1, 4));
      const schedule = Object.fromEntries(days.map((d) => [String(d), [{ id: randomUUID(), time: rnd.pick(['08:00', '09:00', '12:30', '18:00']), enabled: true }]]));
      return {
        id: randomUUID(),
        coach_id: coachId,
        first_name: rnd.pick(FIRST),
        last_name: `${rnd.pick(LAST)}-${i}`,
        email: `client-${i}@bench.example`,
        phone: `+1555${String(1_000_000 + i).slice(1)}`,
        timezone: 'America/New_York',
        check_in_schedule: schedule,
        check_ins_held: rnd.chance(0.05),
        created_at: new Date(now - WEEKS * 7 * DAY - rnd.int(0, 30) * DAY),
      };
    });
    await db`insert into clients ${db(clientRows.map((c) => ({ ...c, check_in_schedule: db.json(c.check_in_schedule) })))}`;
    const goalRows = clientRows.flatMap((c) =>
      Array.from({ length: rnd.int(1, 3) }, () => {
        const target = rnd.pick([10, 12, 20, 100]);
        const current = rnd.int(0, target);
        return {
          id: randomUUID(),
          coach_id: coachId,
          client_id: c.id,
          title: rnd.pick(GOALS),
          type: 'progress',
          target,
          unit: 'units',
          current_value: current,
          progress: Math.round((current / target) * 1000) / 10,
          created_at: c.created_at,
        };
      }),
    );
    for (let i = 0; i < goalRows.length; i += 1000) await db`insert into goals ${db(goalRows.slice(i, i + 1000))}`;
    const goalsByClient = new Map<string, string[]>();
    for (const g of goalRows) goalsByClient.set(g.client_id, [...(goalsByClient.get(g.client_id) ?? []), g.id]);

    const BATCH = 2_500; // 14 columns: under the 65,534 parameters of one statement
    for (let start = 0; start < CHECK_INS; start += BATCH) {
      const rows = Array.from({ length: Math.min(BATCH, CHECK_INS - start) }, () => {
        const c = rnd.pick(clientRows);
        const global = rnd.chance(0.2);
        const upcoming = rnd.chance(0.01);
        const sentAt = upcoming ? null : new Date(now - rnd.between(0, WEEKS * 7 * DAY));
        const scheduledFor = upcoming ? new Date(now + rnd.between(0, 7 * DAY)) : sentAt;
        const status = upcoming ? 'scheduled' : rnd.pick(STATUSES);
        const responded = status === 'completed' || status === 'responded';
        return {
          coach_id: coachId,
          client_id: c.id,
          goal_id: global ? null : rnd.pick(goalsByClient.get(c.id)!),
          is_global_check_in: global,
          status,
          scheduled_for: scheduledFor,
          sent_at: sentAt,
          responded_at: responded && sentAt ? new Date(sentAt.getTime() + rnd.int(5, 600) * 60_000) : null,
          created_at: sentAt ?? new Date(now),
          ai_message: 'How did your week go with your goal?',
          client_response: responded ? 'Pretty good, I kept at it most days.' : null,
          executive_summary: status === 'completed' ? 'Steady progress; motivation is high and the client is engaged.' : null,
          motivation: responded ? rnd.pick(['low', 'medium', 'high']) : null,
          engagement_assessment: responded ? rnd.pick(['great', 'okay', 'bad']) : null,
        };
      });
      await db`insert into check_ins ${db(rows)}`;
    }
    await db`
      update clients c set last_check_in_at = x.last_sent, last_response_at = x.last_resp
      from (select client_id, max(sent_at) as last_sent, max(responded_at) as last_resp from check_ins where coach_id = ${coachId} group by client_id) x
      where x.client_id = c.id`;
    // As autovacuum would after a load this size; keeps the plans stable between runs.
    await db`analyze`;
    const loadMs = Math.round(performance.now() - loadStart);
    const [counts] = await db`select (select count(*) from clients where coach_id = ${coachId})::int as clients, (select count(*) from goals where coach_id = ${coachId})::int as goals, (select count(*) from check_ins where coach_id = ${coachId})::int as check_ins`;
    console.warn(`loaded ${counts!.clients} clients, ${counts!.goals} goals, ${counts!.check_ins} check-ins in ${loadMs} ms`);

    if (process.env.BENCH_EXPLAIN) await explainListClients(db, coachId);

    // ---- measurements --------------------------------------------------------------------------
    const loadBefore = os.loadavg()[0];
    const busiest = (await db`select client_id from check_ins where coach_id = ${coachId} group by client_id order by count(*) desc limit 1`)[0]!.client_id as string;
    const cookie = `cadence_at=${token}`;
    const results = [
      await time('GET /api/coach/clients', async () => {
        const res = await request<{ clients: unknown[] }>('GET', '/coach/clients', { token });
        return { status: res.status, check: res.body.clients?.length === CLIENTS ? undefined : `expected ${CLIENTS} clients, got ${res.body.clients?.length}` };
      }),
      await time('GET /api/dashboard/client-checkins/{id}?limit=5', async () => {
        const res = await request<{ checkIns: unknown[] }>('GET', `/dashboard/client-checkins/${busiest}?limit=5&page=1`, { token });
        return { status: res.status, check: res.body.checkIns?.length === 5 ? undefined : 'expected 5 check-ins' };
      }),
      await time('GET /dashboard (page HTML)', async () => {
        const res = await fetch(`${stack.baseUrl}/dashboard`, { headers: { cookie }, redirect: 'manual' });
        const html = await res.text();
        return { status: res.status, check: html.includes('<html') ? undefined : 'not an HTML page' };
      }),
    ];

    const rows = results.map((r) => ({ ...r, withinTarget: r.p95 < TARGET_MS }));
    console.warn('');
    console.warn(`load average ${loadBefore?.toFixed(1)} before, ${os.loadavg()[0]?.toFixed(1)} after (${os.cpus().length} CPUs)`);
    console.warn(`${'endpoint'.padEnd(50)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'cpu ms'.padStart(8)}  < ${TARGET_MS} ms (p95)`);
    for (const r of rows) {
      console.warn(`${r.label.padEnd(50)} ${[r.p50, r.p95, r.max, r.serverCpuMsPerRequest].map((n) => String(n).padStart(8)).join(' ')}  ${r.withinTarget ? 'yes' : 'NO'}`);
    }
    console.warn('cpu ms: CPU time of the app server and Postgres per request');

    const out = {
      date: new Date().toISOString(),
      // Other work on the machine skews the figures: the 1-minute load average before and after.
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 1e9), node: process.version, loadAverage: { before: loadBefore, after: os.loadavg()[0] } },
      dataset: { clients: counts!.clients, goals: counts!.goals, checkIns: counts!.check_ins, weeks: WEEKS, loadMs },
      runs: RUNS,
      warmup: WARMUP,
      targetMs: TARGET_MS,
      results: rows,
    };
    fs.writeFileSync(path.resolve('bench/results-workspace.json'), `${JSON.stringify(out, null, 2)}\n`);
    console.warn('\nwritten bench/results-workspace.json');
  } finally {
    await db.end();
    await stack.stop();
  }
}

/** BENCH_EXPLAIN=1: the plans of the queries of listClients (server/services/clients.ts), by hand. */
async function explainListClients(db: postgres.Sql, coachId: string) {
  const ids = (await db`select id from clients where coach_id = ${coachId} and archived = false`).map((r) => r.id as string);
  const weekStart = new Date(Date.now() - 6 * DAY);
  const queries: [string, postgres.PendingQuery<postgres.Row[]>][] = [
    ['clients', db`explain (analyze, buffers) select * from clients where coach_id = ${coachId} and archived = false order by first_name, last_name`],
    ['goals', db`explain (analyze, buffers) select * from goals where coach_id = ${coachId} and client_id in ${db(ids)} and archived = false order by created_at`],
    [
      'latest check-in per client',
      db`explain (analyze, buffers) select l.* from clients c inner join lateral (
           select * from check_ins k where k.client_id = c.id and k.coach_id = ${coachId} and k.status not in ('scheduled', 'cancelled') order by k.created_at desc limit 1
         ) l on true where c.coach_id = ${coachId} and c.id in ${db(ids)}`,
    ],
    [
      "this week's check-ins",
      db`explain (analyze, buffers) select * from check_ins where coach_id = ${coachId} and client_id in ${db(ids)} and coalesce(sent_at, scheduled_for, created_at) >= ${weekStart} order by created_at`,
    ],
  ];
  for (const [name, query] of queries) {
    const plan = await query;
    console.warn(`\n--- ${name}\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

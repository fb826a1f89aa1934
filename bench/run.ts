/**
 * `npm run bench` (issue 9, Performance): the whole benchmark in one command.
 *
 *  1. builds if needed, starts a separate embedded Postgres in .data/bench/pg, migrates and seeds
 *     it (bench/seed.ts: 200 coaches, 20,000 clients, 1,000,000 check-ins, …);
 *  2. starts the production app on it (jobs off) and the bare baseline (bench/baseline-server.ts),
 *     and loads each endpoint with autocannon, app and baseline in turn, spreading the requests over
 *     the seeded coaches, clients and client addresses: the first five of issue 9, then the
 *     dashboard's paged list, client detail and stat cards of issue 19, for the normal coaches and
 *     for the coach with 1,000 clients;
 *  3. measures the front end in Chromium (bench/frontend.ts), the dashboard's LCP for a normal
 *     coach and for the big one;
 *  4. runs bench/scheduler.ts as a child process and takes in its results;
 *  5. writes bench/results.json and the results section of docs/performance.md.
 *
 * Environment: BENCH_CONNECTIONS (50), BENCH_DURATION (10 s per endpoint and server),
 * BENCH_WARMUP (2 s), BENCH_REUSE_DB=1 keeps an already seeded .data/bench/pg (otherwise it is
 * seeded afresh), BENCH_SCHEDULER=0 and BENCH_FRONTEND=0 skip those parts, BENCH_ONLY=<name
 * part> loads only the matching endpoints, BENCH_APP_NODE_OPTIONS is the app's NODE_OPTIONS,
 * BENCH_FEW_CONNECTIONS (4) the connections of the app's second, unsaturated run.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { CHECK_IN_HISTORY_LIMIT, DEFAULT_TIME_RANGE } from '@/lib/constants';
import { buildIfNeeded } from '../scripts/build-if-needed';
import { hashPassword } from '../server/auth/passwords';
import { signAccessToken, type Role } from '../server/auth/tokens';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { freePort, startApp, TEST_JWT_SECRET } from '../tests/helpers/stack';
import { measureFrontEnd } from './frontend';
import { runLoad, type LoadSettings, type RequestSpec } from './load';
import { childNamed, mainThreadCpuMs, sampleRss, treeCpuMs } from './process-stats';
import { cpuRatio, isLogin, TARGETS, writeReports, type BenchResults, type EndpointResult, type FewConnectionsResult, type SchedulerRun } from './report';
import { encodeCursor } from '@/lib/client-list';
import { BENCH_ADMIN_EMAIL, BENCH_BIG_COACH_EMAIL, BENCH_COACHES, BIG_COACH_CLIENTS, benchCoachEmail, seedBenchData, type SeedReport } from './seed';

const BENCH_DIR = path.resolve('.data/bench');
const PASSWORD = 'Cadence!Bench-Maple-42';
const TOKEN_TTL_SECONDS = '7200';
const CHECK_IN_CLIENTS_PER_COACH = 10;
/** The big coach's clients whose detail is opened, spread over the name order. */
const BIG_COACH_DETAIL_CLIENTS = 50;
const PAGE = 50;
const BIG = `(${BIG_COACH_CLIENTS.toLocaleString('en')} clients)`;
const ADMIN_SESSIONS = 10;
const FEW_CONNECTIONS = Number(process.env.BENCH_FEW_CONNECTIONS ?? 4);

const say = (line: string) => process.stdout.write(`${line}\n`);
const round1 = (n: number) => Math.round(n * 10) / 10;
const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

interface Server {
  name: 'app' | 'baseline';
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

interface Endpoint {
  name: string;
  /** The next request; `i` counts the requests of the run. */
  request(i: number): RequestSpec;
  /** Why an answer is wrong, or undefined when it is right. */
  check(body: Record<string, unknown>): string | undefined;
}

/** A session per coach (and some for the admin) opened in SQL, with the JWT the app would sign. */
async function openSessions(sql: postgres.Sql) {
  const rows = await sql<{ id: string; user_id: string; role: Role; email: string }[]>`
    with opened as (
      insert into sessions (user_id, ip, location, expires_at)
      select u.id, '127.0.0.1', 'Local machine', now() + interval '1 day'
      from users u cross join generate_series(1, case when u.role = 'coach' then 1 else ${ADMIN_SESSIONS} end)
      where u.email like '%@bench.example'
      returning id, user_id
    )
    select o.id, o.user_id, u.role, u.email from opened o join users u on u.id = o.user_id order by u.email`;
  const sessions = await Promise.all(rows.map(async (r) => ({ ...r, token: await signAccessToken({ sub: r.user_id, sid: r.id, role: r.role }) })));
  // The normal coaches (the figures comparable with earlier runs) and the big coach apart.
  const coaches = sessions.filter((s) => s.role === 'coach' && s.email !== BENCH_BIG_COACH_EMAIL);
  const bigCoach = sessions.find((s) => s.email === BENCH_BIG_COACH_EMAIL);
  if (!bigCoach) throw new Error(`no ${BENCH_BIG_COACH_EMAIL} in the bench database: seed it afresh (without BENCH_REUSE_DB=1)`);
  const admins = sessions.filter((s) => s.email === BENCH_ADMIN_EMAIL);
  const tokenOf = new Map(coaches.map((s) => [s.user_id, s.token]));
  const targets = await sql<{ coach_id: string; id: string }[]>`
    select coach_id, id from (
      select coach_id, id, row_number() over (partition by coach_id order by id) as n from clients where not archived and coach_id <> ${bigCoach.user_id}
    ) x where n <= ${CHECK_IN_CLIENTS_PER_COACH} order by n, coach_id`;
  // Every twentieth client of the big coach in the list's order; the second page starts after the 50th.
  const bigClients = await sql<{ id: string; first_name: string; last_name: string }[]>`
    select id, first_name, last_name from clients where coach_id = ${bigCoach.user_id} and not archived order by first_name, last_name, id`;
  const step = Math.max(1, Math.floor(bigClients.length / BIG_COACH_DETAIL_CLIENTS));
  const lastOfFirstPage = bigClients[PAGE - 1]!;
  return {
    coaches,
    admins,
    checkInTargets: targets.map((t) => ({ token: tokenOf.get(t.coach_id)!, clientId: t.id })),
    bigCoach: {
      token: bigCoach.token,
      clientIds: bigClients.filter((_, i) => i % step === 0).map((c) => c.id),
      secondPageCursor: encodeCursor({ sort: 'name', dir: 'asc', key: [lastOfFirstPage.first_name, lastOfFirstPage.last_name], id: lastOfFirstPage.id }),
    },
  };
}

function endpoints(s: Awaited<ReturnType<typeof openSessions>>): Endpoint[] {
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  return [
    {
      name: 'POST /api/users/login',
      // A new client address each time and the coaches in turn: the per-IP and per-account
      // limits (30 and 10 per 15 minutes) stay untouched while the work they cost is measured.
      request: (i) => ({
        method: 'POST',
        path: '/api/users/login',
        headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`, 'user-agent': 'cadence-bench' },
        body: JSON.stringify({ email: benchCoachEmail(i % BENCH_COACHES), password: PASSWORD }),
      }),
      check: (b) => (typeof b.accessToken === 'string' ? undefined : 'no accessToken'),
    },
    {
      name: 'GET /api/coach/clients',
      request: (i) => ({ method: 'GET', path: '/api/coach/clients', headers: bearer(pick(s.coaches, i).token) }),
      check: (b) => (Array.isArray(b.clients) && b.clients.length > 50 ? undefined : 'fewer than 50 clients'),
    },
    {
      name: 'GET /api/dashboard/client-checkins/{id}',
      request: (i) => {
        const t = pick(s.checkInTargets, i);
        return { method: 'GET', path: `/api/dashboard/client-checkins/${t.clientId}?page=1&limit=${CHECK_IN_HISTORY_LIMIT}&withSummaries=true`, headers: bearer(t.token) };
      },
      check: (b) => (Array.isArray(b.checkIns) && b.checkIns.length > 0 ? undefined : 'no check-ins'),
    },
    {
      name: 'GET /api/dashboard/analytics/overview',
      request: (i) => ({ method: 'GET', path: `/api/dashboard/analytics/overview?timeRange=${DEFAULT_TIME_RANGE}`, headers: bearer(pick(s.coaches, i).token) }),
      check: (b) => (Number(b.totalCheckIns) > 0 ? undefined : 'no check-ins counted'),
    },
    {
      name: 'GET /api/admin/usage/stats',
      request: (i) => ({ method: 'GET', path: '/api/admin/usage/stats', headers: bearer(pick(s.admins, i).token) }),
      check: (b) => (Array.isArray(b.stats) && b.stats.length > 0 ? undefined : 'no services'),
    },
    // Issue 19: the dashboard's paged list, client detail and stat cards, for the normal coaches and the big one.
    {
      name: `GET /api/coach/clients?limit=${PAGE}`,
      request: (i) => ({ method: 'GET', path: `/api/coach/clients?limit=${PAGE}`, headers: bearer(pick(s.coaches, i).token) }),
      check: (b) => checkPage(b, (total) => total > PAGE),
    },
    {
      name: `GET /api/coach/clients?limit=${PAGE} ${BIG}`,
      request: () => ({ method: 'GET', path: `/api/coach/clients?limit=${PAGE}`, headers: bearer(s.bigCoach.token) }),
      check: (b) => checkPage(b, (total) => total === BIG_COACH_CLIENTS),
    },
    {
      name: `GET /api/coach/clients?limit=${PAGE}&cursor=… ${BIG}, page 2`,
      request: () => ({ method: 'GET', path: `/api/coach/clients?limit=${PAGE}&cursor=${s.bigCoach.secondPageCursor}`, headers: bearer(s.bigCoach.token) }),
      check: (b) => checkPage(b, (total) => total === BIG_COACH_CLIENTS),
    },
    {
      name: `GET /api/clients/{id} ${BIG}`,
      request: (i) => ({ method: 'GET', path: `/api/clients/${pick(s.bigCoach.clientIds, i)}`, headers: bearer(s.bigCoach.token) }),
      check: (b) => {
        const client = b.client as Record<string, unknown> | undefined;
        return client && typeof client.id === 'string' && Array.isArray(client.goals) && Array.isArray(client.weeklyCheckIns) ? undefined : 'no client with goals and week';
      },
    },
    {
      name: `GET /api/dashboard/client-checkins/{id} ${BIG}`,
      request: (i) => ({
        method: 'GET',
        path: `/api/dashboard/client-checkins/${pick(s.bigCoach.clientIds, i)}?page=1&limit=${CHECK_IN_HISTORY_LIMIT}&withSummaries=true`,
        headers: bearer(s.bigCoach.token),
      }),
      check: (b) => (Array.isArray(b.checkIns) && b.checkIns.length > 0 ? undefined : 'no check-ins'),
    },
    {
      name: 'GET /api/coach/client-stats',
      request: (i) => ({ method: 'GET', path: '/api/coach/client-stats', headers: bearer(pick(s.coaches, i).token) }),
      check: (b) => checkStats(b, (clients) => clients > 0),
    },
    {
      name: `GET /api/coach/client-stats ${BIG}`,
      request: () => ({ method: 'GET', path: '/api/coach/client-stats', headers: bearer(s.bigCoach.token) }),
      check: (b) => checkStats(b, (clients) => clients === BIG_COACH_CLIENTS),
    },
  ];
}

/** A full page of clients with a next cursor, and a total the caller expects. */
function checkPage(b: Record<string, unknown>, totalIsRight: (total: number) => boolean): string | undefined {
  if (!Array.isArray(b.clients) || b.clients.length !== PAGE) return `not a page of ${PAGE} clients`;
  if (typeof b.nextCursor !== 'string') return 'no nextCursor';
  return totalIsRight(Number(b.total)) ? undefined : `unexpected total ${String(b.total)}`;
}

/** The stat cards: the client count the caller expects, each filter's count, the scheduled and responding figures. */
function checkStats(b: Record<string, unknown>, clientsAreRight: (clients: number) => boolean): string | undefined {
  const filters = b.filters as Record<string, unknown> | undefined;
  const scheduled = b.scheduled as { perDay?: unknown } | undefined;
  if (!filters || typeof filters.needs_attention !== 'number' || !Array.isArray(scheduled?.perDay) || typeof b.responding !== 'object') return 'not the stat cards';
  return clientsAreRight(Number(b.clients)) ? undefined : `unexpected client count ${String(b.clients)}`;
}

async function startBaseline(databaseUrl: string): Promise<Server> {
  const child: ChildProcess = fork(path.resolve('bench/baseline-server.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: '0', JWT_SECRET: TEST_JWT_SECRET, ACCESS_TOKEN_TTL_SECONDS: TOKEN_TTL_SECONDS },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.on('message', (m: { ready?: boolean; port: number }) => m.ready && resolve(m.port));
    child.once('exit', (code) => reject(new Error(`baseline exited with code ${code}`)));
  });
  return {
    name: 'baseline',
    baseUrl: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One request through fetch: the server answers 200 with the expected shape, or the run stops. */
async function verify(server: Server, endpoint: Endpoint): Promise<void> {
  const spec = endpoint.request(0);
  const res = await fetch(`${server.baseUrl}${spec.path}`, { method: spec.method, headers: { ...spec.headers, ...(spec.body ? { 'content-type': 'application/json' } : {}) }, body: spec.body });
  const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  const problem = res.status === 200 ? endpoint.check(body) : `status ${res.status} ${JSON.stringify(body).slice(0, 200)}`;
  if (problem) throw new Error(`${server.name} ${endpoint.name}: ${problem}`);
}

async function measure(server: Server, endpoint: Endpoint, settings: LoadSettings, postgresPid: number | undefined) {
  let counter = 0;
  let cpuAtStart = { server: 0, serverMainThread: 0, postgres: 0 };
  const cpuNow = () => ({ server: treeCpuMs(server.pid), serverMainThread: mainThreadCpuMs(server.pid), postgres: postgresPid ? treeCpuMs(postgresPid) : 0 });
  const result = await runLoad(server.baseUrl, settings, () => endpoint.request(counter++), () => (cpuAtStart = cpuNow()));
  const cpuAtEnd = cpuNow();
  const perRequest = (k: keyof typeof cpuAtStart) => round1((cpuAtEnd[k] - cpuAtStart[k]) / Math.max(1, result.requests));
  return { ...result, cpuMsPerRequest: { server: perRequest('server'), serverMainThread: perRequest('serverMainThread'), postgres: perRequest('postgres') } };
}

async function runScheduler(): Promise<BenchResults['scheduler']> {
  const file = path.resolve('bench/results-scheduler.json');
  const started = Date.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/scheduler.ts'], { stdio: 'inherit' });
    child.once('exit', resolve);
  });
  if (!fs.existsSync(file) || fs.statSync(file).mtimeMs < started) return { error: `bench/scheduler.ts exited with code ${code} and wrote no results` };
  return JSON.parse(fs.readFileSync(file, 'utf8')) as { runs: SchedulerRun[] };
}

async function seedIfNeeded(sql: postgres.Sql): Promise<{ report: SeedReport; reused: boolean }> {
  const [seeded] = await sql<{ n: number }[]>`select count(*)::int as n from users where email = ${BENCH_ADMIN_EMAIL}`;
  if (seeded!.n > 0) {
    const [counts] = await sql<Record<string, number>[]>`
      select (select count(*) from users where role = 'coach')::int as coaches, (select count(*) from clients)::int as clients,
        (select count(*) from goals)::int as goals, (select count(*) from check_ins)::int as "checkIns", (select count(*) from api_usage)::int as "apiUsage",
        (select count(*) from subscriptions)::int as subscriptions, (select count(*) from transactions)::int as transactions`;
    return { report: { counts: counts!, stepsMs: {}, totalMs: 0 }, reused: true };
  }
  say('Seeding the bench database…');
  // One real argon2id hash (the app's parameters) shared by every account.
  const report = await seedBenchData(sql, await hashPassword(PASSWORD));
  say(`Seeded in ${round1(report.totalMs / 1000)} s: ${JSON.stringify(report.counts)}`);
  return { report, reused: false };
}

async function main(): Promise<void> {
  const startedAt = performance.now();
  // The tokens signed here must verify in the app: same secret, and valid for the whole run.
  process.env.JWT_SECRET = TEST_JWT_SECRET;
  process.env.ACCESS_TOKEN_TTL_SECONDS = TOKEN_TTL_SECONDS;
  const settings: LoadSettings = {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    durationSeconds: Number(process.env.BENCH_DURATION ?? 10),
    warmupSeconds: Number(process.env.BENCH_WARMUP ?? 2),
  };
  buildIfNeeded();
  const loadBefore = loadAverage();

  const pgDir = path.join(BENCH_DIR, 'pg');
  if (process.env.BENCH_REUSE_DB !== '1') fs.rmSync(pgDir, { recursive: true, force: true });
  say(`Starting the bench database in ${path.relative(process.cwd(), pgDir)}…`);
  const pg = await startEmbeddedPostgres(pgDir, await freePort());
  const sql = postgres(pg.url, { max: 4, onnotice: () => {} });
  const servers: Server[] = [];
  let results: BenchResults | undefined;
  try {
    await runMigrations(pg.url);
    const { report: seed, reused } = await seedIfNeeded(sql);
    const sessions = await openSessions(sql);
    const postgresPid = childNamed('postgres');

    say('Starting the app and the baseline…');
    const app = await startApp({
      databaseUrl: pg.url,
      dataDir: path.join(BENCH_DIR, 'app'),
      outboxDir: path.join(BENCH_DIR, 'outbox'),
      env: {
        JOBS_DISABLED: 'true',
        LOG_LEVEL: 'error',
        ACCESS_TOKEN_TTL_SECONDS: TOKEN_TTL_SECONDS,
        // e.g. `--import ./bench/cpu-profile.mjs` to profile the app under load (docs/performance.md, Method: Profiles).
        ...(process.env.BENCH_APP_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_APP_NODE_OPTIONS } : {}),
      },
    });
    servers.push({ name: 'app', baseUrl: app.baseUrl, pid: app.pid!, stop: () => app.stop() });
    servers.push(await startBaseline(pg.url));
    const rss = new Map(servers.map((s) => [s.name, sampleRss(s.pid)]));

    const only = process.env.BENCH_ONLY?.toLowerCase();
    const measured: EndpointResult[] = [];
    for (const endpoint of endpoints(sessions).filter((e) => !only || e.name.toLowerCase().includes(only))) {
      const pair: Partial<Record<Server['name'], EndpointResult['app']>> = {};
      for (const server of servers) {
        // Each server starts with fresh login counters (both write the same table).
        await sql`delete from rate_limit_hits`;
        await verify(server, endpoint);
        const r = { ...(await measure(server, endpoint, settings, postgresPid)), peakRssMbSoFar: rss.get(server.name)!.peakMb() };
        pair[server.name] = r;
        say(
          `${endpoint.name.padEnd(44)} ${server.name.padEnd(8)} ${String(r.requestsPerSecond).padStart(8)} req/s  p50 ${r.latencyMs.p50} p95 ${r.latencyMs.p95} p99 ${r.latencyMs.p99} ms  non-2xx ${r.non2xx + r.errors}  cpu ${r.cpuMsPerRequest.server}+${r.cpuMsPerRequest.postgres} ms/req  rss ${r.peakRssMbSoFar} MB`,
        );
      }
      const ratio = Math.round((pair.app!.requestsPerSecond / Math.max(0.1, pair.baseline!.requestsPerSecond)) * 100) / 100;
      const appOverBaselineCpu = cpuRatio(pair.app!, pair.baseline!);
      say(`${endpoint.name.padEnd(44)} app CPU ÷ baseline CPU ${appOverBaselineCpu}`);
      // With 50 connections always busy, latency is queueing: 50 / throughput. With a few
      // connections the same requests show what one of them costs with little waiting; the
      // baseline's run beside it shows what a raw handler doing the same work reaches.
      const few: Partial<Record<Server['name'], FewConnectionsResult>> = {};
      for (const server of servers) {
        await sql`delete from rate_limit_hits`;
        const r = { connections: FEW_CONNECTIONS, ...(await measure(server, endpoint, { ...settings, connections: FEW_CONNECTIONS }, postgresPid)) };
        few[server.name] = r;
        say(
          `${endpoint.name.padEnd(44)} ${server.name}, ${FEW_CONNECTIONS} conn. ${String(r.requestsPerSecond).padStart(6)} req/s  p50 ${r.latencyMs.p50} p95 ${r.latencyMs.p95} p99 ${r.latencyMs.p99} ms  non-2xx ${r.non2xx + r.errors}  cpu ${r.cpuMsPerRequest.server} (main thread ${r.cpuMsPerRequest.serverMainThread})+${r.cpuMsPerRequest.postgres} ms/req`,
        );
      }
      const fewConnections = few.app!;
      measured.push({
        name: endpoint.name,
        app: pair.app!,
        baseline: pair.baseline!,
        appFewConnections: fewConnections,
        baselineFewConnections: few.baseline!,
        ratio,
        cpuRatio: appOverBaselineCpu,
        meets: {
          ratio: ratio >= TARGETS.ratioToBaseline,
          p95: pair.app!.latencyMs.p95 < TARGETS.p95Ms,
          cpuRatio: appOverBaselineCpu <= (isLogin(endpoint.name) ? TARGETS.loginCpuRatioToBaseline : TARGETS.cpuRatioToBaseline),
          fewConnectionsP95: isLogin(endpoint.name) ? null : fewConnections.latencyMs.p95 < TARGETS.p95Ms,
        },
      });
    }
    const peaks = Object.fromEntries([...rss].map(([name, sampler]) => [name, sampler.stop().peakMb]));

    let frontEnd: BenchResults['frontEnd'] = null;
    if (process.env.BENCH_FRONTEND !== '0') {
      say('Measuring the front end in Chromium…');
      await sql`delete from rate_limit_hits`;
      frontEnd = await measureFrontEnd(app.baseUrl, { email: benchCoachEmail(0), password: PASSWORD }, 3, { email: BENCH_BIG_COACH_EMAIL, password: PASSWORD }).catch((error: unknown) => ({
        error: String(error),
      }));
    }
    const loadAfterHttp = loadAverage();
    for (const server of servers.splice(0)) await server.stop();
    await sql.end({ timeout: 5 });
    await pg.stop();

    let scheduler: BenchResults['scheduler'] = null;
    if (process.env.BENCH_SCHEDULER !== '0') {
      say('Running bench/scheduler.ts…');
      scheduler = await runScheduler();
    }

    results = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: { before: loadBefore, after: loadAfterHttp } },
      settings,
      dataset: { counts: seed.counts, seedMs: seed.totalMs, seedStepsMs: seed.stepsMs, reused },
      endpoints: measured,
      appPeakRssMb: peaks.app ?? 0,
      baselinePeakRssMb: peaks.baseline ?? 0,
      valid: measured.every((e) => [e.app, e.baseline, e.appFewConnections, e.baselineFewConnections!].every((r) => r.requests > 0 && r.non2xx + r.errors === 0)),
      scheduler,
      frontEnd,
      targets: TARGETS,
      totalSeconds: Math.round((performance.now() - startedAt) / 1000),
    };
    writeReports(results);
    say(`\nWritten bench/results.json and docs/performance.md in ${results.totalSeconds} s${results.valid ? '' : ' (INVALID: some requests failed)'}.`);
  } finally {
    for (const server of servers) await server.stop().catch(() => {});
    await sql.end({ timeout: 5 }).catch(() => {});
    await pg.stop().catch(() => {});
  }
  if (results && !results.valid) process.exitCode = 1;
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);

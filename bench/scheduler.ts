/**
 * Scheduler benchmark: check-ins due in the same minute, one or more app instances on one
 * PostgreSQL, with either the in-process local providers (the scheduler's own cost) or the real
 * openai and twilio SDKs pointed at local fake servers (the end-to-end figure). Several runs, each
 * on a fresh database:
 *
 *   npm run bench:scheduler       BENCH_SCHEDULER_RUNS: comma-separated runs, each
 *                                 `<check-ins>x<instances>[:sdk|:local][@<texts per second per sender>]`
 *                                 (default: 100000x1:local,100000x2:local,100000x4:local,10000x2:sdk,20000x2:local@100)
 *                                 BENCH_LEAD_SECONDS (planning time before the due minute, default
 *                                 60 + 2 per thousand), BENCH_CONCURRENCY (16), BENCH_CPU_PROF_DIR (a V8
 *                                 CPU profile of each instance's drain; its whole life with BENCH_CPU_PROF_WHOLE=1),
 *                                 BENCH_PG_STATEMENTS=N (print the N statements that took Postgres longest during the drain)
 *
 * Each client gets one weekly slot at the same instant T, in one of several time zones (so the
 * local times differ). The instances plan the rows and queue the send jobs ahead of T; at T they
 * drain the queue. Reported per run: time to plan, time to drain after T, lateness per check-in
 * (sent_at - scheduled_for; worst, p50, p95, p99), throughput, duplicates (must be 0), and CPU per
 * check-in of the apps and of Postgres. Written to bench/results-scheduler.json.
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { buildIfNeeded } from '../scripts/build-if-needed';
import { startEmbeddedPostgres } from '../server/db/embedded';
import { runMigrations } from '../server/db/migrate';
import { startFakeOpenAi } from '../tests/helpers/fake-openai';
import { startFakeTwilio } from '../tests/helpers/fake-twilio';
import { fakeProviderEnv } from '../tests/helpers/fake-providers';
import { freePort, startApp, type App } from '../tests/helpers/stack';

const DEFAULT_RUNS = '100000x1:local,100000x2:local,100000x4:local,10000x2:sdk,20000x2:local@100';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const PG_STATEMENTS = Number(process.env.BENCH_PG_STATEMENTS ?? 0);

/** One run: how many check-ins, on how many instances, with which providers, paced or not. */
interface RunSetup {
  checkIns: number;
  instances: number;
  providers: 'sdk' | 'local';
  /** Texts per second per sender number; null sends unpaced. */
  senderRate: number | null;
}

function parseRuns(spec: string): RunSetup[] {
  return spec
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const m = /^(\d+)x(\d+)(?::(sdk|local))?(?:@(\d+(?:\.\d+)?))?$/.exec(part);
      if (!m) throw new Error(`BENCH_SCHEDULER_RUNS: "${part}" is not <check-ins>x<instances>[:sdk|:local][@rate]`);
      return { checkIns: Number(m[1]), instances: Number(m[2]), providers: m[3] === 'sdk' ? 'sdk' : 'local', senderRate: m[4] ? Number(m[4]) : null };
    });
}
const CLIENTS_PER_COACH = 500;
const ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London', 'Europe/Paris', 'Asia/Tokyo', 'Australia/Sydney', 'Pacific/Honolulu', 'UTC'];

const CLOCK_TICKS = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/**
 * CPU time (user + system, ms) per process group: each app instance with its children, and
 * everything else this script started (Postgres and its backends), plus this process itself (the
 * fake providers). Unlike drain time it hardly depends on what else the machine runs.
 */
function cpuMs(appPids: number[]): { apps: number; postgres: number; fakes: number } {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
    } catch {
      // The process ended meanwhile.
    }
  }
  const treeTicks = (root: number, skip: Set<number>) => {
    let ticks = 0;
    const queue = [root];
    while (queue.length > 0) {
      const parent = queue.pop()!;
      for (const [pid, s] of stats) {
        if (s.ppid !== parent || skip.has(pid)) continue;
        ticks += s.ticks;
        queue.push(pid);
      }
    }
    return ticks;
  };
  const appSet = new Set(appPids);
  const apps = appPids.reduce((sum, pid) => sum + (stats.get(pid)?.ticks ?? 0) + treeTicks(pid, new Set()), 0);
  const usage = process.cpuUsage();
  return { apps: (apps * 1000) / CLOCK_TICKS, postgres: (treeTicks(process.pid, appSet) * 1000) / CLOCK_TICKS, fakes: (usage.user + usage.system) / 1000 };
}

const say = (line: string) => process.stdout.write(`${line}\n`);
const seconds = (ms: number) => Math.round(ms) / 1000;

function localSlot(zone: string, at: Date): { day: string; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return { day: String(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday'))), time: `${get('hour')}:${get('minute')}` };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** The statements that took Postgres longest during the drain: execution and planning, per check-in. */
async function printStatements(sql: postgres.Sql, top: number, count: number): Promise<void> {
  const rows = await sql<{ calls: number; exec_ms: number; plan_ms: number; rows: number; query: string }[]>`
    select calls::int, total_exec_time as exec_ms, total_plan_time as plan_ms, rows::int, regexp_replace(query, '\\s+', ' ', 'g') as query
    from pg_stat_statements order by total_exec_time + total_plan_time desc limit ${top}`;
  const [all] = await sql<{ exec_ms: number; plan_ms: number }[]>`select sum(total_exec_time) as exec_ms, sum(total_plan_time) as plan_ms from pg_stat_statements`;
  say(`Postgres statement time per check-in: ${((all!.exec_ms ?? 0) / count).toFixed(3)} ms executing, ${((all!.plan_ms ?? 0) / count).toFixed(3)} ms planning.`);
  const tables = await sql<{ relname: string; n_tup_upd: number; n_tup_hot_upd: number; n_tup_ins: number }[]>`
    select relname, n_tup_upd::int, n_tup_hot_upd::int, n_tup_ins::int from pg_stat_user_tables where n_tup_upd + n_tup_ins > 0 order by n_tup_upd + n_tup_ins desc limit 6`;
  say(`  rows written (since the database started): ${tables.map((t) => `${t.relname} ${t.n_tup_ins} inserted, ${t.n_tup_upd} updated (${t.n_tup_hot_upd} in place)`).join('; ')}`);
  for (const r of rows) say(`  ${(r.exec_ms / count).toFixed(3)} + ${(r.plan_ms / count).toFixed(3)} ms/check-in  ${r.calls} calls  ${r.rows} rows  ${r.query.slice(0, 160)}`);
}

async function runOnce(run: RunSetup): Promise<Record<string, unknown>> {
  const { checkIns: COUNT, instances: INSTANCES, providers: PROVIDERS } = run;
  const SENDER_RATE = run.senderRate === null ? undefined : String(run.senderRate);
  const LEAD_SECONDS = Number(process.env.BENCH_LEAD_SECONDS ?? 60 + Math.ceil((2 * COUNT) / 1000));
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-bench-'));
  fs.chmodSync(base, 0o755);
  const ai = await startFakeOpenAi();
  const sms = await startFakeTwilio();
  const pg = await startEmbeddedPostgres(path.join(base, 'pg'), await freePort(), PG_STATEMENTS ? ['-c', 'shared_preload_libraries=pg_stat_statements', '-c', 'pg_stat_statements.track_planning=on'] : []);
  const apps: App[] = [];
  const sql = postgres(pg.url, { max: 4, onnotice: () => {} });
  try {
    await runMigrations(pg.url);
    if (PG_STATEMENTS) await sql`create extension if not exists pg_stat_statements`;

    // The minute every check-in is due: whole, and far enough ahead for the instances to start.
    const due = new Date(Math.ceil((Date.now() + LEAD_SECONDS * 1000) / 60_000) * 60_000);
    say(`Seeding ${COUNT} clients due at ${due.toISOString()} (${INSTANCES} instances, send concurrency ${CONCURRENCY} each)…`);
    const coaches = Math.ceil(COUNT / CLIENTS_PER_COACH);
    const coachIds: string[] = [];
    for (let i = 0; i < coaches; i++) {
      const [row] = await sql<{ id: string }[]>`
        insert into users (username, email, password_hash, first_name, last_name, plan_id, is_verified)
        values (${`coach${i}`}, ${`bench-coach-${i}@example.com`}, 'x', 'Bench', ${`Coach ${i}`}, 'full', true) returning id`;
      coachIds.push(row!.id);
    }
    const rows = Array.from({ length: COUNT }, (_, i) => {
      const zone = ZONES[i % ZONES.length]!;
      const { day, time } = localSlot(zone, due);
      return {
        coach_id: coachIds[Math.floor(i / CLIENTS_PER_COACH)]!,
        first_name: `Client${i}`,
        last_name: 'Bench',
        email: `client${i}@example.com`,
        phone: `+1555${String(i).padStart(7, '0')}`,
        timezone: zone,
        check_in_schedule: { [day]: [{ id: `slot-${i}`, time, enabled: true }] },
      };
    });
    for (let i = 0; i < rows.length; i += 1000) {
      const chunk = rows.slice(i, i + 1000);
      const clients = await sql<{ id: string; coach_id: string }[]>`
        insert into clients (coach_id, first_name, last_name, email, phone, timezone, check_in_schedule)
        select coach_id, first_name, last_name, email, phone, timezone, check_in_schedule
        from jsonb_to_recordset(${sql.json(chunk)}) as x(coach_id uuid, first_name text, last_name text, email text, phone text, timezone text, check_in_schedule jsonb)
        returning id, coach_id`;
      const goals = clients.map((c) => ({ coach_id: c.coach_id, client_id: c.id }));
      await sql`
        insert into goals (coach_id, client_id, title, type, target, unit, current_value, progress)
        select coach_id, client_id, 'Walk 100 km', 'progress', 100, 'km', 40, 40
        from jsonb_to_recordset(${sql.json(goals)}) as x(coach_id uuid, client_id uuid)`;
    }

    const env: Record<string, string> = {
      LOG_LEVEL: 'warn',
      ...(PROVIDERS === 'sdk' ? fakeProviderEnv(ai, sms) : {}),
      ...(SENDER_RATE ? { SMS_SENDER_RATE_PER_SECOND: SENDER_RATE } : {}),
      CHECKIN_SEND_CONCURRENCY: String(CONCURRENCY),
      RATE_LIMIT_DISABLED: 'true',
    };
    // A profile of the drain alone: the preload starts and stops at SIGUSR2 (sent below).
    const profileDir = process.env.BENCH_CPU_PROF_DIR ? path.resolve(process.env.BENCH_CPU_PROF_DIR) : null;
    const nodeArgs = profileDir ? ['--import', path.resolve('bench/cpu-profile.mjs')] : [];
    // BENCH_CPU_PROF_WHOLE=1 profiles each instance's whole life instead (planning included).
    const drainOnly = process.env.BENCH_CPU_PROF_WHOLE !== '1';
    if (profileDir) Object.assign(env, { CPU_PROFILE_DIR: profileDir, CPU_PROFILE_ON_SIGNAL: drainOnly ? '1' : '0' });
    const toggleProfiles = () => {
      if (profileDir && drainOnly) for (const app of apps) if (app.pid) process.kill(app.pid, 'SIGUSR2');
    };
    const startedAt = Date.now();
    for (let i = 0; i < INSTANCES; i++) {
      apps.push(await startApp({ databaseUrl: pg.url, dataDir: path.join(base, `data${i}`), outboxDir: path.join(base, `outbox${i}`), env, nodeArgs }));
    }
    say(`Instances ready in ${seconds(Date.now() - startedAt)} s (pids ${apps.map((a) => a.pid).join(', ')}).`);

    // Planning: rows and queued jobs appear ahead of the due minute.
    let plannedAt = 0;
    for (;;) {
      const [row] = await sql<{ n: number; queued: number }[]>`select count(*)::int as n, count(enqueued_at)::int as queued from check_ins`;
      if (row!.n >= COUNT && row!.queued >= COUNT) {
        plannedAt = Date.now();
        break;
      }
      if (Date.now() > due.getTime()) throw new Error(`only ${row!.n} rows (${row!.queued} queued) were planned before the due minute`);
      await new Promise((r) => setTimeout(r, 250));
    }
    say(`Planned and queued ${COUNT} check-ins ${seconds(plannedAt - startedAt)} s after the instances started; ${seconds(due.getTime() - plannedAt)} s before they are due.`);

    // Draining.
    const appPids = apps.map((a) => a.pid).filter((pid): pid is number => pid !== undefined);
    await new Promise((r) => setTimeout(r, Math.max(0, due.getTime() - Date.now())));
    const cpuBefore = cpuMs(appPids);
    if (PG_STATEMENTS) await sql`select pg_stat_statements_reset()`;
    toggleProfiles();
    const deadline = due.getTime() + 15 * 60_000;
    // Whether any row still waits, from the status index: counting the table five times a second
    // cost Postgres about 0.3 ms per check-in, which the drain's own figure then carried.
    for (;;) {
      const [row] = await sql<{ open: boolean }[]>`select exists (select 1 from check_ins where status = 'scheduled') as open`;
      if (!row!.open) break;
      if (Date.now() > deadline) {
        const [left] = await sql<{ sent: number; open: number }[]>`
          select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'scheduled')::int as open from check_ins`;
        throw new Error(`not drained 15 minutes after the due minute: ${left!.sent} sent, ${left!.open} waiting`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    const cpuAfter = cpuMs(appPids);
    toggleProfiles();
    const perSend = (ms: number) => Math.round((ms / COUNT) * 100) / 100;
    const cpu = {
      apps: perSend(cpuAfter.apps - cpuBefore.apps),
      postgres: perSend(cpuAfter.postgres - cpuBefore.postgres),
      fakeProviders: perSend(cpuAfter.fakes - cpuBefore.fakes),
    };
    const load = os.loadavg().map((n) => Math.round(n * 100) / 100);
    if (PG_STATEMENTS) await printStatements(sql, PG_STATEMENTS, COUNT);

    const [summary] = await sql<{ rows: number; sent: number; other: number; first: string; last: string; keys: number }[]>`
      select count(*)::int as rows, count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other,
             min(sent_at)::text as first, max(sent_at)::text as last, count(distinct dedupe_key)::int as keys
      from check_ins`;
    const lateness = (await sql<{ ms: number }[]>`select extract(epoch from (sent_at - scheduled_for)) * 1000 as ms from check_ins where sent_at is not null`)
      .map((r) => Number(r.ms))
      .sort((x, y) => x - y);
    // Every text the providers took: the fake Twilio's log, or each instance's outbox file.
    const texted =
      PROVIDERS === 'sdk'
        ? sms.messages.map((m) => m.to)
        : apps.flatMap((_, i) => {
            const file = path.join(base, `outbox${i}`, 'sms.jsonl');
            if (!fs.existsSync(file)) return [];
            return fs
              .readFileSync(file, 'utf8')
              .split('\n')
              .filter(Boolean)
              .map((line) => (JSON.parse(line) as { to: string }).to);
          });
    const perPhone = new Map<string, number>();
    for (const to of texted) perPhone.set(to, (perPhone.get(to) ?? 0) + 1);
    const duplicateSms = [...perPhone.values()].filter((n) => n > 1).reduce((sum, n) => sum + n - 1, 0);
    const [usage] = await sql<{ ai: number; sms: number }[]>`
      select count(*) filter (where service = 'openai')::int as ai, count(*) filter (where service = 'twilio')::int as sms from api_usage`;
    const lastSent = new Date(summary!.last).getTime();
    const firstSent = new Date(summary!.first).getTime();
    const result = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version },
      setup: { checkIns: COUNT, instances: INSTANCES, sendConcurrencyPerInstance: CONCURRENCY, zones: ZONES.length, providers: PROVIDERS, providersAre: PROVIDERS === 'sdk' ? 'openai + twilio SDKs against local fake servers' : 'in-process local providers', senderRatePerSecond: SENDER_RATE ? Number(SENDER_RATE) : null },
      dueAt: due.toISOString(),
      planning: { secondsAfterStart: seconds(plannedAt - startedAt), secondsBeforeDue: seconds(due.getTime() - plannedAt) },
      drain: {
        secondsAfterDue: seconds(lastSent - due.getTime()),
        firstSentAfterDueMs: Math.round(firstSent - due.getTime()),
        throughputPerSecond: Math.round((summary!.sent / Math.max(0.001, (lastSent - due.getTime()) / 1000)) * 10) / 10,
      },
      latenessMs: {
        worst: Math.round(lateness.at(-1) ?? 0),
        p50: Math.round(percentile(lateness, 50)),
        p95: Math.round(percentile(lateness, 95)),
        p99: Math.round(percentile(lateness, 99)),
      },
      outcome: { rows: summary!.rows, sent: summary!.sent, notSent: summary!.other, distinctSlots: summary!.keys },
      duplicates: { smsToSameClient: duplicateSms, smsTotal: texted.length, rowsPerSlotAboveOne: summary!.rows - summary!.keys },
      /** CPU ms per check-in from the due minute until drained, by process group (load-independent). */
      cpuMsPerSend: { ...cpu, total: Math.round((cpu.apps + cpu.postgres + cpu.fakeProviders) * 100) / 100 },
      /** The machine's 1, 5 and 15-minute load averages when the drain ended. */
      loadAverage: load,
      meteredCalls: { ai: usage!.ai, sms: usage!.sms, aiRequestsSeenByFake: ai.requests.length },
    };
    say(`\nDrained ${summary!.sent} check-ins ${result.drain.secondsAfterDue} s after the due minute; worst lateness ${result.latenessMs.worst} ms; duplicates ${duplicateSms}; CPU ${result.cpuMsPerSend.total} ms per send (load ${load.join(' ')}).`);
    if (duplicateSms > 0 || summary!.rows !== COUNT || summary!.sent !== COUNT) process.exitCode = 1;
    return result;
  } finally {
    for (const app of apps) await app.stop().catch(() => {});
    await sql.end({ timeout: 5 });
    await pg.stop();
    await ai.close();
    await sms.close();
    fs.rmSync(base, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  buildIfNeeded();
  const runs: Record<string, unknown>[] = [];
  for (const run of parseRuns(process.env.BENCH_SCHEDULER_RUNS ?? DEFAULT_RUNS)) {
    say(`\n== ${run.checkIns} check-ins on ${run.instances} instance(s), ${run.providers} providers${run.senderRate ? `, ${run.senderRate} texts/s per sender` : ''}`);
    runs.push(await runOnce(run));
    fs.mkdirSync(path.resolve('bench'), { recursive: true });
    fs.writeFileSync(path.resolve('bench/results-scheduler.json'), `${JSON.stringify({ runs }, null, 2)}\n`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});

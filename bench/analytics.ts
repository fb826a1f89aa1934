/**
 * Analytics benchmark: one coach with 1,000 clients, 3,000 goals, 15,000 progress entries and
 * 200,000 check-ins spread over the last year; each analytics endpoint is called 30 times in a row
 * (after a warm-up) for each time range, and p50/p95 of the full HTTP round trip are recorded.
 *
 *   npx next build && npm run bench:analytics
 *
 * BENCH_LABEL names the run in bench/results-analytics.json (earlier runs under other labels are
 * kept, so a before/after pair can sit side by side); BENCH_CALLS changes the 30.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { client, latestLinkToken, uniqueEmail } from '../tests/helpers/http';
import { startStack, type Stack } from '../tests/helpers/stack';
import { CHECK_INS_PER_CLIENT, CLIENTS, seedAnalyticsData } from './analytics-data';

const CALLS = Number(process.env.BENCH_CALLS ?? 30);
const WARM_UP = 5;
const TARGET_MS = 200;
const ENDPOINTS = ['overview', 'clients', 'goals', 'communication'] as const;
const RANGES = ['7d', '30d', '90d', '1y'] as const;
const RESULTS_FILE = path.resolve('bench/results-analytics.json');
const LABEL = process.env.BENCH_LABEL ?? 'current';
const PASSWORD = 'Bench!Coach-2026';

function log(line: string) {
  process.stdout.write(`${line}\n`);
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round((sorted[index] ?? 0) * 10) / 10;
}

async function signUp(stack: Stack): Promise<{ token: string; userId: string }> {
  const request = client(stack.baseUrl);
  const email = uniqueEmail('bench');
  const registered = await request<{ user: { id: string } }>('POST', '/users/register', {
    body: { firstName: 'Bench', lastName: 'Coach', email, phone: '+15555550199', password: PASSWORD },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  let token: string | null = null;
  for (let i = 0; i < 50 && !token; i += 1) {
    token = latestLinkToken(stack.outboxDir, email, 'verify-email');
    if (!token) await new Promise((r) => setTimeout(r, 200));
  }
  if (!token) throw new Error('no verification e-mail');
  await request('GET', `/users/verify/${token}`);
  const login = await request<{ accessToken: string; user: { id: string } }>('POST', '/users/login', { body: { email, password: PASSWORD } });
  if (login.status !== 200) throw new Error(`login: ${login.status} ${JSON.stringify(login.body)}`);
  return { token: login.body.accessToken, userId: login.body.user.id };
}

async function time(url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return ms;
}

async function main() {
  log('Starting the app and its database…');
  const stack = await startStack({ ACCESS_TOKEN_TTL_SECONDS: '7200', RATE_LIMIT_DISABLED: 'true', LOG_LEVEL: 'error' });
  const sql = postgres(stack.databaseUrl, { max: 2, onnotice: () => {} });
  try {
    const { token, userId } = await signUp(stack);
    log(`Seeding ${CLIENTS} clients and ${CLIENTS * CHECK_INS_PER_CLIENT} check-ins…`);
    const dataset = await seedAnalyticsData(sql, userId);
    log(`Seeded in ${dataset.seconds} s: ${JSON.stringify(dataset)}`);

    const results: Record<string, Record<string, { p50: number; p95: number; min: number; max: number; mean: number }>> = {};
    for (const endpoint of ENDPOINTS) {
      results[endpoint] = {};
      for (const range of RANGES) {
        const url = `${stack.baseUrl}/api/dashboard/analytics/${endpoint}?timeRange=${range}`;
        for (let i = 0; i < WARM_UP; i += 1) await time(url, token);
        const samples: number[] = [];
        for (let i = 0; i < CALLS; i += 1) samples.push(await time(url, token));
        samples.sort((a, b) => a - b);
        const r = {
          p50: percentile(samples, 50),
          p95: percentile(samples, 95),
          min: Math.round(samples[0]! * 10) / 10,
          max: Math.round(samples[samples.length - 1]! * 10) / 10,
          mean: Math.round((samples.reduce((a, b) => a + b, 0) / samples.length) * 10) / 10,
        };
        results[endpoint][range] = r;
        log(`${endpoint.padEnd(14)} ${range.padEnd(4)} p50 ${String(r.p50).padStart(7)} ms   p95 ${String(r.p95).padStart(7)} ms${r.p95 > TARGET_MS ? '   over target' : ''}`);
      }
    }

    const all = Object.values(results).flatMap((byRange) => Object.values(byRange));
    const run = {
      date: new Date().toISOString(),
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100) },
      dataset,
      callsPerEndpoint: CALLS,
      warmUpCalls: WARM_UP,
      targetMs: TARGET_MS,
      withinTarget: all.every((r) => r.p95 <= TARGET_MS),
      results,
    };
    const previous = fs.existsSync(RESULTS_FILE) ? (JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as { runs?: Record<string, unknown> }) : {};
    const file = {
      description: 'GET /api/dashboard/analytics/* round trips (HTTP, auth, SQL, JSON) for one coach with 1,000 clients and 200,000 check-ins; ms.',
      runs: { ...(previous.runs ?? {}), [LABEL]: run },
    };
    fs.mkdirSync(path.dirname(RESULTS_FILE), { recursive: true });
    fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(file, null, 2)}\n`);
    log(`${run.withinTarget ? 'Every' : 'Not every'} endpoint and range answered within ${TARGET_MS} ms at p95. Written to ${path.relative(process.cwd(), RESULTS_FILE)} as "${LABEL}".`);
  } finally {
    await sql.end({ timeout: 5 });
    await stack.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);

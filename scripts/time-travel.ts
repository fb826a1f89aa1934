/**
 * Runs the time-sensitive test suites at chosen instants (not part of CI): every process of a run
 * (the test runner, the app it starts and the app's PostgreSQL) sees the same faked wall clock,
 * through Debian's libfaketime: moved to the instant, then running on at normal speed.
 *
 *   npm run test:time-travel                      every instant below, every suite
 *   npm run test:time-travel -- --hours           every hour of one day, analytics only
 *   npm run test:time-travel -- --at 2027-03-14T06:59:30Z --suite analytics --suite scheduler
 *
 * Needs `faketime` (`apt-get install -y faketime`) and a built app (`npm run build`). Results go to
 * stdout and `test-results/time-travel.json`. See docs/operations.md "Testing at other instants".
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildIfNeeded } from './build-if-needed';

/** The suites whose answers depend on the clock; a name is a vitest project and its files. */
const SUITES: Record<string, { project: 'unit' | 'api'; files: string[] }> = {
  analytics: { project: 'api', files: ['tests/api/analytics.test.ts', 'tests/api/clock.test.ts'] },
  scheduler: { project: 'api', files: ['tests/api/scheduler.test.ts', 'tests/api/client-schedule.test.ts', 'tests/api/timezones.test.ts'] },
  billing: { project: 'api', files: ['tests/api/billing.test.ts', 'tests/api/admin-billing.test.ts'] },
  workspace: { project: 'api', files: ['tests/api/clients.test.ts', 'tests/api/goals.test.ts'] },
  quotas: { project: 'api', files: ['tests/api/engine.test.ts', 'tests/api/rate-limit.test.ts', 'tests/api/admin-usage.test.ts'] },
  units: { project: 'unit', files: ['tests/unit'] },
};

/**
 * Instants chosen to straddle what a date computation can get wrong: a run starts 30 s before the
 * boundary, so its first tests run before it and the rest after.
 */
const INSTANTS: { at: string; why: string }[] = [
  { at: '2026-11-23T16:30:00Z', why: 'the failing CI run of 2026-11-23 (Monday afternoon)' },
  { at: '2026-11-29T23:59:30Z', why: 'Sunday to Monday in UTC: a new week' },
  { at: '2026-11-30T23:59:30Z', why: 'month end (30-day month)' },
  { at: '2026-12-31T23:59:30Z', why: 'year end' },
  { at: '2027-01-31T23:59:30Z', why: 'month end into February' },
  { at: '2027-03-14T06:59:30Z', why: 'US clocks go forward (02:00 New York)' },
  { at: '2027-03-28T00:59:30Z', why: 'EU clocks go forward (01:00 UTC)' },
  { at: '2026-10-25T00:59:30Z', why: 'EU clocks go back (01:00 UTC)' },
  { at: '2026-11-01T05:59:30Z', why: 'US clocks go back (02:00 New York daylight time)' },
  { at: '2027-04-04T13:59:30Z', why: 'Southern hemisphere clocks go back (03:00 Auckland)' },
  { at: '2028-02-28T23:59:30Z', why: 'into a leap day' },
  { at: '2028-02-29T23:59:30Z', why: 'out of a leap day' },
  { at: '2028-02-29T12:00:00Z', why: 'on a leap day, the year before has no 29 February' },
];

const hours = (day: string) =>
  Array.from({ length: 24 }, (_, h) => ({ at: `${day}T${String(h).padStart(2, '0')}:17:00Z`, why: `${String(h).padStart(2, '0')}:17 UTC` }));

/**
 * libfaketime's offset form ("+N" seconds from the real clock), not its start-at form: every
 * process then sees the same clock, whenever it starts (the app and its database start seconds
 * after the test runner).
 */
function faketimeSpec(instant: string): string {
  const target = new Date(instant).getTime();
  if (Number.isNaN(target)) throw new Error(`Not an instant: ${instant}`);
  const seconds = Math.round((target - Date.now()) / 1000);
  return `${seconds >= 0 ? '+' : ''}${seconds}`;
}

interface Outcome {
  at: string;
  why: string;
  suite: string;
  passed: boolean;
  seconds: number;
  summary: string;
}

function runAt(instant: { at: string; why: string }, suite: string): Outcome {
  const { project, files } = SUITES[suite]!;
  const started = Date.now();
  const result = spawnSync('faketime', ['-f', faketimeSpec(instant.at), 'npx', 'vitest', 'run', '--project', project, ...files], {
    encoding: 'utf8',
    // Monotonic clocks stay real: timers and timeouts keep working while the wall clock is moved.
    env: { ...process.env, TZ: 'UTC', FAKETIME_DONT_FAKE_MONOTONIC: '1', NEXT_TELEMETRY_DISABLED: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout}\n${result.stderr}`;
  const summary = output.match(/Tests\s+[^\n]*/)?.[0]?.trim() ?? output.trim().split('\n').slice(-3).join(' ');
  const passed = result.status === 0;
  if (!passed) {
    const logFile = path.join('test-results', `time-travel-${suite}-${instant.at.replace(/[:]/g, '')}.log`);
    fs.writeFileSync(logFile, output);
  }
  return { ...instant, suite, passed, seconds: Math.round((Date.now() - started) / 1000), summary };
}

function main(): void {
  const { values } = parseArgs({
    options: { at: { type: 'string', multiple: true }, suite: { type: 'string', multiple: true }, hours: { type: 'boolean' }, day: { type: 'string' } },
  });
  if (spawnSync('faketime', ['-f', '+0', 'true']).status !== 0) {
    process.stderr.write('faketime is missing: apt-get install -y faketime\n');
    process.exit(1);
  }
  const suites = values.suite ?? (values.hours ? ['analytics'] : Object.keys(SUITES));
  for (const s of suites) if (!SUITES[s]) throw new Error(`Unknown suite ${s}; one of ${Object.keys(SUITES).join(', ')}`);
  const instants = values.at?.map((at) => ({ at, why: 'chosen' })) ?? (values.hours ? hours(values.day ?? '2026-11-23') : INSTANTS);
  buildIfNeeded();
  fs.mkdirSync('test-results', { recursive: true });
  const outcomes: Outcome[] = [];
  for (const instant of instants) {
    for (const suite of suites) {
      const o = runAt(instant, suite);
      outcomes.push(o);
      process.stdout.write(`${o.passed ? '✓' : '✗'} ${o.at}  ${suite.padEnd(10)} ${String(o.seconds).padStart(4)} s  ${o.summary}  (${o.why})\n`);
    }
  }
  fs.writeFileSync(path.join('test-results', 'time-travel.json'), JSON.stringify(outcomes, null, 2));
  const failed = outcomes.filter((o) => !o.passed);
  process.stdout.write(`\n${outcomes.length - failed.length} of ${outcomes.length} runs passed\n`);
  process.exit(failed.length ? 1 : 0);
}

main();

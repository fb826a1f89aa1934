import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { buildIfNeeded } from './build-if-needed';

const CHROMIUM = '/usr/bin/chromium';

/** Browser tests need Debian's Chromium; as root with apt we install it, otherwise we say what to install. */
function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM)) return;
  const canApt = process.getuid?.() === 0 && spawnSync('which', ['apt-get']).status === 0;
  if (!canApt) {
    process.stderr.write(`\nBrowser tests need Chromium at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n\n`);
    process.exit(1);
  }
  process.stdout.write('Installing Debian chromium for the browser tests…\n');
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', 'chromium']);
}

/** The line a finished command leaves: ✓ with its time, or ✗ and how long it ran before failing. */
function report(label: string, status: number | null, started: number): void {
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (status === 0) process.stdout.write(`✓ ${label} (${seconds}s)\n`);
  else process.stderr.write(`\n✗ ${label} failed after ${seconds}s\n`);
}

function run(command: string, args: string[]): void {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  report(`${command} ${args.join(' ')}`, result.status, started);
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Runs the commands side by side, each with its output held and printed whole when it ends (so two
 * logs never interleave), and exits at the end if any failed. tsc and eslint each keep one core busy,
 * the unit tests a little more: together they take the longest of them instead of the sum.
 */
async function runTogether(commands: [string, string[]][]): Promise<void> {
  const results = await Promise.all(
    commands.map(
      ([command, args]) =>
        new Promise<{ label: string; status: number | null }>((done) => {
          const label = `${command} ${args.join(' ')}`;
          const started = Date.now();
          const child = spawn(command, args, { env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: '1' } });
          const chunks: Buffer[] = [];
          child.stdout.on('data', (c: Buffer) => chunks.push(c));
          child.stderr.on('data', (c: Buffer) => chunks.push(c));
          child.on('close', (status) => {
            process.stdout.write(Buffer.concat(chunks));
            report(label, status, started);
            done({ label, status });
          });
        }),
    ),
  );
  const failed = results.filter((r) => r.status !== 0);
  if (failed.length > 0) {
    process.stderr.write(`\n✗ failed: ${failed.map((r) => r.label).join('; ')}\n`);
    process.exit(failed[0]!.status ?? 1);
  }
}

ensureChromium();
await runTogether([
  ['npx', ['tsc', '--noEmit']],
  ['npx', ['eslint', '--max-warnings', '0', '.']],
  ['npx', ['vitest', 'run', '--project', 'unit']],
]);
buildIfNeeded();
run('npx', ['vitest', 'run', '--project', 'api']);
run('npx', ['playwright', 'test']);

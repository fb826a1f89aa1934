import { spawnSync } from 'node:child_process';
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

function run(command: string, args: string[]): void {
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    process.stderr.write(`\n✗ ${command} ${args.join(' ')} failed after ${seconds}s\n`);
    process.exit(result.status ?? 1);
  }
  process.stdout.write(`✓ ${command} ${args.join(' ')} (${seconds}s)\n`);
}

ensureChromium();
run('npx', ['tsc', '--noEmit']);
run('npx', ['eslint', '--max-warnings', '0', '.']);
run('npx', ['vitest', 'run', '--project', 'unit']);
buildIfNeeded();
run('npx', ['vitest', 'run', '--project', 'api']);
run('npx', ['playwright', 'test']);

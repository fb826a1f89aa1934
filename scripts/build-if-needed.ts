import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SOURCES = ['app', 'components', 'lib', 'server', 'proxy.ts', 'next.config.mjs', 'package-lock.json', 'postcss.config.mjs'];

function newestMtime(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs.readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** Runs `next build` when there is no build or any source is newer than it. */
export function buildIfNeeded(force = false): void {
  const buildId = path.join('.next', 'BUILD_ID');
  const builtAt = fs.existsSync(buildId) ? fs.statSync(buildId).mtimeMs : 0;
  if (!force && builtAt > 0 && SOURCES.every((s) => newestMtime(s) < builtAt)) return;
  process.stdout.write('Building Cadence (next build)…\n');
  const result = spawnSync('npx', ['next', 'build'], { stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' } });
  if (result.status !== 0) throw new Error('next build failed');
}

#!/usr/bin/env node
// The registry mirror here lacks other platforms' native binaries (darwin, win32, ...), so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of
// sync (npm/cli#9846). This records each missing optional platform package with its os/cpu, so
// `npm ci` skips it on this platform exactly as it would with a complete lock. Run after
// `npm install` changes dependencies: `node scripts/lock-missing-optionals.mjs`.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

function missingFromLock() {
  try {
    execFileSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], { stdio: 'pipe' });
    return [];
  } catch (error) {
    const out = `${error.stdout ?? ''}${error.stderr ?? ''}`;
    return [...out.matchAll(/Missing: (.+?)@\S* from lock file/g)].map((m) => m[1]);
  }
}

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'wasm32'];
const CPU = { arm64: 'arm64', x64: 'x64', arm: 'arm', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x' };

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.map((p) => CPU[p]).find(Boolean);
  if (os === 'wasm32') return { cpu: ['wasm32'] };
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}) };
}

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
const missing = missingFromLock();
for (const name of missing) {
  const parent = Object.values(lock.packages).find((p) => p.optionalDependencies?.[name]);
  if (!parent) throw new Error(`no package in the lock declares ${name}`);
  lock.packages[`node_modules/${name}`] = { version: parent.optionalDependencies[name], optional: true, ...platformOf(name) };
}
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`${missing.length ? `recorded ${missing.length} missing optional packages` : 'package-lock.json is complete'}\n`);
const left = missingFromLock();
if (left.length) throw new Error(`still missing: ${left.join(', ')}`);

import { spawn } from 'node:child_process';
import path from 'node:path';
import { serverNodeFlags, serverProcessEnv } from '../server/node-flags';
import { buildIfNeeded } from './build-if-needed';

buildIfNeeded();

// Next reads NEXT_TELEMETRY_DISABLED when it loads: the server gets it in its environment from the
// start (this process writes no environment variable; docs/operations.md, "Process-wide state").
const server = spawn(process.execPath, [...serverNodeFlags(), '--import', 'tsx', path.resolve('server/index.ts')], {
  stdio: 'inherit',
  env: { ...serverProcessEnv(), ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
// The server drains and stops on SIGTERM/SIGINT; this launcher only passes them on and waits.
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

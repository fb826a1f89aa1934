import fs from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { config } from '../../server/config';
import { closeDb } from '../../server/db/client';
import { setSettings } from '../../server/runtime';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../server/db/embedded';
import { runMigrations } from '../../server/db/migrate';

/** Where the script's database came from, for the summary line. */
export type DatabaseSource = 'DATABASE_URL' | 'running embedded database' | 'embedded database started by this script';

export interface ScriptDatabase {
  url: string;
  source: DatabaseSource;
}

/** The credentials startEmbeddedPostgres gives its database (server/db/embedded.ts). */
function embeddedUrl(port: number): string {
  return `postgres://cadence:cadence@127.0.0.1:${port}/cadence`;
}

/** True when a database answers at `url` within a couple of seconds. */
async function answers(url: string): Promise<boolean> {
  const probe = postgres(url, { max: 1, connect_timeout: 2, idle_timeout: 1, onnotice: () => {} });
  try {
    await probe`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await probe.end({ timeout: 1 }).catch(() => {});
  }
}

/** The port a live postmaster in `dataDir` listens on (line 4 of postmaster.pid), if there is one. */
function livePostmasterPort(dataDir: string): number | undefined {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return undefined;
    return fs.existsSync(`/proc/${pid}`) ? port : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the app's database the way the server does: DATABASE_URL when set; otherwise the embedded
 * database, reusing it when `npm start` already holds it (a second postgres on the same data folder
 * cannot start, and startEmbeddedPostgres would stop the server's as a "leftover"). Migrations run
 * in every case (they are idempotent and serialised by an advisory lock). `run` gets the database
 * recorded in the runtime registry (server/runtime.ts), so getDb() works inside it; the pool and any
 * postgres this function started are closed afterwards, also when `run` throws.
 */
export async function withScriptDatabase<T>(run: (database: ScriptDatabase) => Promise<T>): Promise<T> {
  const cfg = config();
  let embedded: EmbeddedDatabase | undefined;
  let database: ScriptDatabase;

  if (cfg.DATABASE_URL) {
    database = { url: cfg.DATABASE_URL, source: 'DATABASE_URL' };
  } else {
    const dataDir = path.join(cfg.DATA_DIR, 'pg');
    const candidates = [cfg.EMBEDDED_PG_PORT, livePostmasterPort(dataDir)].filter((p): p is number => p !== undefined);
    let reused: string | undefined;
    for (const port of new Set(candidates)) {
      if (await answers(embeddedUrl(port))) {
        reused = embeddedUrl(port);
        break;
      }
    }
    if (reused) {
      database = { url: reused, source: 'running embedded database' };
    } else {
      embedded = await startEmbeddedPostgres(dataDir, cfg.EMBEDDED_PG_PORT);
      database = { url: embedded.url, source: 'embedded database started by this script' };
    }
  }

  setSettings({ databaseUrl: database.url });
  try {
    await runMigrations(database.url);
    return await run(database);
  } finally {
    await closeDb();
    setSettings({ databaseUrl: undefined });
    await embedded?.stop();
  }
}

/** Runs a script's main function, printing a failure on stderr and exiting non-zero. */
export function runScript(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}

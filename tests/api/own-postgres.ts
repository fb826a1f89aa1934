import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import * as schema from '../../server/db/schema';
import type { EngineDb } from '../../server/services/engine/runtime';
import { freePort } from '../helpers/stack';

/**
 * A PostgreSQL of the suite's own, for suites that call services directly with an injected clock
 * (the scheduler, held notifications, nudges): started and migrated before the suite, the named
 * tables emptied and the e-mail outbox removed before each test, everything stopped after it. The
 * local providers only: the keys of the real ones are removed from the environment.
 */
export interface OwnPostgres {
  url: string;
  outbox: string;
  /** A connection for the test's own SQL. */
  raw: postgres.Sql;
  /** Another pool on the same database (an "instance"), closed with the suite. */
  connect(max?: number): EngineDb;
}

class Suite implements OwnPostgres {
  url = '';
  outbox = '';
  raw!: postgres.Sql;
  pools: postgres.Sql[] = [];

  connect(max = 4): EngineDb {
    const sql = postgres(this.url, { max, onnotice: () => {} });
    this.pools.push(sql);
    return { sql, db: drizzle(sql, { schema }) };
  }
}

export function ownPostgresSuite(name: string, options: { truncate: string[]; env?: Record<string, string> }): OwnPostgres {
  const suite = new Suite();
  let base = '';
  let pg: { url: string; stop(): Promise<void> } | undefined;
  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), `cadence-${name}-`));
    fs.chmodSync(base, 0o755);
    suite.outbox = path.join(base, 'outbox');
    Object.assign(process.env, { OUTBOX_DIR: suite.outbox, DATA_DIR: path.join(base, 'data'), LOG_LEVEL: 'silent', NODE_ENV: 'test', ...options.env });
    for (const key of ['OPENAI_API_KEY', 'TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER', 'RESEND_API_KEY']) delete process.env[key];
    const { startEmbeddedPostgres } = await import('../../server/db/embedded');
    pg = await startEmbeddedPostgres(path.join(base, 'pg'), await freePort());
    suite.url = pg.url;
    process.env.DATABASE_URL = pg.url;
    const { runMigrations } = await import('../../server/db/migrate');
    await runMigrations(pg.url);
    // Not through connect(): drizzle takes over a client's JSON serializer, and raw.json() needs its own.
    suite.raw = postgres(pg.url, { max: 4, onnotice: () => {} });
    suite.pools.push(suite.raw);
  }, 120_000);

  afterAll(async () => {
    for (const pool of suite.pools) await pool.end({ timeout: 5 });
    const { closeDb } = await import('../../server/db/client');
    await closeDb();
    await pg?.stop();
    fs.rmSync(base, { recursive: true, force: true });
  });

  beforeEach(async () => {
    await suite.raw.unsafe(`truncate ${options.truncate.join(', ')} cascade`);
    fs.rmSync(suite.outbox, { recursive: true, force: true });
  });
  return suite;
}

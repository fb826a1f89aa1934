import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { config, databaseUrl } from '../config';
import { getSlot, setSlot } from '../runtime';
import * as schema from './schema';

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Services accept either the database or an open transaction. */
export type Executor = Database | Transaction;

/**
 * postgres.js reconnects by itself after the database restarts. Its timeout keeps a request from
 * waiting 30 s (the default) on a database that does not answer: it gets a 503 instead.
 */
const DB_CONNECT_TIMEOUT_SECONDS = 5;

/**
 * The driver's default backoff grows with every failed connection attempt of the whole pool, up to
 * 20 s; after an outage of a few seconds under load it reached that, and requests queued on a
 * connection waiting out its delay hung long after the database was back. A short, capped delay
 * (the database is local or one hop away) brings every connection back within a second.
 */
const reconnectDelaySeconds = (retries: number) => Math.min(0.1 * retries, 1);

export interface DbHandle {
  url: string;
  sql: postgres.Sql;
  db: Database;
}

declare module '../runtime' {
  interface RuntimeSlots {
    db: DbHandle;
  }
}

// The custom server (tsx) and Next's bundled route handlers are separate module graphs in one
// process; keeping the pool in the runtime registry (server/runtime.ts) gives both the same connections.
function handle(): DbHandle {
  const url = databaseUrl();
  const current = getSlot('db');
  if (current && current.url === url) return current;
  const sql = postgres(url, { max: config().DB_POOL_MAX, connect_timeout: DB_CONNECT_TIMEOUT_SECONDS, backoff: reconnectDelaySeconds, onnotice: () => {} });
  const created: DbHandle = { url, sql, db: drizzle(sql, { schema }) };
  setSlot('db', created);
  return created;
}

export function getDb(): Database {
  return handle().db;
}

/** The driver itself, for what Drizzle does not wrap (cursors). */
export function getSql(): postgres.Sql {
  return handle().sql;
}

export async function closeDb(): Promise<void> {
  const handle = getSlot('db');
  setSlot('db', undefined);
  if (handle) await handle.sql.end({ timeout: 5 });
}

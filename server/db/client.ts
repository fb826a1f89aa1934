import postgres from 'postgres';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { config } from '../config';
import * as schema from './schema';

export type Database = PostgresJsDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Services accept either the database or an open transaction. */
export type Executor = Database | Transaction;

const DB_CONNECT_TIMEOUT_SECONDS = 5;

interface DbHandle {
  url: string;
  sql: postgres.Sql;
  db: Database;
}

// The custom server (tsx) and Next's bundled route handlers are separate module graphs in one
// process; keeping the pool on globalThis gives both the same connections.
const holder = globalThis as unknown as { cadenceDb?: DbHandle };

export function databaseUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the server sets it after starting the embedded database.');
  return url;
}

function handle(): DbHandle {
  const url = databaseUrl();
  if (!holder.cadenceDb || holder.cadenceDb.url !== url) {
    // postgres.js reconnects by itself after the database restarts; the timeout keeps a request
    // from waiting 30 s (its default) on a database that does not answer: it gets a 503 instead.
    const sql = postgres(url, { max: config().DB_POOL_MAX, connect_timeout: DB_CONNECT_TIMEOUT_SECONDS, onnotice: () => {} });
    holder.cadenceDb = { url, sql, db: drizzle(sql, { schema }) };
  }
  return holder.cadenceDb;
}

export function getDb(): Database {
  return handle().db;
}

/** The driver itself, for what Drizzle does not wrap (cursors). */
export function getSql(): postgres.Sql {
  return handle().sql;
}

export async function closeDb(): Promise<void> {
  const handle = holder.cadenceDb;
  holder.cadenceDb = undefined;
  if (handle) await handle.sql.end({ timeout: 5 });
}

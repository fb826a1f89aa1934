import pg from 'pg';
import { createAdapter } from '@socket.io/postgres-adapter';
import { log } from '../log';

/** One LISTEN connection plus a few for NOTIFY and the attachment table. */
const ADAPTER_POOL_MAX = 3;
/** How the adapter's connections show in pg_stat_activity (operations, the restart test). */
export const ADAPTER_APPLICATION_NAME = 'cadence-realtime';

export interface PostgresAdapter {
  adapter: ReturnType<typeof createAdapter>;
  close(): Promise<void>;
}

/**
 * The Socket.IO Postgres adapter: events emitted on one instance reach sockets connected to any
 * instance on the same database (LISTEN/NOTIFY; the table comes from migration 0008).
 */
export function postgresAdapter(databaseUrl: string): PostgresAdapter {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: ADAPTER_POOL_MAX, connectionTimeoutMillis: 5_000, application_name: ADAPTER_APPLICATION_NAME });
  // The adapter keeps its LISTEN connection checked out. When the database drops it (restart,
  // admin shutdown) the connection emits 'error', which with nobody listening would end the
  // process, then 'end': the adapter takes a new one, but never gives the dead one back, so each
  // restart would cost a pool slot for good and pool.end() would wait for it on shutdown.
  pool.on('connect', (client) => {
    client.on('error', (error) => log.warn({ err: error }, 'realtime adapter connection lost'));
    client.once('end', () => {
      try {
        client.release(new Error('connection ended'));
      } catch {
        // It was idle, already back in the pool, which drops ended connections by itself.
      }
    });
  });
  pool.on('error', (error) => log.warn({ err: error }, 'realtime adapter idle connection lost'));
  const adapter = createAdapter(pool, {
    errorHandler: (error: Error) => log.warn({ err: error }, 'realtime adapter error'),
  });
  return { adapter, close: () => pool.end() };
}

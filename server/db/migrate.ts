import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';

/** Applies drizzle/ migrations; an advisory lock makes concurrent starts of several instances safe. */
export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(727274)`;
    await migrate(drizzle(sql), { migrationsFolder: path.resolve(process.cwd(), 'drizzle') });
  } finally {
    await sql`select pg_advisory_unlock(727274)`.catch(() => {});
    await sql.end({ timeout: 5 });
  }
}

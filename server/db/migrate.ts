import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import { DEFAULT_SMS_FROM_NUMBER } from '@/lib/sms';
import { config } from '../config';

/**
 * Applies drizzle/ migrations; an advisory lock makes concurrent starts of several instances safe.
 * The configured SMS number is passed to the migrations as `cadence.sms_from_number`: 0010 records
 * it as the number every earlier text went from.
 */
export async function runMigrations(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(727274)`;
    await sql`select set_config('cadence.sms_from_number', ${config().TWILIO_FROM_NUMBER ?? DEFAULT_SMS_FROM_NUMBER}, false)`;
    await migrate(drizzle(sql), { migrationsFolder: path.resolve(process.cwd(), 'drizzle') });
  } finally {
    await sql`select pg_advisory_unlock(727274)`.catch(() => {});
    await sql.end({ timeout: 5 });
  }
}

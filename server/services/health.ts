import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { serviceUnavailable } from '../http/errors';

/** A health check answers within this, reachable database or not: a load balancer's probe must not hang. */
const HEALTH_TIMEOUT_MS = 2_000;

/** `GET /api/health`: the instance is up and reaches its database (a 503 otherwise, for the load balancer). */
export async function health(): Promise<{ status: 'ok'; database: 'ok' }> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(serviceUnavailable()), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([getDb().execute(sql`select 1`), timedOut]);
  } finally {
    clearTimeout(timer);
  }
  return { status: 'ok', database: 'ok' };
}

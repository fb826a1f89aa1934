import { PgBoss } from 'pg-boss';
import { sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { log } from '../log';
import { renewDueSubscriptions } from '../services/billing';
import { DATA_EXPORT_QUEUE, removeExpiredExports, runDataExport } from '../services/data-export';
import { purgeExpiredRateLimits } from '../services/rate-limit';
import { setQueue } from './queue';

const MAINTENANCE_QUEUE = 'maintenance';
/** Local-provider subscriptions whose period ended are renewed or ended (Stripe renews by itself). */
const BILLING_RENEWALS_QUEUE = 'billing-renewals';

/** Removes spent rate-limit windows, used one-time links and long-ended sessions. */
async function maintenance(): Promise<void> {
  await purgeExpiredRateLimits();
  const db = getDb();
  await db.execute(sql`delete from user_tokens where expires_at < now() - interval '7 days'`);
  await db.execute(sql`delete from sessions where expires_at < now() - interval '7 days' or revoked_at < now() - interval '30 days'`);
  await removeExpiredExports();
}

export interface Workers {
  stop(): Promise<void>;
}

/** Starts pg-boss on the app's database; later issues add their queues here. */
export async function startWorkers(databaseUrl: string): Promise<Workers> {
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss' });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  await boss.createQueue(MAINTENANCE_QUEUE);
  await boss.schedule(MAINTENANCE_QUEUE, '17 * * * *');
  await boss.work(MAINTENANCE_QUEUE, async () => {
    await maintenance();
  });
  await boss.createQueue(DATA_EXPORT_QUEUE);
  await boss.work<{ exportId: string }>(DATA_EXPORT_QUEUE, async (jobs) => {
    for (const job of jobs) await runDataExport(job.data);
  });
  await boss.createQueue(BILLING_RENEWALS_QUEUE);
  await boss.schedule(BILLING_RENEWALS_QUEUE, '*/10 * * * *');
  await boss.work(BILLING_RENEWALS_QUEUE, async () => {
    await renewDueSubscriptions();
  });
  setQueue(boss);
  return {
    // Graceful: in-flight jobs finish before the connections close.
    stop: async () => {
      setQueue(undefined);
      await boss.stop({ graceful: true, timeout: 20_000 });
    },
  };
}

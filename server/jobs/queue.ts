import type { PgBoss } from 'pg-boss';
import { log } from '../log';
import { getSlot, setSlot } from '../runtime';

// Route handlers (Next bundle) and the workers (server process) share the running queue through
// the runtime registry (server/runtime.ts).
export function setQueue(boss: PgBoss | undefined): void {
  setSlot('queue', boss);
}

/** The running queue of this process, if any. */
export function getQueue(): PgBoss | undefined {
  return getSlot('queue');
}

/**
 * Queues a job for the workers; with no queue running (JOBS_DISABLED, scripts) the job's own
 * handler runs at once in the background instead, so the user's request still completes.
 */
export async function enqueue<T extends object>(name: string, data: T, inline: (data: T) => Promise<void>): Promise<void> {
  const boss = getQueue();
  if (boss) {
    await boss.send(name, data, { retryLimit: 2 });
    return;
  }
  void inline(data).catch((error: unknown) => log.error({ err: error, job: name }, 'inline job failed'));
}

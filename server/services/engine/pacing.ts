import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineDb } from './runtime';

/**
 * Sending paced per sender (decision 0100): carriers take a limited number of messages per second
 * from one number (about 1 for a long code, 3 for toll-free, 100 for a short code), so a burst of
 * check-ins is spread over time instead of being refused or filtered. Each instance reserves its
 * messages' slots on the sender's shared clock in `sender_pacing` (one locked row per sender, the
 * database's clock, so instances agree), then waits for each slot before the hand-over.
 *
 * A batch reserves at most what starts within `horizonMs`; the rest is handed back to the queue, so a
 * slow sender never makes a worker hold its claims past their lease (a lapsed claim would let another
 * worker send the same check-in).
 */

export interface PaceRequest {
  /** Our number the messages go from. */
  sender: string;
  count: number;
}

export interface PaceGrant {
  sender: string;
  /** How many of the requested messages got a slot (the first ones); the rest wait for a later batch. */
  granted: number;
  /** Milliseconds from now until each granted message's slot (ascending). */
  delaysMs: number[];
  /** The first granted slot on the database's clock (the sender's shared clock). */
  firstSlotAt: Date | null;
}

/** Reserves slots for each sender's messages at `ratePerSecond`, up to `horizonMs` ahead. */
export async function reserveSlots(edb: EngineDb, requests: PaceRequest[], ratePerSecond: number, horizonMs: number): Promise<PaceGrant[]> {
  const stepMs = 1000 / ratePerSecond;
  return Promise.all(
    requests.map(async ({ sender, count }) =>
      edb.sql.begin(async (tx) => {
        await tx`insert into sender_pacing (sender, next_free_at) values (${sender}, clock_timestamp()) on conflict (sender) do nothing`;
        // One reading of the clock for the wait and the first free slot, kept as text to the
        // microsecond, so the update below continues exactly where this batch's slots end.
        const [row] = await tx<{ firstFree: string; waitMs: number }[]>`
          with cur as (select greatest(next_free_at, clock_timestamp()) as first_free, clock_timestamp() as now from sender_pacing where sender = ${sender} for update)
          select first_free::text as "firstFree", extract(epoch from (first_free - now)) * 1000 as "waitMs" from cur`;
        const firstWait = Math.max(0, Number(row!.waitMs));
        // The slots that start before the horizon.
        const granted = Math.max(0, Math.min(count, Math.ceil((horizonMs - firstWait) / stepMs)));
        if (granted > 0) {
          await tx`
            update sender_pacing
            set next_free_at = ${row!.firstFree}::timestamptz + ${granted * stepMs} * interval '1 millisecond'
            where sender = ${sender}`;
        }
        return { sender, granted, delaysMs: Array.from({ length: granted }, (_, i) => firstWait + i * stepMs), firstSlotAt: granted > 0 ? new Date(row!.firstFree) : null };
      }),
    ),
  );
}

/** Waits until a slot comes (a delay measured when the slots were reserved). */
export async function waitForSlot(reservedAt: number, delayMs: number, clock: () => number = performance.now.bind(performance)): Promise<void> {
  const left = reservedAt + delayMs - clock();
  if (left > 0) await sleep(left);
}

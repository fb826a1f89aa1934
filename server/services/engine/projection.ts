import { slotsBetween, type ScheduleSources, type SlotIntent } from '@/lib/schedule-slots';

/** How far ahead schedules are projected: one week holds every weekly slot once. */
export const PROJECTION_DAYS = 7;
const DAY_MS = 86_400_000;

/**
 * The check-ins a client's schedules will produce after `now`, before the scheduler has planned
 * them (it plans 10 minutes ahead): the same slots the dispatcher asks `slotsBetween` for, so the
 * coach sees exactly what will be sent. A slot that is already a row (`planned`, dedupe keys of any
 * status, so a cancelled one stays gone) is left out: the row itself is shown instead, never both.
 * Nothing is written.
 */
export function projectSlots(src: ScheduleSources, now: Date, planned: ReadonlySet<string>, days = PROJECTION_DAYS): SlotIntent[] {
  return slotsBetween(src, now, new Date(now.getTime() + days * DAY_MS)).filter((s) => !planned.has(s.key));
}

import { WEEKDAYS } from './constants';

/** The weekdays (0-6, Monday = 0) an AI schedule runs on: the scheduler and the schedule views agree. */
export function aiScheduleDays(s: { frequency: string; customDays: readonly string[] }): number[] {
  if (s.frequency === 'daily') return [0, 1, 2, 3, 4, 5, 6];
  if (s.frequency === 'weekdays') return [0, 1, 2, 3, 4];
  return s.customDays.map((d) => (WEEKDAYS as readonly string[]).indexOf(d.toLowerCase())).filter((i) => i >= 0);
}

import { WEEKDAYS } from './constants';

type Weekday = (typeof WEEKDAYS)[number];

/**
 * The days the named frequencies stand for (decision 0110): `daily` is every day of the week,
 * `weekdays` Monday to Friday. Only `custom` reads the schedule's own list of days.
 */
export const AI_SCHEDULE_FREQUENCY_DAYS: Record<'daily' | 'weekdays', readonly Weekday[]> = { daily: WEEKDAYS, weekdays: WEEKDAYS.slice(0, 5) };

/** The weekdays (0-6, Monday = 0) an AI schedule runs on: the scheduler and the schedule views agree. */
export function aiScheduleDays(s: { frequency: string; customDays: readonly string[] }): number[] {
  if (s.frequency === 'daily' || s.frequency === 'weekdays') return AI_SCHEDULE_FREQUENCY_DAYS[s.frequency].map((d) => WEEKDAYS.indexOf(d));
  return s.customDays.map((d) => (WEEKDAYS as readonly string[]).indexOf(d.toLowerCase())).filter((i) => i >= 0);
}

/**
 * The days an AI schedule runs on, by name in weekday order: what it stores and answers as
 * `customDays`, so a schedule never lists days other than those it texts on.
 */
export const aiScheduleDayNames = (s: { frequency: string; customDays: readonly string[] }): Weekday[] => aiScheduleDays(s).map((i) => WEEKDAYS[i]!);

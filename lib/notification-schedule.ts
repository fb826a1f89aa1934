import type { NotificationPreferences } from './preferences';
import { addDays, zonedParts, zonedTimeToInstant } from './zoned-time';

/** The part of the notification settings that says when a coach may be reached. */
export type NotificationWindow = Pick<NotificationPreferences, 'schedule'>;

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Quiet hours may wrap midnight (22:00-08:00); the end minute is already outside them. */
export function inQuietHours(prefs: NotificationWindow, at: Date): boolean {
  const q = prefs.schedule.quietHours;
  if (!q.enabled) return false;
  const now = zonedParts(prefs.schedule.timezone, at).minutes;
  const start = toMinutes(q.startTime);
  const end = toMinutes(q.endTime);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

/** Saturday or Sunday in the settings' zone, when the coach asked for workdays only. */
export function onRestDay(prefs: NotificationWindow, at: Date): boolean {
  return prefs.schedule.workdaysOnly && zonedParts(prefs.schedule.timezone, at).weekday >= 5;
}

export function isAllowedTime(prefs: NotificationWindow, at: Date): boolean {
  return !inQuietHours(prefs, at) && !onRestDay(prefs, at);
}

/**
 * The first instant at or after `at` outside quiet hours and, with workdays only, on a weekday —
 * where something held back by those settings goes out (deferred, never dropped). Wall-clock
 * arithmetic in the settings' zone, so a DST change moves the instant, not the local time.
 */
export function nextAllowedTime(prefs: NotificationWindow, at: Date): Date {
  const zone = prefs.schedule.timezone;
  let candidate = at;
  // Each step lands on a quiet-hours end or a Monday midnight; four steps settle any combination.
  for (let step = 0; step < 4 && !isAllowedTime(prefs, candidate); step++) {
    const local = zonedParts(zone, candidate);
    if (inQuietHours(prefs, candidate)) {
      const end = prefs.schedule.quietHours.endTime;
      const endDate = local.minutes < toMinutes(end) ? local.date : addDays(local.date, 1);
      candidate = zonedTimeToInstant(zone, endDate, end);
    } else {
      candidate = zonedTimeToInstant(zone, addDays(local.date, 7 - local.weekday), '00:00');
    }
  }
  return candidate;
}

/**
 * The latest occurrence at or before `at` of a local weekday and time (weekday Monday = 0, or null
 * for every day), with its local date: the period a daily or weekly send belongs to.
 */
export function latestLocalOccurrence(zone: string, at: Date, weekday: number | null, time: string): { date: string; instant: Date } {
  const local = zonedParts(zone, at);
  const back = weekday === null ? 0 : (local.weekday - weekday + 7) % 7;
  let date = addDays(local.date, -back);
  let instant = zonedTimeToInstant(zone, date, time);
  if (instant.getTime() > at.getTime()) {
    date = addDays(date, weekday === null ? -1 : -7);
    instant = zonedTimeToInstant(zone, date, time);
  }
  return { date, instant };
}

/**
 * Nudges that matter (issue 18 item 6, decision 0091): the rules of the notifications Cadence sends
 * a coach on its own initiative, shared by the services, the settings tab and the goal card.
 */
import { addDays, zonedParts } from './zoned-time';

/** "Client has gone quiet" after this many check-ins in a row ended without a reply (product §1.9 nudges). */
export const QUIET_AFTER_RANGE = { min: 1, max: 10 } as const;
export const DEFAULT_QUIET_AFTER = 2;

/** "Goal due in 3 days": how many days before the target date, and at what local time of the coach's notification zone. */
export const GOAL_DEADLINE_LEAD_DAYS = 3;
export const GOAL_DEADLINE_LOCAL_TIME = '09:00';

/** The session reminder goes out this long before a check-in is sent. */
export const SESSION_REMINDER_LEAD_MS = 15 * 60_000;
/** A check-in closer than this gets no reminder: there would be no time left to hold it. */
export const SESSION_REMINDER_MIN_LEAD_MS = 2 * 60_000;
/**
 * A coach with more check-ins than this at the same minute gets one reminder for them all ("Check-ins
 * to 40 clients at 9:00 — hold any?", opening the dashboard) instead of one each.
 */
export const SESSION_REMINDER_GROUP_ABOVE = 3;

/** Why a held check-in was not sent, as the history shows it ("Not sent: …"). */
export const HELD_BY_COACH_REASON = 'Held by you from the check-in reminder';

/** The search parameter of the dashboard that opens the hold confirmation for one check-in slot. */
export const HOLD_PARAM = 'hold';

/** Earliest and latest target dates accepted: a typo such as 0202 or 20255 is refused. */
export const TARGET_DATE_RANGE = { min: '2000-01-01', max: '2100-12-31' } as const;

/** A real calendar date written YYYY-MM-DD (2025-02-30 is not one). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** What the goal card says of a target date, seen from today's local date in the coach's zone. */
export function targetDateLabel(targetDate: string, zone: string, now: Date): { text: string; overdue: boolean } {
  const today = zonedParts(zone, now).date;
  const [y, m, d] = targetDate.split('-').map(Number);
  const sameYear = targetDate.slice(0, 4) === today.slice(0, 4);
  const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', ...(sameYear ? {} : { year: 'numeric' }) }).format(
    new Date(Date.UTC(y!, m! - 1, d!)),
  );
  if (targetDate < today) return { text: `Overdue (due ${day})`, overdue: true };
  if (targetDate === today) return { text: 'Due today', overdue: false };
  if (targetDate === addDays(today, 1)) return { text: 'Due tomorrow', overdue: false };
  return { text: `Due ${day}`, overdue: false };
}

import { nextAllowedTime, latestLocalOccurrence } from './notification-schedule';
import { notificationTitle } from './notification-centre';
import type { NotificationPreferences } from './preferences';
import { addDays, zonedParts, zonedTimeToInstant } from './zoned-time';

/**
 * What a coach notification says and when it goes (issue 18 item 3, decision 0090): the detail level
 * of one notification, the bundle of a period (`content.frequency`) with its one-line overview
 * (`content.summary`), and the instant a notification may go out.
 */

type Content = NotificationPreferences['content'];
export type Frequency = Content['frequency'];
export type DetailLevel = Content['detailLevel'];

/** A goal that moved, as a detailed notification lists it. */
export interface GoalChange {
  title: string;
  from: number | null;
  to: number | null;
  unit: string | null;
  completed: boolean;
}

/**
 * The structured facts of a notification, where its sender has them: the minimal line names the
 * client, the detailed one adds the rest. A check-in reply arrives before its analysis, so it
 * carries the check-in's id and the summary is read from the check-in when the notification goes.
 */
export interface NotificationDetails {
  clientName?: string;
  checkInId?: string;
  /** The AI's summary of the reply for the coach. */
  summary?: string;
  goalChanges?: GoalChange[];
  /** The check-in question a missed check-in asked. */
  question?: string;
}

/** Bundled notifications of a period and the deferred ones wait for the delivery pass this often. */
export const NOTIFICATION_DELIVERY_CRON = '* * * * *';
/** Daily and weekly bundles go at this local time (weekly on Monday, product §2.9 weekday 0). */
export const BUNDLE_SEND_TIME = '08:00';
export const WEEKLY_BUNDLE_WEEKDAY = 0;
/** The longest client text quoted in a detailed line. */
const DETAIL_EXCERPT_MAX = 160;

/** The short line of `detailLevel: minimal`, e.g. "Ana Lopez replied". */
const MINIMAL_LINES: Record<string, (who: string) => string> = {
  checkin_response: (who) => `${who} replied`,
  goal_completed: (who) => `${who} reached a goal`,
  missed_checkin: (who) => `${who} missed a check-in`,
  client_unreachable: (who) => `${who} cannot be reached`,
};

/** How the overview line counts each type: singular, plural. Types not named count as "other". */
const SUMMARY_NOUNS: [type: string, one: string, many: string][] = [
  ['checkin_response', 'reply', 'replies'],
  ['goal_completed', 'goal reached', 'goals reached'],
  ['missed_checkin', 'missed check-in', 'missed check-ins'],
  ['goal_deadline', 'goal deadline', 'goal deadlines'],
  ['ai_insight', 'AI insight', 'AI insights'],
  ['session_reminder', 'check-in reminder', 'check-in reminders'],
  ['client_unreachable', 'unreachable client', 'unreachable clients'],
  ['system', 'account notice', 'account notices'],
];

export interface NotificationText {
  type: string;
  message: string;
  details?: NotificationDetails | null;
}

const formatValue = (v: number | null, unit: string | null) => (v === null ? '—' : `${v}${unit ? ` ${unit}` : ''}`);

function goalLine(g: GoalChange): string {
  if (g.to === null) return `${g.title}: ${g.completed ? 'done' : 'no change'}`;
  return `${g.title}: ${formatValue(g.from, g.unit)} → ${formatValue(g.to, g.unit)}${g.completed ? ' (target reached)' : ''}`;
}

const clip = (text: string) => (text.length > DETAIL_EXCERPT_MAX ? `${text.slice(0, DETAIL_EXCERPT_MAX - 1)}…` : text);

/** One notification as the coach's detail level wants it. */
export function renderNotification(n: NotificationText, level: DetailLevel): string {
  const d = n.details ?? {};
  if (level === 'minimal') {
    const line = d.clientName ? MINIMAL_LINES[n.type] : undefined;
    return line ? line(d.clientName!) : notificationTitle(n.type);
  }
  if (level === 'standard') return n.message;
  const extra = [
    d.summary ? `Summary: ${clip(d.summary)}` : null,
    ...(d.goalChanges ?? []).map((g) => `Goal: ${goalLine(g)}`),
    d.question ? `Asked: "${clip(d.question)}"` : null,
  ].filter((l): l is string => l !== null);
  return [n.message, ...extra].join('\n');
}

/** The overview at the top of a bundle: "3 replies, 1 goal reached, 1 missed check-in". */
export function bundleSummaryLine(types: string[]): string {
  const counts = new Map<string, number>();
  for (const t of types) counts.set(t, (counts.get(t) ?? 0) + 1);
  const parts: string[] = [];
  for (const [type, one, many] of SUMMARY_NOUNS) {
    const n = counts.get(type) ?? 0;
    if (n > 0) parts.push(`${n} ${n === 1 ? one : many}`);
    counts.delete(type);
  }
  const other = [...counts.values()].reduce((a, b) => a + b, 0);
  if (other > 0) parts.push(`${other} other`);
  return parts.join(', ');
}

/** One message for several notifications: the overview (when `summary` is on), then one entry each. */
export function composeBundle(items: NotificationText[], content: Pick<Content, 'summary' | 'detailLevel'>): string {
  const entries = items.map((n) => `• ${renderNotification(n, content.detailLevel).replace(/\n/g, '\n  ')}`);
  return [...(content.summary ? [bundleSummaryLine(items.map((n) => n.type)), ''] : []), ...entries].join('\n');
}

/** The subject (e-mail) and title (push) of a bundle. */
export const bundleTitle = (count: number) => `Cadence: ${count} notifications`;

/** The end of the period `at` falls in: the next top of the hour, 08:00, or Monday 08:00, local. */
export function periodEnd(frequency: Exclude<Frequency, 'immediate'>, zone: string, at: Date): Date {
  if (frequency === 'hourly') {
    const minuteStart = Math.floor(at.getTime() / 60_000) * 60_000;
    return new Date(minuteStart + (60 - zonedParts(zone, at).minute) * 60_000);
  }
  const weekday = frequency === 'weekly' ? WEEKLY_BUNDLE_WEEKDAY : null;
  const latest = latestLocalOccurrence(zone, at, weekday, BUNDLE_SEND_TIME);
  return zonedTimeToInstant(zone, addDays(latest.date, weekday === null ? 1 : 7), BUNDLE_SEND_TIME);
}

/**
 * When a notification made at `at` may reach the coach: at once for `immediate` (and anything
 * urgent), else at the end of its period; then the first instant outside quiet hours and rest days.
 */
export function deliveryTime(prefs: Pick<NotificationPreferences, 'schedule' | 'content'>, at: Date, urgent: boolean): Date {
  if (urgent) return at;
  const due = prefs.content.frequency === 'immediate' ? at : periodEnd(prefs.content.frequency, prefs.schedule.timezone, at);
  return nextAllowedTime(prefs, due);
}

/** Where a notification held by the daily cap goes: the first allowed instant of the next local day. */
export function nextDayStart(prefs: Pick<NotificationPreferences, 'schedule'>, at: Date): Date {
  const zone = prefs.schedule.timezone;
  return nextAllowedTime(prefs, zonedTimeToInstant(zone, addDays(zonedParts(zone, at).date, 1), '00:00'));
}

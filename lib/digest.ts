/**
 * The weekly digest and the daily reminder e-mailed to a coach (issue 18 items 1-2, decision 0089):
 * when they go, what they hold, how clients are ranked for attention, and their plain-text part.
 * The HTML part is server/emails/*.tsx; the sending, server/services/scheduled-emails.ts.
 */

/** Local time (settings' zone) both e-mails are due; quiet hours and workdays-only defer it. */
export const SCHEDULED_EMAIL_TIME = '08:00';
/** The digest's weekday, Monday = 0 (lib/notification-schedule.ts). */
export const WEEKLY_DIGEST_WEEKDAY = 0;
/**
 * A period whose allowed send time passed this long ago is given up (recorded `late`): after
 * downtime, or for a coach who just turned it on mid-week, an old week's digest is noise.
 */
export const SCHEDULED_EMAIL_LATE_AFTER_MS = 12 * 60 * 60 * 1000;
/** A claim not finished after this long (the instance died mid-send) may be taken over. */
export const SCHEDULED_EMAIL_CLAIM_STALE_MS = 10 * 60 * 1000;
/** A week-over-week change smaller than this (points out of 100) is shown as steady. */
export const TREND_MIN_CHANGE = 5;
/** How many clients the "needing attention" list names. */
export const ATTENTION_LIMIT = 3;
/** Points of the attention ranking; the footer of the e-mail states the rule in ATTENTION_RULE_TEXT. */
export const ATTENTION_POINTS = { wentQuiet: 3, perConcern: 2, motivationDown: 1, engagementDown: 1 } as const;
export const ATTENTION_RULE_TEXT =
  'Needing attention ranks clients by points: 3 for going quiet, 2 per concern raised, 1 if motivation fell and 1 if engagement fell against the week before (ties: fewer answers first). Clients with no points are not listed.';

export const weeklyDigestSubject = (weekLabel: string) => `Your week with your clients · ${weekLabel}`;
export const dailyReminderSubject = (dayLabel: string) => `Today's check-ins · ${dayLabel}`;

export type Trend = 'up' | 'down' | 'steady';

/** The direction from last week to this one; null when either week has no figure. */
export function trendOf(now: number | null, before: number | null): Trend | null {
  if (now === null || before === null) return null;
  if (now - before >= TREND_MIN_CHANGE) return 'up';
  if (before - now >= TREND_MIN_CHANGE) return 'down';
  return 'steady';
}

export interface DigestClientWeek {
  clientId: string;
  name: string;
  sent: number;
  answered: number;
  /** Average motivation of the week's answers, 0-100 (MOTIVATION_SCORES); null without any. */
  motivation: number | null;
  motivationBefore: number | null;
  /** Engagement score of the week's sent check-ins, 0-100 (lib/analytics.ts); null when none was sent. */
  engagement: number | null;
  engagementBefore: number | null;
  goalsMoved: number;
  goalsReached: number;
  concerns: string[];
  /** Check-ins went out this week and none was answered. */
  wentQuiet: boolean;
}

export interface DigestLinks {
  dashboard: string;
  analytics: string;
  settings: string;
  /** The one-click unsubscribe page of this e-mail's list (RFC 8058; decision 0092). */
  unsubscribe: string;
}

export interface WeeklyDigest {
  coachName: string;
  /** First and last local date of the week (Monday to Sunday) and its label. */
  weekStart: string;
  weekEnd: string;
  weekLabel: string;
  clients: DigestClientWeek[];
  attention: DigestClientWeek[];
  totals: { sent: number; answered: number; goalsMoved: number; goalsReached: number; concerns: number; quiet: number };
  links: DigestLinks;
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

export function attentionScore(c: DigestClientWeek): number {
  return (
    (c.wentQuiet ? ATTENTION_POINTS.wentQuiet : 0) +
    ATTENTION_POINTS.perConcern * c.concerns.length +
    (trendOf(c.motivation, c.motivationBefore) === 'down' ? ATTENTION_POINTS.motivationDown : 0) +
    (trendOf(c.engagement, c.engagementBefore) === 'down' ? ATTENTION_POINTS.engagementDown : 0)
  );
}

/** The ATTENTION_LIMIT clients with the most points (ATTENTION_RULE_TEXT). */
export function needingAttention(clients: DigestClientWeek[]): DigestClientWeek[] {
  return clients
    .map((c) => ({ c, score: attentionScore(c) }))
    .filter((x) => x.score > 0)
    .sort((a, b) => b.score - a.score || a.c.answered - b.c.answered || a.c.name.localeCompare(b.c.name))
    .slice(0, ATTENTION_LIMIT)
    .map((x) => x.c);
}

/** Why a client is in the attention list, in words. */
export function attentionReasons(c: DigestClientWeek): string[] {
  const out: string[] = [];
  if (c.wentQuiet) out.push(`went quiet (${count(c.sent, 'check-in')} unanswered)`);
  if (c.concerns.length > 0) out.push(`${count(c.concerns.length, 'concern')}: ${c.concerns.join('; ')}`);
  if (trendOf(c.motivation, c.motivationBefore) === 'down') out.push('motivation fell');
  if (trendOf(c.engagement, c.engagementBefore) === 'down') out.push('engagement fell');
  return out;
}

const TREND_WORDS: Record<Trend, string> = { up: 'up', down: 'down', steady: 'steady' };

export function trendText(now: number | null, before: number | null): string {
  if (now === null) return '—';
  const t = trendOf(now, before);
  return t ? `${Math.round(now)} (${TREND_WORDS[t]})` : `${Math.round(now)}`;
}

export function weeklyDigestText(d: WeeklyDigest): string {
  const t = d.totals;
  const lines = [
    `Hello ${d.coachName},`,
    '',
    `Your week ${d.weekLabel}: ${count(t.sent, 'check-in')} sent, ${t.answered} answered, ${count(t.goalsMoved, 'goal')} moved, ${t.goalsReached} reached, ${count(t.concerns, 'concern')} raised, ${count(t.quiet, 'client')} went quiet.`,
    '',
  ];
  lines.push('Needing attention');
  if (d.attention.length === 0) lines.push('  No client needs particular attention this week.');
  d.attention.forEach((c, i) => lines.push(`  ${i + 1}. ${c.name} — ${attentionReasons(c).join(', ')}`));
  lines.push('', 'Per client (sent / answered · motivation · engagement · goals moved / reached · concerns)');
  for (const c of d.clients) {
    lines.push(`  ${c.name}: ${c.sent} / ${c.answered} · ${trendText(c.motivation, c.motivationBefore)} · ${trendText(c.engagement, c.engagementBefore)} · ${c.goalsMoved} / ${c.goalsReached} · ${c.concerns.length}${c.wentQuiet ? ' · went quiet' : ''}`);
  }
  lines.push('', `Open your dashboard: ${d.links.dashboard}`, `Analytics: ${d.links.analytics}`, '', ATTENTION_RULE_TEXT, `Motivation and engagement are out of 100; "up" or "down" is against the week before (a change of ${TREND_MIN_CHANGE} or more).`, `Unsubscribe from the weekly digest: ${d.links.unsubscribe}`, `Notification settings: ${d.links.settings}`);
  return lines.join('\n');
}

export interface ReminderItem {
  clientName: string;
  /** Local time in the coach's profile zone, HH:MM. */
  time: string;
}

export interface DailyReminder {
  coachName: string;
  dayLabel: string;
  /** The zone the times are in (the coach's profile timezone), named in the e-mail. */
  zone: string;
  today: ReminderItem[];
  unanswered: ReminderItem[];
  links: DigestLinks;
}

export function dailyReminderText(r: DailyReminder): string {
  const lines = [`Hello ${r.coachName},`, ''];
  if (r.today.length > 0) {
    lines.push(`Check-ins going out today (${r.zone}):`);
    for (const i of r.today) lines.push(`  ${i.time}  ${i.clientName}`);
    lines.push('');
  }
  if (r.unanswered.length > 0) {
    lines.push(`Sent yesterday and not answered yet (${r.zone}):`);
    for (const i of r.unanswered) lines.push(`  ${i.time}  ${i.clientName}`);
    lines.push('');
  }
  lines.push(`Open your dashboard: ${r.links.dashboard}`, `Unsubscribe from daily reminders: ${r.links.unsubscribe}`, `Notification settings: ${r.links.settings}`);
  return lines.join('\n');
}

export function digestLinks(appUrl: string, unsubscribe: string): DigestLinks {
  const base = appUrl.replace(/\/+$/, '');
  return { dashboard: `${base}/dashboard`, analytics: `${base}/analytics`, settings: `${base}/settings?tab=notifications`, unsubscribe };
}

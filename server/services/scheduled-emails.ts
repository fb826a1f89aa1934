import { and, asc, eq, gte, isNotNull, isNull, lt, notInArray, sql } from 'drizzle-orm';
import {
  attentionScore,
  dailyReminderSubject,
  digestLinks,
  needingAttention,
  SCHEDULED_EMAIL_CLAIM_STALE_MS,
  SCHEDULED_EMAIL_LATE_AFTER_MS,
  SCHEDULED_EMAIL_TIME,
  WEEKLY_DIGEST_WEEKDAY,
  weeklyDigestSubject,
  type DailyReminder,
  type DigestClientWeek,
  type ReminderItem,
  type WeeklyDigest,
} from '@/lib/digest';
import { ENGAGEMENT_POINTS, ENGAGEMENT_POINTS_MAX, MOTIVATION_SCORES } from '@/lib/analytics';
import { latestLocalOccurrence, nextAllowedTime } from '@/lib/notification-schedule';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';
import { addDays, zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';
import { config } from '../config';
import { getDb, type Database } from '../db/client';
import { checkIns, clients, goalProgressHistory, goals, scheduledEmails, users } from '../db/schema';
import { renderDailyReminder } from '../emails/daily-reminder';
import { renderWeeklyDigest } from '../emails/weekly-digest';
import { log } from '../log';
import { sendEmail } from '../providers/email';
import { projectSlots } from './engine/projection';
import { unsubscribeLink } from './unsubscribe';
import { loadSources } from './engine/sources';

/**
 * The weekly digest and the daily reminder (issue 18 items 1-2, decision 0089). A pass finds, in one
 * query, the coaches whose period has begun in their settings' zone and has no row yet; each period
 * is claimed by inserting its (user, kind, period) row before anything is sent, so a second instance
 * (or a second pass) finds it taken. Neither e-mail is a capped notification: it is recorded here,
 * not in `notifications`.
 */

export type ScheduledEmailKind = 'weekly' | 'daily';

/** `pref` is the switch and the unsubscribe list of each kind. */
const KINDS: Record<ScheduledEmailKind, { weekday: number | null; pref: 'weeklyDigest' | 'dailyReminders' }> = {
  weekly: { weekday: WEEKLY_DIGEST_WEEKDAY, pref: 'weeklyDigest' },
  daily: { weekday: null, pref: 'dailyReminders' },
};

const DAY_MS = 86_400_000;
/** Coaches handled at once by a pass: each is a few queries and one e-mail. */
const PASS_CONCURRENCY = 8;

interface Candidate {
  id: string;
  email: string;
  firstName: string;
  username: string;
  timezone: string;
  prefs: NotificationPreferences;
}

export interface PassResult {
  sent: number;
  empty: number;
  late: number;
  waiting: number;
}

const bool = (path: string[], fallback: boolean) =>
  sql`coalesce((${users.notificationPreferences} #>> ${sql.raw(`'{${path.join(',')}}'`)})::boolean, ${fallback})`;

/**
 * Coaches with a client, not deleted, with the kind switched on (and the master and e-mail
 * switches), whose current period in their settings' zone has no row yet. The period is computed
 * in SQL the way latestLocalOccurrence does: the local wall clock less the send time, truncated to
 * the day (or to the Monday). A zone Postgres does not know is left out instead of failing the pass.
 */
async function dueCandidates(db: Database, kind: ScheduledEmailKind, now: Date): Promise<Candidate[]> {
  const d = DEFAULT_NOTIFICATION_PREFERENCES;
  const zone = sql`coalesce(${users.notificationPreferences} #>> '{schedule,timezone}', ${d.schedule.timezone})`;
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${zone}) - ${`${SCHEDULED_EMAIL_TIME}:00`}::interval`;
  const period = kind === 'weekly' ? sql`date_trunc('week', ${local})::date` : sql`(${local})::date`;
  const rows = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, username: users.username, timezone: users.timezone, prefs: users.notificationPreferences })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        sql`${bool(['globalEnabled'], d.globalEnabled)} and ${bool(['email', 'enabled'], d.email.enabled)} and ${bool(['email', KINDS[kind].pref], d.email[KINDS[kind].pref])}`,
        sql`exists (select 1 from pg_timezone_names z where z.name = ${zone})`,
        sql`exists (select 1 from ${clients} where ${clients.coachId} = ${users.id} and ${clients.archived} = false)`,
        sql`not exists (select 1 from ${scheduledEmails} s where s.user_id = ${users.id} and s.kind = ${kind} and s.period = ${period})`,
      ),
    );
  return rows.map((r) => ({ ...r, prefs: r.prefs ?? d }));
}

/**
 * Takes the period: a new row, or one whose claimer died mid-send. Returns the row's id when this
 * caller now owns it, null when another instance does or it is done.
 */
async function claim(db: Database, userId: string, kind: ScheduledEmailKind, period: string, now: Date): Promise<string | null> {
  const [row] = await db
    .insert(scheduledEmails)
    .values({ userId, kind, period, claimedAt: now })
    .onConflictDoUpdate({
      target: [scheduledEmails.userId, scheduledEmails.kind, scheduledEmails.period],
      set: { claimedAt: now },
      setWhere: sql`${scheduledEmails.outcome} is null and ${scheduledEmails.claimedAt} < ${new Date(now.getTime() - SCHEDULED_EMAIL_CLAIM_STALE_MS).toISOString()}::timestamptz`,
    })
    .returning({ id: scheduledEmails.id });
  return row?.id ?? null;
}

async function finish(db: Database, id: string, outcome: 'sent' | 'empty', now: Date): Promise<void> {
  await db.update(scheduledEmails).set({ outcome, finishedAt: now }).where(eq(scheduledEmails.id, id));
}

const nameOf = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

const dateLabel = (date: string, withYear = true) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}) }).format(new Date(`${date}T12:00:00Z`));

/** A literal number: a bound parameter in a CASE would be typed as text. */
const n = (v: number) => sql.raw(String(v));
const motivationExpr = sql`case ${checkIns.motivation} when 'high' then ${n(MOTIVATION_SCORES.high)} when 'medium' then ${n(MOTIVATION_SCORES.medium)} when 'low' then ${n(MOTIVATION_SCORES.low)} end`;
/** Engagement points of one sent check-in, as in the analytics (lib/analytics.ts ENGAGEMENT_POINTS). */
const pointsExpr = (answeredBy: Date) => sql`case
  when ${checkIns.respondedAt} is null or ${checkIns.respondedAt} >= ${answeredBy.toISOString()}::timestamptz then ${n(ENGAGEMENT_POINTS.unanswered)}
  when ${checkIns.engagementAssessment} = 'great' then ${n(ENGAGEMENT_POINTS.great)}
  when ${checkIns.engagementAssessment} = 'bad' then ${n(ENGAGEMENT_POINTS.bad)}
  when ${checkIns.engagementAssessment} = 'okay' then ${n(ENGAGEMENT_POINTS.okay)}
  else ${n(ENGAGEMENT_POINTS.unassessed)} end`;

/**
 * The week (the seven local days before `monday`, in the settings' zone) of each of the coach's
 * clients, with the week before for the trends. A check-in counts in the week it was sent, and as
 * answered when the answer came before the week ended.
 */
export async function composeWeeklyDigest(db: Database, coach: Candidate, monday: string): Promise<WeeklyDigest> {
  const zone = coach.prefs.schedule.timezone;
  const start = zonedTimeToInstant(zone, addDays(monday, -7), '00:00');
  const end = zonedTimeToInstant(zone, monday, '00:00');
  const before = zonedTimeToInstant(zone, addDays(monday, -14), '00:00');
  const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const inWeek = sql`${checkIns.sentAt} >= ${iso(start)}`;
  const inBefore = sql`${checkIns.sentAt} < ${iso(start)}`;
  const answered = (by: Date) => sql`${checkIns.respondedAt} is not null and ${checkIns.respondedAt} < ${iso(by)}`;
  const [clientRows, sentRows, concernRows, movedRows, reachedRows] = await Promise.all([
    db
      .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
      .from(clients)
      .where(and(eq(clients.coachId, coach.id), eq(clients.archived, false)))
      .orderBy(asc(clients.firstName), asc(clients.lastName)),
    db
      .select({
        clientId: checkIns.clientId,
        sent: sql<number>`count(*) filter (where ${inWeek})`.mapWith(Number),
        answered: sql<number>`count(*) filter (where ${inWeek} and ${answered(end)})`.mapWith(Number),
        sentBefore: sql<number>`count(*) filter (where ${inBefore})`.mapWith(Number),
        points: sql<number>`coalesce(sum(${pointsExpr(end)}) filter (where ${inWeek}), 0)`.mapWith(Number),
        pointsBefore: sql<number>`coalesce(sum(${pointsExpr(start)}) filter (where ${inBefore}), 0)`.mapWith(Number),
        motivation: sql<number | null>`avg(${motivationExpr}) filter (where ${inWeek} and ${answered(end)})`.mapWith((v: string | null) => (v === null ? null : Number(v))),
        motivationBefore: sql<number | null>`avg(${motivationExpr}) filter (where ${inBefore} and ${answered(start)})`.mapWith((v: string | null) => (v === null ? null : Number(v))),
      })
      .from(checkIns)
      .where(and(eq(checkIns.coachId, coach.id), gte(checkIns.sentAt, before), lt(checkIns.sentAt, end)))
      .groupBy(checkIns.clientId),
    db
      .select({ clientId: checkIns.clientId, concerns: checkIns.concerns })
      .from(checkIns)
      .where(and(eq(checkIns.coachId, coach.id), gte(checkIns.respondedAt, start), lt(checkIns.respondedAt, end), isNotNull(checkIns.concerns)))
      .orderBy(asc(checkIns.respondedAt)),
    db
      .select({ clientId: goals.clientId, n: sql<number>`count(distinct ${goals.id})`.mapWith(Number) })
      .from(goalProgressHistory)
      .innerJoin(goals, eq(goals.id, goalProgressHistory.goalId))
      .where(and(eq(goals.coachId, coach.id), gte(goalProgressHistory.createdAt, start), lt(goalProgressHistory.createdAt, end)))
      .groupBy(goals.clientId),
    db
      .select({ clientId: goals.clientId, n: sql<number>`count(*)`.mapWith(Number) })
      .from(goals)
      .where(and(eq(goals.coachId, coach.id), eq(goals.status, 'completed'), gte(goals.completedAt, start), lt(goals.completedAt, end)))
      .groupBy(goals.clientId),
  ]);
  const sent = new Map(sentRows.map((r) => [r.clientId, r]));
  const moved = new Map(movedRows.map((r) => [r.clientId, r.n]));
  const reached = new Map(reachedRows.map((r) => [r.clientId, r.n]));
  const concerns = new Map<string, string[]>();
  for (const r of concernRows) concerns.set(r.clientId, [...(concerns.get(r.clientId) ?? []), ...(r.concerns ?? []).filter((c) => c.trim() !== '')]);
  const score = (points: number, n: number) => (n > 0 ? (100 * points) / (ENGAGEMENT_POINTS_MAX * n) : null);
  const weeks: DigestClientWeek[] = clientRows.map((c) => {
    const s = sent.get(c.id);
    return {
      clientId: c.id,
      name: nameOf(c),
      sent: s?.sent ?? 0,
      answered: s?.answered ?? 0,
      motivation: s?.motivation ?? null,
      motivationBefore: s?.motivationBefore ?? null,
      engagement: score(s?.points ?? 0, s?.sent ?? 0),
      engagementBefore: score(s?.pointsBefore ?? 0, s?.sentBefore ?? 0),
      goalsMoved: moved.get(c.id) ?? 0,
      goalsReached: reached.get(c.id) ?? 0,
      concerns: concerns.get(c.id) ?? [],
      wentQuiet: (s?.sent ?? 0) > 0 && (s?.answered ?? 0) === 0,
    };
  });
  // Those needing attention first, then by name: the list reads as a to-do.
  weeks.sort((a, b) => attentionScore(b) - attentionScore(a) || a.name.localeCompare(b.name));
  const sum = (f: (c: DigestClientWeek) => number) => weeks.reduce((n, c) => n + f(c), 0);
  const lastDay = addDays(monday, -1);
  return {
    coachName: coach.firstName || coach.username,
    weekStart: addDays(monday, -7),
    weekEnd: lastDay,
    weekLabel: `${dateLabel(addDays(monday, -7), false)} – ${dateLabel(lastDay)}`,
    clients: weeks,
    attention: needingAttention(weeks),
    totals: {
      sent: sum((c) => c.sent),
      answered: sum((c) => c.answered),
      goalsMoved: sum((c) => c.goalsMoved),
      goalsReached: sum((c) => c.goalsReached),
      concerns: sum((c) => c.concerns.length),
      quiet: sum((c) => (c.wentQuiet ? 1 : 0)),
    },
    links: digestLinks(config().appUrl, unsubscribeLink(coach, 'weeklyDigest').footerUrl),
  };
}

/**
 * Today's check-ins (rows already planned for today, and the slots the projection says are still
 * to come today) and yesterday's unanswered ones; the day is the settings' zone's, the times are
 * shown in the coach's profile zone.
 */
export async function composeDailyReminder(db: Database, coach: Candidate, day: string, now: Date): Promise<DailyReminder> {
  const zone = coach.prefs.schedule.timezone;
  const dayStart = zonedTimeToInstant(zone, day, '00:00');
  const dayEnd = zonedTimeToInstant(zone, addDays(day, 1), '00:00');
  const yesterday = zonedTimeToInstant(zone, addDays(day, -1), '00:00');
  const clientRows = await db
    .select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(clients)
    .where(and(eq(clients.coachId, coach.id), eq(clients.archived, false)));
  const names = new Map(clientRows.map((c) => [c.id, nameOf(c)]));
  const ids = clientRows.map((c) => c.id);
  const [todayRows, unansweredRows, plannedRows, sources] = await Promise.all([
    db
      .select({ clientId: checkIns.clientId, at: checkIns.scheduledFor })
      .from(checkIns)
      .where(and(eq(checkIns.coachId, coach.id), gte(checkIns.scheduledFor, dayStart), lt(checkIns.scheduledFor, dayEnd), notInArray(checkIns.status, ['cancelled', 'failed', 'missed']))),
    db
      .select({ clientId: checkIns.clientId, at: checkIns.sentAt })
      .from(checkIns)
      .where(and(eq(checkIns.coachId, coach.id), gte(checkIns.sentAt, yesterday), lt(checkIns.sentAt, dayStart), isNull(checkIns.respondedAt)))
      .orderBy(asc(checkIns.sentAt)),
    // Slots already rows (any status) are not projected again, as on the client list.
    db
      .select({ dedupeKey: checkIns.dedupeKey })
      .from(checkIns)
      .where(and(eq(checkIns.coachId, coach.id), isNotNull(checkIns.dedupeKey), gte(sql`coalesce(${checkIns.scheduledFor}, ${checkIns.createdAt})`, new Date(dayStart.getTime() - DAY_MS).toISOString()))),
    ids.length > 0 ? loadSources(db, ids) : Promise.resolve(new Map()),
  ]);
  const planned = new Set(plannedRows.flatMap((r) => (r.dedupeKey ? [r.dedupeKey] : [])));
  const from = now.getTime() > dayStart.getTime() ? now : dayStart;
  const projected = [...sources.values()].flatMap((src) => projectSlots(src, from, planned, 1).filter((s) => s.at.getTime() < dayEnd.getTime()));
  const timeOf = (at: Date) => {
    const p = zonedParts(coach.timezone, at);
    return `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
  };
  // Archived clients are left out: the coach has put them aside.
  const item = (clientId: string, at: Date | null) => {
    const clientName = names.get(clientId);
    return clientName && at ? [{ clientName, time: timeOf(at), at: at.getTime() }] : [];
  };
  const today = [...todayRows.flatMap((r) => item(r.clientId, r.at)), ...projected.flatMap((s) => item(s.clientId, s.at))].sort((a, b) => a.at - b.at);
  const strip = ({ clientName, time }: ReminderItem & { at: number }): ReminderItem => ({ clientName, time });
  return {
    coachName: coach.firstName || coach.username,
    dayLabel: dateLabel(day),
    zone: coach.timezone,
    today: today.map(strip),
    unanswered: unansweredRows.flatMap((r) => item(r.clientId, r.at).map(strip)),
    links: digestLinks(config().appUrl, unsubscribeLink(coach, 'dailyReminders').footerUrl),
  };
}

type Plan = { coach: Candidate; period: string; due: Date } & ({ state: 'due' } | { state: 'waiting' } | { state: 'late' });

/**
 * When this period may go: at its 08:00, or the first allowed instant after it (quiet hours,
 * workdays only). Given up when that instant is long past, or, for a reminder about "today", when
 * it is no longer that day.
 */
function planOf(kind: ScheduledEmailKind, coach: Candidate, now: Date): Plan {
  const zone = coach.prefs.schedule.timezone;
  const occurrence = latestLocalOccurrence(zone, now, KINDS[kind].weekday, SCHEDULED_EMAIL_TIME);
  const due = nextAllowedTime(coach.prefs, occurrence.instant);
  const base = { coach, period: occurrence.date, due };
  if (now.getTime() < due.getTime()) return { ...base, state: 'waiting' };
  if (now.getTime() - due.getTime() > SCHEDULED_EMAIL_LATE_AFTER_MS) return { ...base, state: 'late' };
  if (kind === 'daily' && zonedParts(zone, due).date !== occurrence.date) return { ...base, state: 'late' };
  return { ...base, state: 'due' };
}

async function sendOne(db: Database, kind: ScheduledEmailKind, plan: Plan, now: Date): Promise<'sent' | 'empty' | 'taken'> {
  const id = await claim(db, plan.coach.id, kind, plan.period, now);
  if (!id) return 'taken';
  try {
    let message: { subject: string; html: string; text: string } | null;
    if (kind === 'weekly') {
      const digest = await composeWeeklyDigest(db, plan.coach, plan.period);
      message = { subject: weeklyDigestSubject(digest.weekLabel), ...(await renderWeeklyDigest(digest)) };
    } else {
      const reminder = await composeDailyReminder(db, plan.coach, plan.period, now);
      message = reminder.today.length + reminder.unanswered.length === 0 ? null : { subject: dailyReminderSubject(reminder.dayLabel), ...(await renderDailyReminder(reminder)) };
    }
    if (!message) {
      await finish(db, id, 'empty', now);
      return 'empty';
    }
    // The claim is committed before the provider is called, and no transaction is open across it.
    // Not transactional: the mail client's own Unsubscribe button works (RFC 8058, decision 0092).
    await sendEmail({ to: plan.coach.email, ...message, headers: unsubscribeLink(plan.coach, KINDS[kind].pref).headers }, plan.coach.id);
    await finish(db, id, 'sent', now);
    return 'sent';
  } catch (error) {
    // Released, so the next pass tries again; an e-mail that did go out and failed after is the
    // rare duplicate accepted over a lost digest.
    await db.delete(scheduledEmails).where(and(eq(scheduledEmails.id, id), isNull(scheduledEmails.outcome)));
    throw error;
  }
}

/** One pass of both kinds: what is due is claimed and sent, what is too late is recorded as such. */
export async function runScheduledEmails(opts: { now?: Date; db?: Database; kinds?: ScheduledEmailKind[] } = {}): Promise<PassResult> {
  const now = opts.now ?? new Date();
  const db = opts.db ?? getDb();
  const result: PassResult = { sent: 0, empty: 0, late: 0, waiting: 0 };
  for (const kind of opts.kinds ?? (['weekly', 'daily'] as const)) {
    const plans = (await dueCandidates(db, kind, now)).map((c) => planOf(kind, c, now));
    result.waiting += plans.filter((p) => p.state === 'waiting').length;
    const late = plans.filter((p) => p.state === 'late');
    if (late.length > 0) {
      const rows = await db
        .insert(scheduledEmails)
        .values(late.map((p) => ({ userId: p.coach.id, kind, period: p.period, claimedAt: now, outcome: 'late' as const, finishedAt: now })))
        .onConflictDoNothing()
        .returning({ id: scheduledEmails.id });
      result.late += rows.length;
    }
    const due = plans.filter((p) => p.state === 'due');
    for (let i = 0; i < due.length; i += PASS_CONCURRENCY) {
      const outcomes = await Promise.allSettled(due.slice(i, i + PASS_CONCURRENCY).map((p) => sendOne(db, kind, p, now)));
      outcomes.forEach((o, n) => {
        if (o.status === 'rejected') log.error({ err: o.reason, userId: due[i + n]!.coach.id, kind }, 'scheduled e-mail failed');
        else if (o.status === 'fulfilled' && o.value !== 'taken') result[o.value] += 1;
      });
    }
  }
  return result;
}

/** `npm run digest -- <e-mail>`: this week's digest for one coach now, whatever the schedule (local look at the outbox). */
export async function sendDigestNow(email: string, now = new Date()): Promise<{ to: string; subject: string }> {
  const db = getDb();
  const [user] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, username: users.username, timezone: users.timezone, prefs: users.notificationPreferences })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isNull(users.deletedAt)));
  if (!user) throw new Error(`no account with the e-mail ${email}`);
  const coach: Candidate = { ...user, prefs: user.prefs ?? DEFAULT_NOTIFICATION_PREFERENCES };
  const monday = addDays(zonedParts(coach.prefs.schedule.timezone, now).date, -zonedParts(coach.prefs.schedule.timezone, now).weekday);
  // The week that ended last Sunday, as Monday's digest would hold it.
  const digest = await composeWeeklyDigest(db, coach, monday);
  const subject = weeklyDigestSubject(digest.weekLabel);
  await sendEmail({ to: coach.email, subject, ...(await renderWeeklyDigest(digest)), headers: unsubscribeLink(coach, 'weeklyDigest').headers }, coach.id);
  return { to: coach.email, subject };
}


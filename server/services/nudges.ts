import { and, asc, eq, gt, gte, isNotNull, isNull, lte, max } from 'drizzle-orm';
import { anyOf } from '../db/any-of';
import { DEFAULT_NOTIFICATION_PREFERENCES, quietAfter, type NotificationPreferences } from '@/lib/preferences';
import { GOAL_DEADLINE_LEAD_DAYS, GOAL_DEADLINE_LOCAL_TIME, HELD_BY_COACH_REASON, HOLD_PARAM, SESSION_REMINDER_GROUP_ABOVE, SESSION_REMINDER_LEAD_MS, SESSION_REMINDER_MIN_LEAD_MS } from '@/lib/nudges';
import { latestLocalOccurrence } from '@/lib/notification-schedule';
import { parseDedupeKey, slotsBetween, slotsOn, type SlotIntent } from '@/lib/schedule-slots';
import type { CheckInDto } from '@/lib/schemas/checkins';
import { addDays, zonedParts } from '@/lib/zoned-time';
import { getDb, type Database, type Executor } from '../db/client';
import { checkIns, clients, coachNudges, goals, users, type CheckIn } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/errors';
import { log } from '../log';
import { checkInSummary, getOwnedClient, type CoachRef } from './clients';
import { publishCheckIn } from './engine/check-in-events';
import { loadSources } from './engine/sources';
import { notifyCoach, type NotificationInput } from './notifications';
import { groupBy } from '@/lib/group-by';

/**
 * Nudges that matter (issue 18 item 6, decision 0091): a client gone quiet, a goal due in three days,
 * an AI insight from a reply, and the reminder 15 minutes before a check-in goes out with its one-click
 * hold. Each is sent once: a row in coach_nudges is claimed (insert … on conflict do nothing) before
 * the notification goes out, outside any transaction.
 */

type NudgeKind = (typeof coachNudges.$inferInsert)['kind'];

const who = (c: { firstName: string; lastName: string }) => `${c.firstName} ${c.lastName}`.trim();

/** The dashboard with one client open; with a slot key, the hold confirmation for it. */
export const clientLink = (clientId: string, holdKey?: string) =>
  `/dashboard?client=${clientId}${holdKey ? `&${HOLD_PARAM}=${encodeURIComponent(holdKey)}` : ''}`;

/** True for the one caller that records the nudge first; every other (instance, retry) gets false. */
export async function claimNudge(db: Executor, userId: string, kind: NudgeKind, subject: string): Promise<boolean> {
  const claimed = await db.insert(coachNudges).values({ userId, kind, subject }).onConflictDoNothing().returning({ id: coachNudges.id });
  return claimed.length > 0;
}

async function notify(userId: string, input: NotificationInput, at: Date): Promise<void> {
  await notifyCoach(userId, input, at).catch((error: unknown) => log.error({ err: error, userId, type: input.type }, 'nudge notification failed'));
}

async function preferencesOf(db: Executor, userIds: string[]): Promise<Map<string, { prefs: NotificationPreferences; timezone: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db.select({ id: users.id, prefs: users.notificationPreferences, timezone: users.timezone }).from(users).where(anyOf(users.id, userIds));
  return new Map(rows.map((r) => [r.id, { prefs: r.prefs ?? DEFAULT_NOTIFICATION_PREFERENCES, timezone: r.timezone }]));
}

// ---------------------------------------------------------------------------------------------
// Client has gone quiet

/**
 * After check-ins became no_response: for each client, the unanswered check-ins since its last
 * answer form the streak; at the coach's N or more the coach is told, once per streak (the streak's
 * first check-in is the nudge's subject, so N+1 finds it taken and a new streak after an answer
 * has a new one). Counting from the records, not from this event, keeps two check-ins marked in one
 * pass, or in two passes at once, from skipping past N unseen.
 */
export async function noticeQuietClients(db: Database, rows: Pick<CheckIn, 'clientId' | 'coachId'>[], now: Date): Promise<void> {
  const clientIds = [...new Set(rows.map((r) => r.clientId))];
  if (clientIds.length === 0) return;
  const people = await db.select({ id: clients.id, coachId: clients.coachId, firstName: clients.firstName, lastName: clients.lastName }).from(clients).where(anyOf(clients.id, clientIds));
  const prefs = await preferencesOf(db, [...new Set(people.map((p) => p.coachId))]);
  for (const client of people) {
    const n = quietAfter(prefs.get(client.coachId)?.prefs ?? DEFAULT_NOTIFICATION_PREFERENCES);
    const [answered] = await db
      .select({ at: max(checkIns.sentAt) })
      .from(checkIns)
      .where(and(eq(checkIns.clientId, client.id), isNotNull(checkIns.respondedAt)));
    const streak = await db
      .select({ id: checkIns.id })
      .from(checkIns)
      .where(and(eq(checkIns.clientId, client.id), eq(checkIns.status, 'no_response'), answered?.at ? gt(checkIns.sentAt, answered.at) : isNotNull(checkIns.sentAt)))
      .orderBy(asc(checkIns.sentAt), asc(checkIns.id));
    if (streak.length < n || !(await claimNudge(db, client.coachId, 'client_quiet', streak[0]!.id))) continue;
    await notify(
      client.coachId,
      {
        type: 'client_quiet',
        message: `${who(client)} has not answered the last ${streak.length} check-ins. A personal message may help.`,
        link: clientLink(client.id),
      },
      now,
    );
  }
}

// ---------------------------------------------------------------------------------------------
// AI insight

/** A reply whose analysis raised concerns: the coach hears the first (and how many more), once per check-in. */
export async function noticeConcerns(db: Database, row: Pick<CheckIn, 'id' | 'coachId' | 'clientId'>, client: { firstName: string; lastName: string }, concerns: string[], now: Date): Promise<void> {
  if (concerns.length === 0 || !(await claimNudge(db, row.coachId, 'ai_insight', row.id))) return;
  const more = concerns.length > 1 ? ` (and ${concerns.length - 1} more)` : '';
  await notify(row.coachId, { type: 'ai_insight', message: `${who(client)}'s reply raises a concern: ${concerns[0]}${more}.`, link: clientLink(row.clientId) }, now);
}

// ---------------------------------------------------------------------------------------------
// Goal due in three days

/**
 * The daily pass (run every few minutes, it acts once a day per coach): goals not completed whose
 * target date is three days after the coach's local today, once 09:00 has passed in the zone of the
 * coach's notification settings. Keyed on goal and target date, so a moved date is nudged anew.
 */
export async function sendGoalDeadlineNudges(options: { now?: Date; db?: Database } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const db = options.db ?? getDb();
  // Every zone's local date is within a day of UTC's.
  const utcDate = now.toISOString().slice(0, 10);
  const due = await db
    .select({ goalId: goals.id, title: goals.title, targetDate: goals.targetDate, coachId: goals.coachId, clientId: clients.id, firstName: clients.firstName, lastName: clients.lastName })
    .from(goals)
    .innerJoin(clients, eq(clients.id, goals.clientId))
    .where(
      and(
        eq(goals.status, 'incomplete'),
        eq(goals.archived, false),
        eq(clients.archived, false),
        gte(goals.targetDate, addDays(utcDate, GOAL_DEADLINE_LEAD_DAYS - 1)),
        lte(goals.targetDate, addDays(utcDate, GOAL_DEADLINE_LEAD_DAYS + 1)),
      ),
    );
  const prefs = await preferencesOf(db, [...new Set(due.map((g) => g.coachId))]);
  let sent = 0;
  for (const goal of due) {
    const zone = (prefs.get(goal.coachId)?.prefs ?? DEFAULT_NOTIFICATION_PREFERENCES).schedule.timezone;
    const today = zonedParts(zone, now).date;
    // Today's 09:00 has passed (the latest 09:00 is today's), and the goal is due three days on.
    if (latestLocalOccurrence(zone, now, null, GOAL_DEADLINE_LOCAL_TIME).date !== today || goal.targetDate !== addDays(today, GOAL_DEADLINE_LEAD_DAYS)) continue;
    if (!(await claimNudge(db, goal.coachId, 'goal_deadline', `${goal.goalId}:${goal.targetDate}`))) continue;
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(`${goal.targetDate}T00:00:00Z`));
    await notify(goal.coachId, { type: 'goal_deadline', message: `"${goal.title}" (${who(goal)}) is due in ${GOAL_DEADLINE_LEAD_DAYS} days, on ${day}.`, link: clientLink(goal.clientId) }, now);
    sent++;
  }
  return sent;
}

// ---------------------------------------------------------------------------------------------
// Session reminder and its hold

/**
 * The minute pass: every scheduled check-in due between 2 and 15 minutes from now, of a coach whose
 * session reminders are on, is announced once with a link to hold it. The slots come from the
 * schedules, as the dispatcher plans them (it makes rows only 10 minutes ahead); a slot whose row
 * is no longer upcoming (held, cancelled) is left out.
 */
export async function sendSessionReminders(options: { now?: Date; db?: Database } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const db = options.db ?? getDb();
  const sources = await loadSources(db);
  const intents: SlotIntent[] = [];
  for (const src of sources.values()) intents.push(...slotsBetween(src, new Date(now.getTime() + SESSION_REMINDER_MIN_LEAD_MS), new Date(now.getTime() + SESSION_REMINDER_LEAD_MS)));
  if (intents.length === 0) return 0;
  const prefs = await preferencesOf(db, [...new Set(intents.map((i) => i.coachId))]);
  const wanted = intents.filter((i) => {
    const p = prefs.get(i.coachId)?.prefs ?? DEFAULT_NOTIFICATION_PREFERENCES;
    return p.globalEnabled && p.push.sessionReminders;
  });
  if (wanted.length === 0) return 0;
  const rows = await db
    .select({ key: checkIns.dedupeKey, status: checkIns.status })
    .from(checkIns)
    .where(and(anyOf(checkIns.clientId, [...new Set(wanted.map((i) => i.clientId))]), anyOf(checkIns.dedupeKey, wanted.map((i) => i.key))));
  const gone = new Set(rows.filter((r) => r.status !== 'scheduled').map((r) => r.key));
  const names = new Map(
    (await db.select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName }).from(clients).where(anyOf(clients.id, [...new Set(wanted.map((i) => i.clientId))]))).map((c) => [c.id, c]),
  );
  // A coach's check-ins of the same minute: each its own reminder, or one for all above a few.
  const sessions = groupBy(
    wanted.filter((intent) => !gone.has(intent.key)),
    (intent) => `${intent.coachId}|${intent.at.toISOString()}`,
  );
  let sent = 0;
  for (const [session, intents] of sessions) {
    const first = intents[0]!;
    const time = zonedParts(prefs.get(first.coachId)?.timezone ?? first.zone, first.at);
    const clock = `${time.hour}:${String(time.minute).padStart(2, '0')}`;
    if (intents.length > SESSION_REMINDER_GROUP_ABOVE) {
      if (!(await claimNudge(db, first.coachId, 'session_reminder', session))) continue;
      await notify(first.coachId, { type: 'session_reminder', message: `Check-ins to ${intents.length} clients at ${clock} — hold any?`, link: '/dashboard' }, now);
      sent++;
      continue;
    }
    for (const intent of intents) {
      if (!(await claimNudge(db, intent.coachId, 'session_reminder', intent.key))) continue;
      const client = names.get(intent.clientId);
      await notify(intent.coachId, { type: 'session_reminder', message: `Check-in to ${client ? who(client) : 'your client'} at ${clock} — hold it?`, link: clientLink(intent.clientId, intent.key) }, now);
      sent++;
    }
  }
  return sent;
}

export interface HoldResult {
  checkIn: CheckInDto;
  /** The check-in was held before (a second click, another tab). */
  alreadyHeld: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const isHeld = (row: Pick<CheckIn, 'status' | 'failureReason'>) => row.status === 'cancelled' && row.failureReason === HELD_BY_COACH_REASON;

/**
 * Holds one upcoming check-in of a schedule (its slot key, client + local date + time [+ goal]):
 * that send and nothing else. A slot not planned yet gets its row now, already cancelled, so the
 * dispatcher's insert (on conflict do nothing on the same key) never plans it; a planned row is
 * cancelled only while no send job has taken it. Idempotent: holding a held check-in answers it.
 */
export async function holdCheckIn(coach: CoachRef, key: string, now = new Date()): Promise<HoldResult> {
  const slot = parseDedupeKey(key);
  // The key's pattern lets through 36 hex digits and dashes in any order; the uuid column would not.
  if (!slot || !UUID.test(slot.clientId) || (slot.goalId !== null && !UUID.test(slot.goalId))) throw badRequest('Not a check-in of a schedule', [{ field: 'key', message: 'Not a check-in of a schedule' }]);
  const client = await getOwnedClient(coach.id, slot.clientId);
  const db = getDb();
  const done = async (row: CheckIn, alreadyHeld: boolean, created = false): Promise<HoldResult> => {
    const titles = new Map<string, string>();
    if (row.goalId) {
      const [goal] = await db.select({ title: goals.title }).from(goals).where(eq(goals.id, row.goalId));
      if (goal) titles.set(row.goalId, goal.title);
    }
    if (!alreadyHeld) await publishCheckIn(row, created, [...titles].map(([id, title]) => ({ id, title })));
    return { checkIn: checkInSummary(row, titles), alreadyHeld };
  };
  const held = { status: 'cancelled' as const, failureReason: HELD_BY_COACH_REASON, updatedAt: now };
  // Twice at most: the dispatcher may plan the row between our two statements.
  for (let attempt = 0; attempt < 2; attempt++) {
    const [existing] = await db.select().from(checkIns).where(and(eq(checkIns.clientId, client.id), eq(checkIns.dedupeKey, key)));
    if (existing) {
      if (isHeld(existing)) return done(existing, true);
      const [updated] = await db
        .update(checkIns)
        .set(held)
        .where(and(eq(checkIns.id, existing.id), eq(checkIns.status, 'scheduled'), isNull(checkIns.claimedAt), isNull(checkIns.deliveryStartedAt)))
        .returning();
      if (updated) return done(updated, false);
      throw new AppError(409, 'CONFLICT', existing.status === 'scheduled' ? 'This check-in is being sent now' : 'This check-in is no longer upcoming');
    }
    const sources = await loadSources(db, [client.id]);
    const src = sources.get(client.id);
    const intent = src ? slotsOn(src, slot.date).find((i) => i.key === key) : undefined;
    if (!intent) throw notFound('Upcoming check-in');
    if (intent.at <= now) throw new AppError(409, 'CONFLICT', 'This check-in is no longer upcoming');
    const [inserted] = await db
      .insert(checkIns)
      .values({ coachId: coach.id, clientId: client.id, goalId: intent.goalId, isGlobalCheckIn: intent.goalId === null, dedupeKey: key, scheduledFor: intent.at, source: 'schedule', ...held })
      .onConflictDoNothing({ target: [checkIns.clientId, checkIns.dedupeKey] })
      .returning();
    if (inserted) return done(inserted, false, true);
  }
  throw new AppError(409, 'CONFLICT', 'This check-in is being sent now');
}

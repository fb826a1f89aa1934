import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import { NOTIFICATION_CHANNELS, TEST_NOTIFICATION_TEXT } from '@/lib/constants';
import { notificationLink, notificationTitle } from '@/lib/notification-centre';
import { bundleTitle, composeBundle, deliveryTime, nextDayStart, renderNotification, type NotificationDetails } from '@/lib/notification-content';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';
import { inQuietHours, isAllowedTime, nextAllowedTime } from '@/lib/notification-schedule';
import { zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';
import { getDb, type Database } from '../db/client';
import { checkIns, notifications, type User } from '../db/schema';
import { log } from '../log';
import { sendEmail } from '../providers/email';
import { sendSms } from '../providers/sms';
import { connectedSockets, emitToUser } from '../realtime';
import { pushToUser } from './push-subscriptions';
import { hitRateLimit, RATE_LIMITS } from './rate-limit';
import { findActiveUserById, isPhoneVerified } from './users';

export type NotificationType = 'checkin_response' | 'goal_completed' | 'missed_checkin' | 'goal_deadline' | 'ai_insight' | 'system' | 'session_reminder' | 'client_unreachable' | 'breaking_news' | 'client_quiet';
export type Channel = (typeof NOTIFICATION_CHANNELS)[number];
export type DeliveryResults = Record<Channel, boolean>;

type Prefs = NotificationPreferences;

/** Which preference switch lets each kind of notification through on each channel. */
export const RULES: Record<NotificationType, { email?: keyof Prefs['email']; sms?: keyof Prefs['sms']; push?: keyof Prefs['push']; inApp?: keyof Prefs['inApp'] }> = {
  checkin_response: { email: 'clientUpdates', push: 'clientMessages', inApp: 'clientMessages' },
  goal_completed: { email: 'goalCompletions', push: 'goalProgress', inApp: 'goalProgress' },
  missed_checkin: { email: 'missedCheckIns', sms: 'checkInReminders', push: 'clientMessages', inApp: 'clientMessages' },
  goal_deadline: { sms: 'goalDeadlines', push: 'goalProgress', inApp: 'goalProgress' },
  ai_insight: { push: 'aiInsights', inApp: 'aiInsights' },
  system: { email: 'systemUpdates', sms: 'emergencyContacts', push: 'systemAlerts', inApp: 'systemAlerts' },
  session_reminder: { push: 'sessionReminders', inApp: 'systemAlerts' },
  // A bounced e-mail or a number texts fail on (decision 0085): news about a client, like a reply.
  client_unreachable: { email: 'clientUpdates', push: 'clientMessages', inApp: 'clientMessages' },
  // An administrator's announcement (decision 0092); only coaches with Breaking news on are sent it.
  breaking_news: { push: 'breakingNews', inApp: 'systemAlerts' },
  // N unanswered check-ins in a row (decision 0091): the louder form of missed_checkin, on its switches.
  client_quiet: { email: 'missedCheckIns', sms: 'checkInReminders', push: 'clientMessages', inApp: 'clientMessages' },
};

export interface NotificationInput {
  type: NotificationType;
  message: string;
  subject?: string;
  /** Urgent notifications pass quiet hours, workdays-only and bundling, and reach SMS set to urgent only. */
  urgent?: boolean;
  /** The screen a click in the bell or on a push opens; the type's default when absent (lib/notification-centre.ts). */
  link?: string;
  /** Facts for `content.detailLevel` (client name, AI summary, goal changes), where the sender has them. */
  details?: NotificationDetails;
}

export interface NotifyOutcome {
  delivered: DeliveryResults;
  /** Dropped for good: disabled, no_user. */
  suppressedReason?: string;
  /** Held, not dropped: it goes at this instant (decision 0090). */
  deferredUntil?: Date;
  heldReason?: HeldReason;
}

export type HeldReason = 'quiet_hours' | 'workdays_only' | 'bundle' | 'daily_cap';

type Row = typeof notifications.$inferSelect;
const NONE: DeliveryResults = { email: false, sms: false, push: false, inApp: false };

/** Which channels a notification of this type may use under the coach's switches. */
export function channelsFor(prefs: Prefs, type: NotificationType, urgent: boolean): Record<Channel, boolean> {
  const rule = RULES[type];
  return {
    email: prefs.email.enabled && rule.email !== undefined && prefs.email[rule.email],
    sms: prefs.sms.enabled && (!prefs.sms.urgentOnly || urgent) && rule.sms !== undefined && prefs.sms[rule.sms],
    push: prefs.push.enabled && rule.push !== undefined && prefs.push[rule.push],
    inApp: rule.inApp !== undefined && prefs.inApp[rule.inApp],
  };
}

const isNotificationType = (t: string): t is NotificationType => t in RULES;

/**
 * Messages the coach received since local midnight of `at`: a bundle is one message. Counted by
 * delivery time, so what waited overnight counts on the morning it arrives.
 */
async function messagesToday(db: Database, userId: string, zone: string, at: Date): Promise<number> {
  const midnight = zonedTimeToInstant(zone, zonedParts(zone, at).date, '00:00');
  const [row] = await db
    .select({ n: sql<number>`count(distinct coalesce(${notifications.bundleId}, ${notifications.id}))::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gte(notifications.deliveredAt, midnight), isNull(notifications.suppressedReason), sql`${notifications.type} <> 'test'`));
  return row?.n ?? 0;
}

/** A check-in reply's notification is made before the AI reads it: its summary and goal changes are read when it goes. */
async function withCheckInFacts(db: Database, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.details?.checkInId && !r.details.summary ? [r.details.checkInId] : [])))];
  if (ids.length === 0) return rows;
  const found = await db.select({ id: checkIns.id, summary: checkIns.coachSummary, changes: checkIns.progressUpdates }).from(checkIns).where(inArray(checkIns.id, ids));
  const facts = new Map(found.map((f) => [f.id, f]));
  return rows.map((r) => {
    const f = r.details?.checkInId ? facts.get(r.details.checkInId) : undefined;
    if (!f) return r;
    const goalChanges = f.changes?.map((u) => ({ title: u.title, from: u.from, to: u.to, unit: u.unit, completed: u.completed }));
    return { ...r, details: { ...r.details, ...(f.summary ? { summary: f.summary } : {}), ...(goalChanges?.length && !r.details?.goalChanges ? { goalChanges } : {}) } };
  });
}

interface Outgoing {
  /** The row the push tag and the live event name (the first of a bundle). */
  id: string;
  type: string;
  title: string;
  subject: string;
  url: string;
  createdAt: Date;
  /** The text per channel; a channel without one is not used. */
  texts: Partial<Record<Channel, string>>;
}

/** Sends one message on its channels; never inside a transaction (the rows are already written). */
async function deliver(user: User, out: Outgoing, now: Date): Promise<DeliveryResults> {
  const results: DeliveryResults = { ...NONE };
  const attempt = async (channel: Channel, send: (text: string) => Promise<unknown>) => {
    const text = out.texts[channel];
    if (text === undefined) return;
    try {
      await send(text);
      results[channel] = true;
    } catch (error) {
      log.warn({ err: error, channel, userId: user.id }, 'notification channel failed');
    }
  };
  const wantsPush = out.texts.push !== undefined;
  const wantsInApp = out.texts.inApp !== undefined;
  const online = wantsPush || wantsInApp ? await connectedSockets(user.id) : 0;
  // Web Push reaches the coach's devices with no tab open; the service worker shows it (public/sw.js).
  let pushed = false;
  await Promise.all([
    attempt('push', async (text) => {
      pushed = await pushToUser(user.id, { id: out.id, title: out.title, body: text, url: out.url }, now);
    }),
    attempt('email', (text) => sendEmail({ to: user.email, subject: out.subject, text: `${text}\n\n— Cadence` }, user.id)),
    attempt('sms', async (text) => {
      // Only to a number the coach proved is theirs: an unproven one may be anyone's.
      if (!user.phone || !isPhoneVerified(user)) throw new Error('no verified phone number on the account');
      await sendSms({ to: user.phone, text: `Cadence: ${text}` }, user.id);
    }),
  ]);
  results.push = wantsPush && (pushed || online > 0);
  if ((wantsPush || wantsInApp) && online > 0) {
    const message = out.texts.inApp ?? out.texts.push ?? '';
    emitToUser(user.id, 'notification', { id: out.id, message, type: out.type, push: wantsPush, createdAt: out.createdAt.toISOString() });
    results.inApp = wantsInApp;
  }
  return results;
}

const channelTexts = (channels: Record<Channel, boolean>, text: string): Partial<Record<Channel, string>> =>
  Object.fromEntries(NOTIFICATION_CHANNELS.filter((c) => channels[c]).map((c) => [c, text]));

/**
 * Sends rows claimed together: one row as itself, several as ONE message per channel holding the
 * rows that channel may carry (the overview line first when `content.summary` is on).
 */
async function sendClaimed(db: Database, user: User, prefs: Prefs, claimed: Row[], now: Date): Promise<void> {
  const rows = prefs.content.detailLevel === 'detailed' ? await withCheckInFacts(db, claimed) : claimed;
  const allowed = new Map(rows.map((r) => [r.id, isNotificationType(r.type) ? channelsFor(prefs, r.type, false) : { ...NONE }]));
  const first = rows[0]!;
  let results: DeliveryResults;
  if (rows.length === 1) {
    results = await deliver(
      user,
      {
        id: first.id,
        type: first.type,
        title: notificationTitle(first.type),
        subject: first.subject ?? DEFAULT_SUBJECT,
        url: notificationLink(first.type, first.link),
        createdAt: first.createdAt,
        texts: channelTexts(allowed.get(first.id)!, renderNotification(first, prefs.content.detailLevel)),
      },
      now,
    );
  } else {
    const texts: Partial<Record<Channel, string>> = {};
    for (const channel of NOTIFICATION_CHANNELS) {
      const items = rows.filter((r) => allowed.get(r.id)![channel]);
      if (items.length > 0) texts[channel] = composeBundle(items, prefs.content);
    }
    results = await deliver(user, { id: first.id, type: first.type, title: bundleTitle(rows.length), subject: bundleTitle(rows.length), url: notificationLink('bundle', null), createdAt: first.createdAt, texts }, now);
  }
  for (const r of rows) {
    const mine = allowed.get(r.id)!;
    const delivered = Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, mine[c] && results[c]]));
    await db.update(notifications).set({ delivered }).where(eq(notifications.id, r.id));
  }
}

const DEFAULT_SUBJECT = 'Cadence notification';

/**
 * The one way a coach is notified. The master switch drops (recorded with its reason); quiet hours,
 * workdays-only, a bundling frequency and the daily cap hold the notification with the instant it
 * may go, and `deliverDueNotifications` sends it then (decision 0090).
 */
export async function notifyCoach(userId: string, input: NotificationInput, at = new Date()): Promise<NotifyOutcome> {
  const db = getDb();
  const user = await findActiveUserById(userId);
  if (!user) return { delivered: NONE, suppressedReason: 'no_user' };
  const prefs = user.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const row = { userId, type: input.type, message: input.message, subject: input.subject, link: input.link, details: input.details };
  if (!prefs.globalEnabled) {
    await db.insert(notifications).values({ ...row, suppressedReason: 'disabled' });
    return { delivered: NONE, suppressedReason: 'disabled' };
  }
  const urgent = Boolean(input.urgent);
  const hold = async (deliverAt: Date, heldReason: HeldReason): Promise<NotifyOutcome> => {
    await db.insert(notifications).values({ ...row, deliverAt, heldReason });
    return { delivered: NONE, deferredUntil: deliverAt, heldReason };
  };
  const due = deliveryTime(prefs, at, urgent);
  if (due.getTime() > at.getTime()) return hold(due, prefs.content.frequency !== 'immediate' ? 'bundle' : inQuietHours(prefs, at) ? 'quiet_hours' : 'workdays_only');
  if ((await messagesToday(db, userId, prefs.schedule.timezone, at)) >= prefs.schedule.maxDailyNotifications) return hold(nextDayStart(prefs, at), 'daily_cap');
  const [record] = await db.insert(notifications).values({ ...row, deliveredAt: at }).returning();
  const [ready] = prefs.content.detailLevel === 'detailed' ? await withCheckInFacts(db, [record!]) : [record!];
  const channels = channelsFor(prefs, input.type, urgent);
  const delivered = await deliver(
    user,
    {
      id: ready!.id,
      type: input.type,
      title: notificationTitle(input.type),
      subject: input.subject ?? DEFAULT_SUBJECT,
      url: notificationLink(input.type, input.link),
      createdAt: ready!.createdAt,
      texts: channelTexts(channels, renderNotification(ready!, prefs.content.detailLevel)),
    },
    at,
  );
  await db.update(notifications).set({ delivered }).where(eq(notifications.id, ready!.id));
  return { delivered };
}

/**
 * The periodic pass (each minute, server/jobs): every coach's held notifications whose instant has
 * come go out, several as one message. Each coach's rows are claimed with one conditional UPDATE
 * (`delivered_at is null`), so two passes on two instances never send a row twice; the claim
 * commits before anything is sent.
 */
export async function deliverDueNotifications(now = new Date(), db: Database = getDb()): Promise<{ messages: number; notifications: number }> {
  const due = and(isNull(notifications.deliveredAt), isNull(notifications.suppressedReason), lte(notifications.deliverAt, now));
  const coaches = await db.selectDistinct({ userId: notifications.userId }).from(notifications).where(due);
  const stats = { messages: 0, notifications: 0 };
  for (const { userId } of coaches) {
    try {
      const sent = await deliverDueFor(db, userId, now);
      if (sent > 0) {
        stats.messages += 1;
        stats.notifications += sent;
      }
    } catch (error) {
      log.error({ err: error, userId }, 'held notifications not delivered');
    }
  }
  return stats;
}

async function deliverDueFor(db: Database, userId: string, now: Date): Promise<number> {
  const pending = and(eq(notifications.userId, userId), isNull(notifications.deliveredAt), isNull(notifications.suppressedReason), lte(notifications.deliverAt, now));
  const user = await findActiveUserById(userId, db);
  const prefs = user?.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
  if (!user || !prefs.globalEnabled) {
    await db.update(notifications).set({ suppressedReason: user ? 'disabled' : 'no_user' }).where(pending);
    return 0;
  }
  // The settings may have changed since the row was held: today's quiet hours and rest days still apply.
  if (!isAllowedTime(prefs, now)) {
    await db.update(notifications).set({ deliverAt: nextAllowedTime(prefs, now) }).where(pending);
    return 0;
  }
  if ((await messagesToday(db, userId, prefs.schedule.timezone, now)) >= prefs.schedule.maxDailyNotifications) {
    await db.update(notifications).set({ deliverAt: nextDayStart(prefs, now), heldReason: 'daily_cap' }).where(pending);
    return 0;
  }
  const claimed = await db
    .update(notifications)
    .set({ deliveredAt: now, bundleId: randomUUID() })
    .where(pending)
    .returning();
  if (claimed.length === 0) return 0;
  claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  await sendClaimed(db, user, prefs, claimed, now);
  return claimed.length;
}

/**
 * Settings → Send Test Notification: every enabled channel (or only the one asked for), regardless
 * of quiet hours and the cap. The words are always TEST_NOTIFICATION_TEXT.
 */
export async function sendTestNotification(userId: string, only?: Channel): Promise<DeliveryResults> {
  await hitRateLimit(RATE_LIMITS.testNotificationUser, userId);
  const user = await findActiveUserById(userId);
  if (!user) return { email: false, sms: false, push: false, inApp: false };
  const prefs = user.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const enabled: Record<Channel, boolean> = {
    email: prefs.globalEnabled && prefs.email.enabled,
    sms: prefs.globalEnabled && prefs.sms.enabled,
    push: prefs.globalEnabled && prefs.push.enabled,
    inApp: prefs.globalEnabled,
  };
  const channels: Record<Channel, boolean> = {
    email: enabled.email && (!only || only === 'email'),
    sms: enabled.sms && (!only || only === 'sms'),
    push: enabled.push && (!only || only === 'push'),
    inApp: enabled.inApp && (!only || only === 'inApp'),
  };
  const now = new Date();
  const [record] = await getDb().insert(notifications).values({ userId, type: 'test', message: TEST_NOTIFICATION_TEXT, deliveredAt: now }).returning();
  const delivered = await deliver(
    user,
    {
      id: record!.id,
      type: 'test',
      title: notificationTitle('test'),
      subject: 'Cadence test notification',
      url: notificationLink('test', null),
      createdAt: record!.createdAt,
      texts: channelTexts(channels, TEST_NOTIFICATION_TEXT),
    },
    now,
  );
  await getDb().update(notifications).set({ delivered }).where(eq(notifications.id, record!.id));
  return delivered;
}

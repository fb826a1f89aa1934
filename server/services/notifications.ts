import { and, eq, gte, sql } from 'drizzle-orm';
import { NOTIFICATION_CHANNELS, TEST_NOTIFICATION_TEXT } from '@/lib/constants';
import { notificationLink, notificationTitle } from '@/lib/notification-centre';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';
import { inQuietHours, onRestDay } from '@/lib/notification-schedule';
import { zonedParts } from '@/lib/zoned-time';
import { getDb } from '../db/client';
import { notifications, type User } from '../db/schema';
import { log } from '../log';
import { sendEmail } from '../providers/email';
import { sendSms } from '../providers/sms';
import { connectedSockets, emitToUser } from '../realtime';
import { pushToUser } from './push-subscriptions';
import { hitRateLimit, RATE_LIMITS } from './rate-limit';
import { findActiveUserById, isPhoneVerified } from './users';

export type NotificationType = 'checkin_response' | 'goal_completed' | 'missed_checkin' | 'goal_deadline' | 'ai_insight' | 'system' | 'session_reminder' | 'client_unreachable' | 'client_quiet';
export type Channel = (typeof NOTIFICATION_CHANNELS)[number];
export type DeliveryResults = Record<Channel, boolean>;

type Prefs = NotificationPreferences;

/** Which preference switch lets each kind of notification through on each channel. */
const RULES: Record<NotificationType, { email?: keyof Prefs['email']; sms?: keyof Prefs['sms']; push?: keyof Prefs['push']; inApp?: keyof Prefs['inApp'] }> = {
  checkin_response: { email: 'clientUpdates', push: 'clientMessages', inApp: 'clientMessages' },
  goal_completed: { email: 'goalCompletions', push: 'goalProgress', inApp: 'goalProgress' },
  missed_checkin: { email: 'missedCheckIns', sms: 'checkInReminders', push: 'clientMessages', inApp: 'clientMessages' },
  goal_deadline: { sms: 'goalDeadlines', push: 'goalProgress', inApp: 'goalProgress' },
  ai_insight: { push: 'aiInsights', inApp: 'aiInsights' },
  system: { email: 'systemUpdates', sms: 'emergencyContacts', push: 'systemAlerts', inApp: 'systemAlerts' },
  session_reminder: { push: 'sessionReminders', inApp: 'systemAlerts' },
  // A bounced e-mail or a number texts fail on (decision 0085): news about a client, like a reply.
  client_unreachable: { email: 'clientUpdates', push: 'clientMessages', inApp: 'clientMessages' },
  // N unanswered check-ins in a row (decision 0091): the louder form of missed_checkin, on its switches.
  client_quiet: { email: 'missedCheckIns', sms: 'checkInReminders', push: 'clientMessages', inApp: 'clientMessages' },
};

export interface NotificationInput {
  type: NotificationType;
  message: string;
  subject?: string;
  /** Urgent notifications pass quiet hours and workdays-only, and reach SMS set to urgent only. */
  urgent?: boolean;
  /** The screen a click in the bell or on a push opens; the type's default when absent (lib/notification-centre.ts). */
  link?: string;
}

/** Start of the coach's local day, as an instant, for the daily cap. */
function startOfLocalDay(zone: string, at: Date): Date {
  const { minutes } = zonedParts(zone, at);
  return new Date(Math.floor(at.getTime() / 60000) * 60000 - minutes * 60000);
}

async function deliver(
  user: User,
  input: { type: NotificationType | 'test'; message: string; subject?: string; link?: string },
  channels: Record<Channel, boolean>,
  now: Date,
): Promise<DeliveryResults> {
  const results: DeliveryResults = { email: false, sms: false, push: false, inApp: false };
  const [record] = await getDb().insert(notifications).values({ userId: user.id, type: input.type, message: input.message, link: input.link }).returning();
  const attempt = async (channel: Channel, send: () => Promise<unknown>) => {
    if (!channels[channel]) return;
    try {
      await send();
      results[channel] = true;
    } catch (error) {
      log.warn({ err: error, channel, userId: user.id }, 'notification channel failed');
    }
  };
  const subject = input.subject ?? 'Cadence notification';
  const online = channels.push || channels.inApp ? await connectedSockets(user.id) : 0;
  // Web Push reaches the coach's devices with no tab open; the service worker shows it (public/sw.js).
  let pushed = false;
  await Promise.all([
    attempt('push', async () => {
      pushed = await pushToUser(user.id, { id: record!.id, title: notificationTitle(input.type), body: input.message, url: notificationLink(input.type, input.link) }, now);
    }),
    attempt('email', () => sendEmail({ to: user.email, subject, text: `${input.message}\n\n— Cadence` }, user.id)),
    attempt('sms', async () => {
      // Only to a number the coach proved is theirs: an unproven one may be anyone's.
      if (!user.phone || !isPhoneVerified(user)) throw new Error('no verified phone number on the account');
      await sendSms({ to: user.phone, text: `Cadence: ${input.message}` }, user.id);
    }),
  ]);
  results.push = channels.push && (pushed || online > 0);
  if ((channels.push || channels.inApp) && online > 0) {
    emitToUser(user.id, 'notification', { id: record!.id, message: input.message, type: input.type, push: channels.push, createdAt: record!.createdAt.toISOString() });
    results.inApp = channels.inApp;
  }
  await getDb().update(notifications).set({ delivered: results }).where(eq(notifications.id, record!.id));
  return results;
}

/**
 * The one way a coach is notified: honours the master switch, each channel's switches, quiet hours,
 * workdays-only and the daily cap; what was held back is recorded with the reason.
 */
export async function notifyCoach(userId: string, input: NotificationInput, at = new Date()): Promise<{ delivered: DeliveryResults; suppressedReason?: string }> {
  const none: DeliveryResults = { email: false, sms: false, push: false, inApp: false };
  const user = await findActiveUserById(userId);
  if (!user) return { delivered: none, suppressedReason: 'no_user' };
  const prefs = user.notificationPreferences ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const suppress = async (reason: string) => {
    await getDb().insert(notifications).values({ userId, type: input.type, message: input.message, suppressedReason: reason });
    return { delivered: none, suppressedReason: reason };
  };
  if (!prefs.globalEnabled) return suppress('disabled');
  if (!input.urgent && inQuietHours(prefs, at)) return suppress('quiet_hours');
  if (!input.urgent && onRestDay(prefs, at)) return suppress('workdays_only');
  const [sentToday] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gte(notifications.createdAt, startOfLocalDay(prefs.schedule.timezone, at)), sql`${notifications.suppressedReason} is null`));
  if ((sentToday?.n ?? 0) >= prefs.schedule.maxDailyNotifications) return suppress('daily_cap');
  const rule = RULES[input.type];
  const channels: Record<Channel, boolean> = {
    email: prefs.email.enabled && rule.email !== undefined && prefs.email[rule.email],
    sms: prefs.sms.enabled && (!prefs.sms.urgentOnly || Boolean(input.urgent)) && rule.sms !== undefined && prefs.sms[rule.sms],
    push: prefs.push.enabled && rule.push !== undefined && prefs.push[rule.push],
    inApp: rule.inApp !== undefined && prefs.inApp[rule.inApp],
  };
  return { delivered: await deliver(user, input, channels, at) };
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
  return deliver(user, { type: 'test', message: TEST_NOTIFICATION_TEXT, subject: 'Cadence test notification' }, channels, new Date());
}

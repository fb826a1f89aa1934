import { and, desc, eq, inArray } from 'drizzle-orm';
import { MESSAGES } from '@/lib/constants';
import { PUSH_DEVICE_LABEL_MAX } from '@/lib/notification-centre';
import type { PushDevice, PushDevices, PushSubscribeBody } from '@/lib/schemas/notifications';
import { getDb } from '../db/client';
import { pushSubscriptions } from '../db/schema';
import { badRequest, notFound } from '../http/errors';
import { describeDevice } from '../http/request-info';
import { log } from '../log';
import { isAcceptedPushEndpoint, sendPush, vapidKeys, type PushPayload } from '../providers/push';

type Row = typeof pushSubscriptions.$inferSelect;

const toDevice = (r: Row): PushDevice => ({
  id: r.id,
  deviceLabel: r.deviceLabel,
  endpoint: r.endpoint,
  createdAt: r.createdAt.toISOString(),
  lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
});

/** "Chrome 142 on Windows 10": what Settings lists, from the subscribing request's user agent. */
export function deviceLabel(userAgent: string): string {
  const d = describeDevice(userAgent);
  const what = d.browser && d.device !== d.browser ? `${d.browser} (${d.device})` : d.device;
  return `${what} on ${d.os}`.slice(0, PUSH_DEVICE_LABEL_MAX);
}

export async function listPushDevices(userId: string): Promise<PushDevices> {
  const rows = await getDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(desc(pushSubscriptions.createdAt));
  return { publicKey: vapidKeys().publicKey, devices: rows.map(toDevice) };
}

/**
 * One row per endpoint: the same browser subscribing again (new keys, or another account signed in
 * on it) replaces the row, so a device never gets another account's notifications.
 */
export async function subscribePush(userId: string, body: PushSubscribeBody, userAgent: string): Promise<PushDevice> {
  if (!isAcceptedPushEndpoint(body.endpoint)) {
    throw badRequest(MESSAGES.unknownPushService, [{ field: 'endpoint', message: MESSAGES.unknownPushService }]);
  }
  const values = { userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, deviceLabel: deviceLabel(userAgent) };
  const [row] = await getDb()
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date(), lastSuccessAt: null } })
    .returning();
  return toDevice(row!);
}

export async function unsubscribePush(userId: string, id: string): Promise<void> {
  const gone = await getDb()
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound('Push subscription');
}

/**
 * Sends to every device of the user, in parallel, outside any transaction; a device the push
 * service no longer knows (404/410) is deleted. True when at least one device took it.
 */
export async function pushToUser(userId: string, payload: PushPayload, now: Date): Promise<boolean> {
  const rows = await getDb().select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (rows.length === 0) return false;
  const outcomes = await Promise.all(
    rows.map(async (r) => {
      try {
        return { id: r.id, outcome: await sendPush(r, payload) };
      } catch (error) {
        log.warn({ err: error, userId, subscriptionId: r.id }, 'push delivery failed');
        return { id: r.id, outcome: 'failed' as const };
      }
    }),
  );
  const gone = outcomes.filter((o) => o.outcome === 'gone').map((o) => o.id);
  const sent = outcomes.filter((o) => o.outcome === 'sent').map((o) => o.id);
  if (gone.length > 0) await getDb().delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone));
  if (sent.length > 0) await getDb().update(pushSubscriptions).set({ lastSuccessAt: now }).where(inArray(pushSubscriptions.id, sent));
  return sent.length > 0;
}

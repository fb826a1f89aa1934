import { and, desc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { NOTIFICATION_READ_ALL, notificationLink, notificationTitle } from '@/lib/notification-centre';
import type { NotificationItem, NotificationList } from '@/lib/schemas/notifications';
import { getDb } from '../db/client';
import { notifications } from '../db/schema';
import { notFound } from '../http/errors';
import { emitToUser, userRoom } from '../realtime';

type Row = typeof notifications.$inferSelect;

/**
 * What the coach was actually told: a dropped notification is never in the bell, a held one (quiet
 * hours, a bundle's period, the cap: decision 0090) appears when it is delivered.
 */
const shown = (userId: string) => and(eq(notifications.userId, userId), isNull(notifications.suppressedReason), isNotNull(notifications.deliveredAt));

export const toItem = (r: Pick<Row, 'id' | 'type' | 'message' | 'link' | 'createdAt' | 'readAt'>): NotificationItem => ({
  id: r.id,
  type: r.type,
  title: notificationTitle(r.type),
  message: r.message,
  link: notificationLink(r.type, r.link),
  createdAt: r.createdAt.toISOString(),
  readAt: r.readAt?.toISOString() ?? null,
});

const cursorOf = (r: Row) => `${String(r.createdAt.getTime()).padStart(13, '0')}_${r.id}`;

async function unreadCount(userId: string): Promise<number> {
  const [row] = await getDb()
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(shown(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Newest first; the cursor is the last row's (createdAt, id), so rows arriving meanwhile never shift a page. */
export async function listNotifications(userId: string, query: { cursor?: string; limit: number }): Promise<NotificationList> {
  let older;
  if (query.cursor) {
    const [ms, id] = query.cursor.split('_');
    const at = new Date(Number(ms));
    older = or(lt(notifications.createdAt, at), and(eq(notifications.createdAt, at), lt(notifications.id, id!)));
  }
  const rows = await getDb()
    .select()
    .from(notifications)
    .where(and(shown(userId), older))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    notifications: page.map(toItem),
    unreadCount: await unreadCount(userId),
    nextCursor: rows.length > query.limit ? cursorOf(page[page.length - 1]!) : null,
  };
}

/** Idempotent; the user's other tabs hear `message-read` (product §1.7.4) and update their bell. */
export async function markNotificationRead(userId: string, id: string, now: Date): Promise<number> {
  const [row] = await getDb()
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(shown(userId), eq(notifications.id, id)));
  if (!row) throw notFound('Notification');
  if (!row.readAt) await getDb().update(notifications).set({ readAt: now }).where(eq(notifications.id, id));
  const unread = await unreadCount(userId);
  emitToUser(userId, 'message-read', { messageId: id, roomId: userRoom(userId), userId });
  return unread;
}

export async function markAllNotificationsRead(userId: string, now: Date): Promise<number> {
  await getDb()
    .update(notifications)
    .set({ readAt: now })
    .where(and(shown(userId), isNull(notifications.readAt)));
  emitToUser(userId, 'message-read', { messageId: NOTIFICATION_READ_ALL, roomId: userRoom(userId), userId });
  return unreadCount(userId);
}

import { and, count, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { getDb } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { realtimePresence } from '../db/schema';

/**
 * Where the browsers are (decision 0102): each instance writes a row per socket it holds, so the
 * others relay a user's events only when that user has a browser elsewhere, and a notification
 * knows whether the user is online without asking every instance and waiting for the slowest.
 */

/** How often an instance writes down again what it holds (and so heals a row a failed write missed). */
export const PRESENCE_REFRESH_MS = 60_000;
/** Rows not refreshed for this long count no more: a socket whose delete failed, or an instance that died without saying so. */
const PRESENCE_FRESH_SECONDS = 3 * PRESENCE_REFRESH_MS / 1000;
const freshSince = sql`now() - make_interval(secs => ${PRESENCE_FRESH_SECONDS})`;
const fresh = gt(realtimePresence.seenAt, freshSince);

export interface LocalSocket {
  socketId: string;
  userId: string;
}

export async function addSocket(instanceId: string, socket: LocalSocket): Promise<void> {
  await getDb().insert(realtimePresence).values({ instanceId, ...socket }).onConflictDoNothing();
}

export async function removeSocket(instanceId: string, socketId: string): Promise<void> {
  await getDb().delete(realtimePresence).where(and(eq(realtimePresence.instanceId, instanceId), eq(realtimePresence.socketId, socketId)));
}

/**
 * Writes down again what this instance holds: every socket's row written, or its time refreshed (a
 * row whose first write failed is healed here), and the rows nobody refreshed for a while deleted
 * (a socket whose delete failed, an instance that died). A socket that leaves while this runs may
 * get its row back: it goes stale and is deleted later, costing a few relays to nobody meanwhile.
 */
export async function writeInstancePresence(instanceId: string, sockets: LocalSocket[]): Promise<void> {
  const db = getDb();
  if (sockets.length > 0) {
    // One array parameter per column: an instance may hold more sockets than a statement has parameters.
    await db.execute(sql`
      insert into ${realtimePresence} (instance_id, socket_id, user_id)
      select ${instanceId}, s.socket_id, s.user_id
      from unnest(${sql.param(sockets.map((s) => s.socketId))}::text[], ${sql.param(sockets.map((s) => s.userId))}::uuid[]) as s(socket_id, user_id)
      on conflict (instance_id, socket_id) do update set seen_at = now()`);
  }
  await db.delete(realtimePresence).where(lt(realtimePresence.seenAt, freshSince));
}

export async function removeInstance(instanceId: string): Promise<void> {
  await getDb().delete(realtimePresence).where(eq(realtimePresence.instanceId, instanceId));
}

/** Read on every relay: which of these users have a browser on another instance. */
const elsewhere = preparedQuery((db) =>
  db
    .selectDistinct({ userId: realtimePresence.userId })
    .from(realtimePresence)
    .where(and(sql`${realtimePresence.userId} = any(${sql.placeholder('userIds')}::uuid[])`, ne(realtimePresence.instanceId, sql.placeholder('instanceId')), fresh))
    .prepare('presence_elsewhere'),
);

export async function usersConnectedElsewhere(instanceId: string, userIds: string[]): Promise<Set<string>> {
  const rows = await elsewhere().execute({ instanceId, userIds });
  return new Set(rows.map((r) => r.userId));
}

/** How many browsers the user has open on every instance together. */
export async function socketsOfUser(userId: string): Promise<number> {
  const [row] = await getDb().select({ n: count() }).from(realtimePresence).where(and(eq(realtimePresence.userId, userId), fresh));
  return row?.n ?? 0;
}

import type { DeliveryStatus } from '@/lib/delivery';
import { and, desc, eq, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { threadOrder, type ThreadItem, type ThreadPage } from '@/lib/schemas/thread';
import { getDb } from '../db/client';
import { checkIns, clientMessages } from '../db/schema';
import { getOwnedClient, type CoachRef } from './clients';
import { messageItem, textingOf } from './engine/coach-message';

type ThreadChannel = NonNullable<ThreadItem['channel']>;

/**
 * GET /clients/{id}/thread: everything said between Cadence, the coach and one client, a page at
 * a time backwards (decision 0076). Messages come from four sources, each read newest first up to
 * the page size through its own (client_id, time) index: check-in messages (sent_at), replies
 * (responded_at), AI follow-ups (followUpTiming) and texts outside a check-in (client_messages).
 * The newest `limit` of their union is the page.
 */

/**
 * When an AI follow-up reached the client, and which follow-ups did: only those texted
 * (follow_up_status sent, at follow_up_sent_at); a draft waiting for the coach's review or one
 * they discarded never reached the client (decision 0075).
 */
export function followUpTiming(): { at: AnyPgColumn; shown: SQL | undefined } {
  return { at: checkIns.followUpSentAt, shown: eq(checkIns.followUpStatus, 'sent') };
}

/** A timestamp read through sql``: the driver's text, or a Date where it parsed one. */
const asDate = (value: unknown): Date => (value instanceof Date ? value : new Date(String(value)));

export async function clientThread(coach: CoachRef, clientId: string, query: { before?: string; limit: number }): Promise<ThreadPage> {
  const db = getDb();
  const client = await getOwnedClient(coach.id, clientId);
  const before = query.before ? new Date(query.before) : null;
  // One more than the page per source tells whether anything earlier is left.
  const n = query.limit + 1;
  const fromCheckIns = (
    at: AnyPgColumn,
    body: AnyPgColumn,
    shown: SQL | undefined,
    delivery?: { status: AnyPgColumn; error: AnyPgColumn },
    channel?: SQL<ThreadChannel | null>,
  ) =>
    db
      .select({
        id: checkIns.id,
        at: sql`${at}`.mapWith(asDate),
        body: sql<string>`${body}`,
        channel: channel ?? sql<ThreadChannel | null>`${checkIns.channel}`,
        // What the provider said of an outgoing message (decision 0085); null for replies and while nothing was heard.
        deliveryStatus: delivery ? sql<DeliveryStatus | null>`${delivery.status}` : sql<DeliveryStatus | null>`null`,
        deliveryError: delivery ? sql<string | null>`${delivery.error}` : sql<string | null>`null`,
      })
      .from(checkIns)
      .where(and(eq(checkIns.clientId, client.id), isNotNull(at), shown, before ? lt(at, before) : undefined))
      .orderBy(desc(at))
      .limit(n);
  const followUp = followUpTiming();
  const [sent, replies, followUps, messages, texting] = await Promise.all([
    fromCheckIns(checkIns.sentAt, checkIns.aiMessage, isNotNull(checkIns.aiMessage), { status: checkIns.deliveryStatus, error: checkIns.deliveryError }),
    // A reply came on the check-in's channel unless it came through the reply page (decision 0083).
    fromCheckIns(checkIns.respondedAt, checkIns.clientResponse, isNotNull(checkIns.clientResponse), undefined, sql<ThreadChannel | null>`coalesce(${checkIns.clientResponseChannel}, ${checkIns.channel})`),
    fromCheckIns(followUp.at, checkIns.aiResponse, followUp.shown, { status: checkIns.followUpDeliveryStatus, error: checkIns.followUpDeliveryError }),
    db
      .select()
      .from(clientMessages)
      .where(and(eq(clientMessages.clientId, client.id), before ? lt(clientMessages.createdAt, before) : undefined))
      .orderBy(desc(clientMessages.createdAt))
      .limit(n),
    textingOf(db, coach.id, client),
  ]);

  const fromRow =
    (kind: 'check_in' | 'reply' | 'follow_up') =>
    (r: { id: string; at: Date; body: string; channel: ThreadChannel | null; deliveryStatus: DeliveryStatus | null; deliveryError: string | null }): ThreadItem => ({
      id: `${r.id}:${kind}`,
      at: r.at.toISOString(),
      direction: kind === 'reply' ? 'in' : 'out',
      author: kind === 'reply' ? 'client' : 'ai',
      kind,
      body: r.body,
      checkInId: r.id,
      ...(r.channel ? { channel: r.channel } : {}),
      ...(r.deliveryStatus ? { delivery: { status: r.deliveryStatus, reason: r.deliveryError } } : {}),
    });
  const all = [...sent.map(fromRow('check_in')), ...replies.map(fromRow('reply')), ...followUps.map(fromRow('follow_up')), ...messages.map(messageItem)].sort((a, b) => threadOrder(b, a));

  let page = all.slice(0, query.limit);
  // The next page asks for what is strictly older than this one's oldest instant: messages sharing
  // that instant (a check-in batch settles at one `now`) all go on this page, never split.
  const oldest = page.at(-1)?.at;
  if (oldest) page = all.filter((item, i) => i < query.limit || item.at === oldest);
  const more = all.length > page.length || [sent, replies, followUps, messages].some((rows) => rows.length === n);
  return { items: page.reverse(), nextBefore: more && oldest ? oldest : null, texting: { allowed: texting.allowed, reason: texting.reason, channel: texting.channel, to: texting.to, fallback: texting.fallback } };
}

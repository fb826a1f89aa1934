import { COACH_MESSAGE_REFUSALS } from '@/lib/sms';
import type { Texting, ThreadItem } from '@/lib/schemas/thread';
import { getDb, type Executor } from '../../db/client';
import { clientMessages, type Client, type ClientMessage } from '../../db/schema';
import { AppError } from '../../http/errors';
import { log } from '../../log';
import { senderNumberFor, sendSms } from '../../providers/sms';
import { emitToUser } from '../../realtime';
import { getOwnedClient, type CoachRef } from '../clients';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit';
import { errorText } from './conversation';
import { consentedTriples, consentKey, numberOptedOut } from './sms-numbers';

/**
 * The coach's own texts to a client, from the Conversation tab (decision 0076). Only to a number
 * that already got the consent notice from this coach on the number we would text it from (the
 * notice travels with the first check-in, so a coach's message never arrives unannounced), never
 * to an opted-out or archived client, and within the per-client hourly limit shared with check-ins
 * sent now.
 */

/** Whether this coach can text this client now, with the number it would go from. */
export async function textingOf(db: Executor, coachId: string, client: Pick<Client, 'archived' | 'phone' | 'smsOptedOut' | 'phoneUnreachable'>): Promise<Texting & { from: string | null }> {
  const refuse = (reason: string) => ({ allowed: false, reason, from: null });
  if (client.archived) return refuse(COACH_MESSAGE_REFUSALS.archived);
  if (!client.phone) return refuse(COACH_MESSAGE_REFUSALS.noPhone);
  if (client.phoneUnreachable) return refuse(`${COACH_MESSAGE_REFUSALS.unreachable}: ${client.phoneUnreachable}`);
  if (client.smsOptedOut || (await numberOptedOut(db, client.phone))) return refuse(COACH_MESSAGE_REFUSALS.optedOut);
  const triple = { phone: client.phone, coachId, ourNumber: senderNumberFor(client.phone) };
  const consented = await consentedTriples(db, [triple]);
  if (!consented.has(consentKey(triple))) return refuse(COACH_MESSAGE_REFUSALS.noConsent);
  return { allowed: true, reason: null, from: triple.ourNumber };
}

/** A text outside a check-in as the conversation shows it. */
export function messageItem(row: ClientMessage): ThreadItem {
  return {
    id: row.id,
    at: row.createdAt.toISOString(),
    direction: row.direction,
    author: row.author,
    kind: 'message',
    body: row.body,
    channel: row.channel,
    status: row.status,
    ...(row.failureReason ? { failureReason: row.failureReason } : {}),
    ...(row.deliveryStatus ? { delivery: { status: row.deliveryStatus, reason: row.deliveryError } } : {}),
  };
}

/** Tells the coach's open screens about a new text outside a check-in. */
export function publishMessage(row: ClientMessage): void {
  emitToUser(row.coachId, 'clientMessage', { clientId: row.clientId, item: messageItem(row) });
}

/**
 * POST /clients/{id}/messages. The provider is called outside any transaction; the text is
 * recorded once its fate is known: sent with the provider's id, or failed with the reason (502).
 */
export async function sendCoachMessage(coach: CoachRef, clientId: string, text: string, now = new Date()): Promise<ThreadItem> {
  const db = getDb();
  const client = await getOwnedClient(coach.id, clientId);
  const texting = await textingOf(db, coach.id, client);
  if (!texting.allowed || !texting.from || !client.phone) throw new AppError(409, 'CONFLICT', texting.reason ?? COACH_MESSAGE_REFUSALS.noConsent);
  await hitRateLimit(RATE_LIMITS.textsToClient, client.id, now);
  const base = { clientId: client.id, coachId: coach.id, direction: 'out', author: 'coach', body: text, channel: 'sms', fromNumber: texting.from, toNumber: client.phone, createdAt: now } as const;
  let sent: { id: string } | null = null;
  let failure: string | null = null;
  try {
    sent = await sendSms({ to: client.phone, from: texting.from, text, tracked: true }, coach.id);
  } catch (error) {
    log.warn({ err: error, clientId: client.id }, 'coach message not delivered');
    failure = `The text message could not be delivered: ${errorText(error)}`;
  }
  const [row] = await db
    .insert(clientMessages)
    .values(sent ? { ...base, status: 'sent', providerMessageId: sent.id } : { ...base, status: 'failed', failureReason: failure })
    .returning();
  publishMessage(row!);
  if (!sent) throw new AppError(502, 'SEND_FAILED', failure ?? 'The text message could not be delivered', { fields: { item: messageItem(row!) } });
  return messageItem(row!);
}

/** The messages outside a check-in (texts, or e-mails) of these clients of one coach, recorded as they came in (inbound.ts, inbound-email.ts). */
export async function recordInboundMessages(
  db: Executor,
  items: { clientId: string; coachId: string; channel: ClientMessage['channel']; from: string; to: string; body: string; providerMessageId?: string; at: Date }[],
): Promise<ClientMessage[]> {
  if (items.length === 0) return [];
  return db
    .insert(clientMessages)
    .values(
      items.map((i) => ({
        clientId: i.clientId,
        coachId: i.coachId,
        direction: 'in' as const,
        author: 'client' as const,
        body: i.body,
        channel: i.channel,
        fromNumber: i.from,
        toNumber: i.to,
        providerMessageId: i.providerMessageId ?? null,
        status: 'received' as const,
        createdAt: i.at,
      })),
    )
    .returning();
}

import { COACH_MESSAGE_REFUSALS } from '@/lib/sms';
import type { Texting, ThreadItem } from '@/lib/schemas/thread';
import { getDb, type Executor } from '../../db/client';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { checkIns, clientMessages, users, type Client, type ClientMessage } from '../../db/schema';
import { AppError } from '../../http/errors';
import { log } from '../../log';
import { sendSms, sendWhatsapp } from '../../providers/sms';
import { sendEmail } from '../../providers/email';
import { isTransientProviderError } from '../../providers/errors';
import { CHANNEL_NOUNS } from '@/lib/channels';
import { coachMessageEmailSubject } from '@/lib/email';
import { planRoutes, type Route } from './channels';
import { coachName } from './context';
import { replyAddressOf } from './reply-address';
import { emitToUser } from '../../realtime';
import { getOwnedClient, type CoachRef } from '../clients';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit';
import { errorText } from './check-in-events';
import { consentedTriples, consentKey, numberOptedOut } from './sms-numbers';

/**
 * The coach's own texts to a client, from the Conversation tab (decision 0076). Only to a number
 * that already got the consent notice from this coach on the number we would text it from (the
 * notice travels with the first check-in, so a coach's message never arrives unannounced), never
 * to an opted-out or archived client, and within the per-client hourly limit shared with check-ins
 * sent now.
 */

/** A way the coach's message can go: the route, and for e-mail the check-in whose reply address it carries. */
export interface MessageRoute extends Route {
  /** E-mail: the client's newest check-in from this coach, so a reply lands in this conversation. */
  replyToCheckIn?: string;
}

/**
 * Whether this coach can write to this client now, and the ways it would go: the client's channel
 * and fallback order (decision 0084), each on its own consent: a text or WhatsApp message only
 * where the consent notice already went on that channel, an e-mail only once a check-in went (its
 * reply address carries the answer back). WhatsApp only inside its 24-hour window (no template
 * carries a coach's own words). An unreachable address (decision 0085) is passed over like a
 * missing one.
 */
export async function textingOf(db: Executor, coachId: string, client: Client, now = new Date()): Promise<Texting & { routes: MessageRoute[] }> {
  const refuse = (reason: string) => ({ allowed: false, reason, channel: null, to: null, fallback: null, routes: [] });
  if (client.archived) return refuse(COACH_MESSAGE_REFUSALS.archived);
  if (client.smsOptedOut || (client.phone && client.channel === 'sms' && (await numberOptedOut(db, client.phone)))) return refuse(COACH_MESSAGE_REFUSALS.optedOut);
  const plan = await planRoutes(db, client, now, { template: false });
  const phoned = plan.routes.filter((r) => r.from !== null).map((r) => ({ phone: client.phone!, coachId, ourNumber: r.from! }));
  const consented = await consentedTriples(db, phoned);
  const [latest] = plan.routes.some((r) => r.channel === 'email')
    ? await db
        .select({ id: checkIns.id })
        .from(checkIns)
        .where(and(eq(checkIns.clientId, client.id), eq(checkIns.coachId, coachId), isNotNull(checkIns.sentAt)))
        .orderBy(desc(checkIns.sentAt))
        .limit(1)
    : [];
  const routes: MessageRoute[] = plan.routes.flatMap((r): MessageRoute[] => {
    if (r.channel === 'email') return latest ? [{ ...r, replyToCheckIn: latest.id }] : [];
    return consented.has(consentKey({ phone: client.phone!, coachId, ourNumber: r.from! })) ? [r] : [];
  });
  const [first, second] = routes;
  if (first) return { allowed: true, reason: null, channel: first.channel, to: first.channel === 'email' ? client.email : client.phone, fallback: second?.channel ?? null, routes };
  if (plan.routes.length > 0) return refuse(COACH_MESSAGE_REFUSALS.noConsent);
  return refuse(client.phone ? `${COACH_MESSAGE_REFUSALS.noChannel} ${plan.reasons.join('; ')}` : COACH_MESSAGE_REFUSALS.noPhone);
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
  const texting = await textingOf(db, coach.id, client, now);
  const [first, second] = texting.routes;
  if (!texting.allowed || !first) throw new AppError(409, 'CONFLICT', texting.reason ?? COACH_MESSAGE_REFUSALS.noConsent);
  await hitRateLimit(RATE_LIMITS.textsToClient, client.id, now);
  let route = first;
  let sent: { id: string } | null = null;
  let failure: string | null = null;
  try {
    sent = await handOver(coach.id, client, route, text);
  } catch (error) {
    log.warn({ err: error, clientId: client.id, channel: route.channel }, 'coach message not delivered');
    failure = `The ${CHANNEL_NOUNS[route.channel]} could not be delivered: ${errorText(error)}`;
    // A refusal (not a timeout, which may have reached the client) moves on to the next channel, once.
    if (second && !isTransientProviderError(error)) {
      route = second;
      try {
        sent = await handOver(coach.id, client, route, text);
      } catch (again) {
        log.warn({ err: again, clientId: client.id, channel: route.channel }, 'coach message not delivered on the fallback channel');
        failure = `${failure}; the ${CHANNEL_NOUNS[route.channel]} neither: ${errorText(again)}`;
      }
    }
  }
  const addresses =
    route.channel === 'email'
      ? { fromNumber: replyAddressOf(route.replyToCheckIn!), toNumber: client.email! }
      : { fromNumber: route.from!, toNumber: client.phone! };
  const base = { clientId: client.id, coachId: coach.id, direction: 'out', author: 'coach', body: text, channel: route.channel, ...addresses, createdAt: now } as const;
  const [row] = await db
    .insert(clientMessages)
    .values(sent ? { ...base, status: 'sent', providerMessageId: sent.id } : { ...base, status: 'failed', failureReason: failure })
    .returning();
  publishMessage(row!);
  if (!sent) throw new AppError(502, 'SEND_FAILED', failure ?? 'The message could not be delivered', { fields: { item: messageItem(row!) } });
  return messageItem(row!);
}

/**
 * The coach's words on one channel (an e-mail carries a check-in's reply address, so the answer
 * comes back here); texts and WhatsApp messages ask for status callbacks (decision 0085).
 */
async function handOver(coachId: string, client: Client, route: MessageRoute, text: string): Promise<{ id: string }> {
  if (route.channel === 'sms') return sendSms({ to: client.phone!, from: route.from!, text, tracked: true }, coachId);
  if (route.channel === 'whatsapp') return sendWhatsapp({ to: client.phone!, from: route.from!, text, tracked: true }, coachId);
  const [coach] = await getDb().select().from(users).where(eq(users.id, coachId)).limit(1);
  return sendEmail({ to: client.email!, subject: coachMessageEmailSubject(coach ? coachName(coach) : 'your coach', client.language), text, replyTo: replyAddressOf(route.replyToCheckIn!) }, coachId);
}

/** A message as it came in from a client, on any channel. */
export interface InboundMessage {
  channel: ClientMessage['channel'];
  from: string;
  to: string;
  body: string;
  providerMessageId?: string;
  at: Date;
}

/** The messages outside a check-in's reply (texts, e-mails, reply-page answers) of these clients of one coach, recorded as they came in. */
export async function recordInboundMessages(
  db: Executor,
  items: (InboundMessage & {
    clientId: string;
    coachId: string;
    /** A further message in a check-in's conversation (decision 0094). */
    checkInId?: string;
    aiReply?: ClientMessage['aiReply'];
    clientAnswers?: ClientMessage['clientAnswers'];
  })[],
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
        checkInId: i.checkInId ?? null,
        aiReply: i.aiReply ?? null,
        clientAnswers: i.clientAnswers ?? null,
        status: 'received' as const,
        createdAt: i.at,
      })),
    )
    .returning();
}

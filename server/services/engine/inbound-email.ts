import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { webhookEvents } from '../../db/schema';
import type { ResendEvent } from '@/lib/schemas/webhooks';
import { AppError } from '../../http/errors';
import { log } from '../../log';
import { getReceivedEmail } from '../../providers/email';
import { RESEND_DELIVERY_EVENTS, type DeliveryStatus } from '@/lib/delivery';
import { recordDelivery, type DeliveryAction } from './delivery';
import { errorText } from './check-in-events';
import { receiveFurther } from './further-reply';
import { normalizedMessageId } from './email-thread';
import { replyText } from './email-reply';
import { lockedCheckIn, OPEN, receiveInbound, respond } from './inbound';
import type { Effects, InboundResult } from './inbound-effects';
import { bareAddress, checkInIdOfAddresses, replyAddressOf } from './reply-address';
import { resolve, type EngineOptions } from './runtime';

/**
 * Inbound e-mail (Resend's `email.received` webhook; decision 0081). The reply address names the
 * check-in conversation; the body is fetched through the receiving API (the event has only
 * metadata), quoted history and signature are stripped, and the reply enters the pipeline of an SMS
 * reply (receiveInbound): analysis, progress, the follow-up (by e-mail), the coach told, live
 * updates. An address that names no check-in (made up, altered, of another installation) is
 * logged and ignored: the webhook still answers 200, so the provider does not retry it.
 */

export interface InboundEmailEvent {
  /** Resend's id of the received mail: the key of the receiving API. */
  emailId: string;
  /** The mail's own Message-ID: a provider's second delivery of it is handled once. */
  messageId: string;
  from: string;
  /** Every address the mail was for (To, Cc, and what the receiving domain got it for). */
  recipients: string[];
}

/** POST /webhooks/resend: what an event comes to: a reply (`email.received`), a delivery status (decision 0085), or nothing. */
export async function handleResendEvent(event: ResendEvent, options: EngineOptions = {}): Promise<'reply' | 'duplicate' | 'unmatched' | DeliveryAction | 'ignored'> {
  const delivery = RESEND_DELIVERY_EVENTS[event.type];
  if (delivery) return deliveryEvent(event, delivery, options);
  if (event.type !== 'email.received') return 'ignored';
  const { email_id: emailId, message_id: messageId, from, to = [], cc = [], received_for: receivedFor = [] } = event.data;
  if (!emailId) throw new AppError(400, 'VALIDATION_ERROR', 'data.email_id is required', { details: [{ field: 'data.email_id', message: 'data.email_id is required' }] });
  const result = await receiveEmail({ emailId, messageId: messageId ?? '', from: from ?? '', recipients: [...to, ...receivedFor, ...cc] }, options);
  return result.action === 'reply' || result.action === 'duplicate' ? result.action : 'unmatched';
}

/** A delivery event of an e-mail we sent, by Resend's id of it (kept as the message's provider id at send time). */
async function deliveryEvent(event: ResendEvent, status: DeliveryStatus, options: EngineOptions): Promise<DeliveryAction> {
  const { email_id: emailId, to = [], bounce } = event.data;
  if (!emailId) throw new AppError(400, 'VALIDATION_ERROR', 'data.email_id is required', { details: [{ field: 'data.email_id', message: 'data.email_id is required' }] });
  // Resend's email.bounced is a permanent rejection unless it says Transient (a full mailbox, a
  // server busy for now): that one is a delay, which a later delivery or hard bounce still replaces.
  const transient = status === 'bounced' && bounce?.type?.toLowerCase() === 'transient';
  const shown = transient ? 'delayed' : status;
  const reason = shown === 'bounced' ? (bounce?.message ?? bounce?.subType ?? null) : shown === 'complained' ? 'the client reported it as spam' : null;
  return recordDelivery({ messageId: emailId, status: shown, reason, to: to[0] ?? null, hardBounce: shown === 'bounced' }, options);
}

export async function receiveEmail(event: InboundEmailEvent, options: EngineOptions = {}): Promise<InboundResult> {
  const { now, edb } = resolve(options);
  const checkInId = checkInIdOfAddresses(event.recipients);
  if (!checkInId) {
    log.warn({ emailId: event.emailId }, 'inbound e-mail to no valid reply address: ignored');
    return { action: 'unmatched' };
  }
  const dedupe = { id: `resend:${normalizedMessageId(event.messageId) ?? event.emailId}`, provider: 'resend', type: 'inbound_email' };
  // Seen already: no second fetch of its body (the transaction below is what guarantees once).
  const [seen] = await edb.db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, dedupe.id));
  if (seen) return { action: 'duplicate' };

  let received;
  try {
    received = await getReceivedEmail(event.emailId);
  } catch (error) {
    // Not ours to swallow: a 502 makes Resend deliver the event again later.
    log.warn({ err: error, emailId: event.emailId }, 'inbound e-mail body could not be fetched');
    throw new AppError(502, 'PROVIDER_ERROR', `The received e-mail could not be fetched: ${errorText(error)}`);
  }
  if (!received) {
    log.warn({ emailId: event.emailId }, 'inbound e-mail not found at the receiving API: ignored');
    return { action: 'unmatched' };
  }
  const body = replyText(received);
  if (!body) {
    log.info({ emailId: event.emailId }, 'inbound e-mail with nothing but quoted history: ignored');
    return { action: 'unmatched' };
  }
  const mail = { from: bareAddress(received.from || event.from), body, messageId: normalizedMessageId(received.messageId) ?? undefined, at: now };
  return receiveInbound({ dedupe, lockKey: `checkin:${checkInId}` }, (tx, effects) => handle(tx, checkInId, mail, effects), options);
}

async function handle(tx: Transaction, checkInId: string, mail: { from: string; body: string; messageId?: string; at: Date }, effects: Effects): Promise<InboundResult> {
  const found = await lockedCheckIn(tx, checkInId);
  if (!found) {
    log.warn('inbound e-mail for a check-in that no longer exists: ignored');
    return { action: 'unmatched' };
  }
  const { checkIn, client } = found;
  // The signed address is the proof; a reply from another of the client's addresses is still theirs.
  if (client.email && bareAddress(client.email) !== mail.from) log.info({ checkInId }, 'inbound e-mail from an address other than the client’s');
  if ((OPEN as readonly string[]).includes(checkIn.status)) return respond(tx, checkIn, mail.body, mail.at, effects, mail.messageId);
  // The check-in was answered already: a further reply in its conversation (decision 0094).
  const further = { channel: 'email' as const, from: mail.from, to: replyAddressOf(checkInId), body: mail.body, providerMessageId: mail.messageId, at: mail.at };
  return receiveFurther(tx, checkIn, client, further, effects, 'e-mailed again after the check-in');
}

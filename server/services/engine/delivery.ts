import { and, eq, gte, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DELIVERY_RANK, DELIVERY_STATUSES, SMS_UNREACHABLE_AFTER_FAILURES, UNREACHABLE_REASONS, type DeliveryStatus } from '@/lib/delivery';
import type { Transaction } from '../../db/client';
import { checkIns, clientMessages, clients, type CheckIn, type Client, type ClientMessage } from '../../db/schema';
import { log } from '../../log';
import { emitToUser } from '../../realtime';
import { notifyCoach } from '../notifications';
import { publishMessage } from './coach-message';
import { clientName, publishCheckIn } from './check-in-events';
import { resolve, type EngineOptions } from './runtime';

/**
 * Delivery you can see (decision 0085). A provider's word on a message it took (a Twilio status
 * callback for a text or WhatsApp message, a Resend delivery event for an e-mail) is recorded on
 * the message it names by the provider's id: a check-in message, its follow-up, or a message outside
 * a check-in. Callbacks repeat and arrive out of order; a status only replaces one of lower rank
 * (lib/delivery.ts), in one conditional UPDATE, so a repeat or a late 'sent' changes nothing.
 *
 * A hard bounce or a complaint gives up on the client's e-mail address, and
 * SMS_UNREACHABLE_AFTER_FAILURES failed texts in a row on the phone number: the coach is told and
 * sees it on the client, and the send step fails a check-in to that address instead of trying it
 * again, until the coach edits the address (updateClient clears the flag).
 */

export interface DeliveryReport {
  /** The provider's id of the message (Twilio's MessageSid, Resend's email_id). */
  messageId: string;
  status: DeliveryStatus;
  /** The provider's reason for a failure, in the coach's words. */
  reason: string | null;
  /** Where the provider delivered to: a flag is only set while the client still has that address. */
  to: string | null;
  /** A bounce the provider calls permanent (a transient one says nothing of the address). */
  hardBounce?: boolean;
}

export type DeliveryAction = 'updated' | 'unchanged' | 'unknown';

/** The statuses `next` may replace: nothing heard yet, or a lower rank. */
function below(column: PgColumn, next: DeliveryStatus): SQL | undefined {
  const lower = DELIVERY_STATUSES.filter((s) => DELIVERY_RANK[s] < DELIVERY_RANK[next]);
  return lower.length > 0 ? or(isNull(column), inArray(column, lower)) : isNull(column);
}

type Updated = { kind: 'check_in'; row: CheckIn; channel: string | null } | { kind: 'message'; row: ClientMessage; channel: string };

/** The one row the id names, updated if the status advances it; null when no message has this id. */
async function advance(tx: Transaction, report: DeliveryReport): Promise<Updated | 'unchanged' | null> {
  const { messageId: id, status, reason } = report;
  const [checkIn] = await tx
    .update(checkIns)
    .set({ deliveryStatus: status, deliveryError: reason })
    .where(and(eq(checkIns.providerMessageId, id), below(checkIns.deliveryStatus, status)))
    .returning();
  if (checkIn) return { kind: 'check_in', row: checkIn, channel: checkIn.channel };
  const [followUp] = await tx
    .update(checkIns)
    .set({ followUpDeliveryStatus: status, followUpDeliveryError: reason })
    .where(and(eq(checkIns.followUpProviderMessageId, id), below(checkIns.followUpDeliveryStatus, status)))
    .returning();
  if (followUp) return { kind: 'check_in', row: followUp, channel: followUp.channel };
  const [message] = await tx
    .update(clientMessages)
    .set({ deliveryStatus: status, deliveryError: reason })
    .where(and(eq(clientMessages.providerMessageId, id), eq(clientMessages.direction, 'out'), below(clientMessages.deliveryStatus, status)))
    .returning();
  if (message) return { kind: 'message', row: message, channel: message.channel };
  const [known] = await tx
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(or(eq(checkIns.providerMessageId, id), eq(checkIns.followUpProviderMessageId, id)))
    .union(tx.select({ id: clientMessages.id }).from(clientMessages).where(eq(clientMessages.providerMessageId, id)))
    .limit(1);
  return known ? 'unchanged' : null;
}

const digits = (phone: string) => phone.replace(/^whatsapp:/i, '').replace(/\D/g, '');
const sameAddress = (a: string, b: string, kind: 'phone' | 'email') => (kind === 'phone' ? digits(a) === digits(b) : a.trim().toLowerCase() === b.trim().toLowerCase());

/**
 * What the status says of the client's address; answers the client when this call made it
 * unreachable. The address must still be the one the message went to: a late failure for an old
 * number says nothing of the new one.
 */
async function reachability(tx: Transaction, clientId: string, channel: 'phone' | 'email', report: DeliveryReport): Promise<Client | null> {
  const [client] = await tx.select().from(clients).where(eq(clients.id, clientId)).for('update');
  if (!client) return null;
  const address = channel === 'phone' ? client.phone : client.email;
  if (!address || (report.to && !sameAddress(address, report.to, channel))) return null;
  if (channel === 'email') {
    const gives = report.status === 'complained' ? UNREACHABLE_REASONS.complained : report.status === 'bounced' && report.hardBounce ? UNREACHABLE_REASONS.bounced : null;
    if (!gives || client.emailUnreachable) return null;
    const [flagged] = await tx.update(clients).set({ emailUnreachable: gives, updatedAt: sql`now()` }).where(and(eq(clients.id, clientId), isNull(clients.emailUnreachable))).returning();
    return flagged ?? null;
  }
  if (report.status === 'delivered') {
    await tx.update(clients).set({ smsFailureStreak: 0 }).where(eq(clients.id, clientId));
    return null;
  }
  if (report.status !== 'failed') return null;
  await tx.update(clients).set({ smsFailureStreak: sql`${clients.smsFailureStreak} + 1` }).where(eq(clients.id, clientId));
  const [flagged] = await tx
    .update(clients)
    .set({ phoneUnreachable: UNREACHABLE_REASONS.phone, updatedAt: sql`now()` })
    .where(and(eq(clients.id, clientId), isNull(clients.phoneUnreachable), gte(clients.smsFailureStreak, SMS_UNREACHABLE_AFTER_FAILURES)))
    .returning();
  return flagged ?? null;
}

export async function recordDelivery(report: DeliveryReport, options: EngineOptions = {}): Promise<DeliveryAction> {
  const { now, edb } = resolve(options);
  const outcome = await edb.db.transaction(async (tx) => {
    const updated = await advance(tx, report);
    if (!updated || updated === 'unchanged') return updated;
    const address = updated.channel === 'email' ? 'email' : 'phone';
    const unreachable = await reachability(tx, updated.row.clientId, address, report);
    return { updated, unreachable };
  });
  if (outcome === null) {
    log.info({ messageId: report.messageId }, 'delivery status for no message of ours: ignored');
    return 'unknown';
  }
  if (outcome === 'unchanged') return 'unchanged';
  const { updated, unreachable } = outcome;
  if (updated.kind === 'check_in') await publishCheckIn(updated.row);
  else publishMessage(updated.row);
  if (unreachable) {
    emitToUser(unreachable.coachId, 'clientProfileUpdated', { clientId: unreachable.id });
    const what = updated.channel === 'email' ? `${clientName(unreachable)}'s e-mail address` : `${clientName(unreachable)}'s phone number`;
    const reason = (updated.channel === 'email' ? unreachable.emailUnreachable : unreachable.phoneUnreachable) ?? '';
    // Through the notification service: the coach's settings (channels, quiet hours, daily cap) apply.
    await notifyCoach(unreachable.coachId, { type: 'client_unreachable', subject: 'A client cannot be reached', message: `${what} is unreachable: ${reason}. Check-ins to it stop until you edit it.` }, now).catch(
      (error: unknown) => log.error({ err: error, clientId: unreachable.id }, 'unreachable notification failed'),
    );
  }
  return 'updated';
}

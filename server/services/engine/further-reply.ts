import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { AI_FURTHER_ANSWERS_PER_CHECK_IN } from '@/lib/constants';
import type { ReplyAnswer } from '@/lib/schemas/reply-page';
import type { Transaction } from '../../db/client';
import { checkIns, clientMessages, type CheckIn, type Client } from '../../db/schema';
import { recordInboundMessages, type InboundMessage } from './coach-message';
import { clientName, excerpt } from './check-in-events';
import type { Effects, InboundResult } from './inbound-effects';

/**
 * A further message in an answered check-in's conversation (issue 17 §2, decision 0094): a second
 * answer on the reply page, a second mail to the check-in's reply address, a text after the
 * check-in was answered. It is never a new check-in: it is kept in the conversation, and the AI
 * answers it like the reply (the reply job analyses it, applies its progress and answers on the
 * check-in's channel), at most AI_FURTHER_ANSWERS_PER_CHECK_IN times per check-in, only while it
 * is the client's newest check-in and the coach has not written to the client since it went out.
 * Otherwise the coach alone is told, and answers.
 */

export interface FurtherMessage extends InboundMessage {
  /** The reply page's quick answers, if any. */
  answers?: ReplyAnswer[];
}

/** Answered, and the reply job left it with no error: the AI can answer in its conversation. */
const ANSWERED = ['responded', 'completed'] as const;

/** Why the AI does not answer this message (null: it does). */
async function whyNotAnswered(tx: Transaction, checkIn: CheckIn, client: Client): Promise<string | null> {
  if (client.archived) return 'the client is archived';
  if (!(ANSWERED as readonly string[]).includes(checkIn.status) || checkIn.failureReason) return 'the check-in is not in a state the AI answers in';
  if (checkIn.sentAt) {
    const [newer] = await tx
      .select({ id: checkIns.id })
      .from(checkIns)
      .where(and(eq(checkIns.clientId, checkIn.clientId), gt(checkIns.sentAt, checkIn.sentAt)))
      .limit(1);
    if (newer) return 'a newer check-in went to the client since';
  }
  const since = checkIn.sentAt ?? checkIn.respondedAt;
  if (since) {
    // The coach took the conversation up themselves (even before the client answered the check-in:
    // "Shall we plan a long run?"): the client is answering them, not the AI.
    const [coachWrote] = await tx
      .select({ id: clientMessages.id })
      .from(clientMessages)
      .where(and(eq(clientMessages.clientId, client.id), eq(clientMessages.author, 'coach'), gt(clientMessages.createdAt, since)))
      .limit(1);
    if (coachWrote) return 'you wrote to the client since the check-in, so the AI leaves the conversation to you';
  }
  const [owed] = await tx
    .select({ n: count() })
    .from(clientMessages)
    .where(and(eq(clientMessages.checkInId, checkIn.id), inArray(clientMessages.aiReply, ['pending', 'answered'])));
  if ((owed?.n ?? 0) >= AI_FURTHER_ANSWERS_PER_CHECK_IN) return `the AI answers at most ${AI_FURTHER_ANSWERS_PER_CHECK_IN} further messages per check-in, so answer this one yourself`;
  return null;
}

/**
 * In the inbound transaction, with the check-in's row locked (FOR UPDATE: the reply job's end
 * waits for it, so it sees this message or this sees the check-in completed). A check-in the reply
 * job is done with is reopened (responded) and its reply job queued by receiveInbound.
 */
export async function receiveFurther(tx: Transaction, checkIn: CheckIn, client: Client, message: FurtherMessage, effects: Effects, said: string): Promise<InboundResult> {
  const why = await whyNotAnswered(tx, checkIn, client);
  // A message the AI would answer but for its bound or a newer check-in: the coach learns why, so they answer it.
  const bounded = why !== null && (ANSWERED as readonly string[]).includes(checkIn.status) && !checkIn.failureReason && !client.archived;
  const [recorded] = await recordInboundMessages(tx, [
    { clientId: client.id, coachId: checkIn.coachId, checkInId: checkIn.id, aiReply: why ? (bounded ? 'skipped' : null) : 'pending', channel: message.channel, from: message.from, to: message.to, body: message.body, providerMessageId: message.providerMessageId, at: message.at, clientAnswers: message.answers?.length ? message.answers : null },
  ]);
  effects.messages.push(recorded!);
  const what = `${clientName(client)} ${said}: "${excerpt(message.body)}"`;
  effects.notify(checkIn.coachId, { type: 'checkin_response', message: bounded ? `${what} (${why})` : what });
  if (why) return { action: 'unmatched' };
  if (checkIn.status === 'completed') {
    const [reopened] = await tx
      .update(checkIns)
      .set({ status: 'responded', enqueuedAt: message.at, claimedAt: null, updatedAt: message.at })
      .where(and(eq(checkIns.id, checkIn.id), eq(checkIns.status, 'completed')))
      .returning();
    if (reopened) effects.responded.push(reopened);
  }
  return { action: 'reply', checkInId: checkIn.id };
}

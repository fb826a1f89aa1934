import { and, asc, eq } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { CheckInDto, FollowUpForReview } from '@/lib/schemas/checkins';
import { checkIns, clients, goals, users, type CheckIn } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { checkInSummary, checkInSummaryColumns, type CoachRef } from '../clients';
import { answerRoute, sendAnswer } from './answer-send';
import { errorText, publishCheckIn } from './check-in-events';
import { followUpEmail } from './email-thread';
import { resolve, type EngineDb, type EngineOptions } from './runtime';

/**
 * The coach's review of AI follow-ups (decision 0075). A follow-up of a client with review on is
 * written by the reply job with follow_up_status pending_review and waits here; the coach sends it
 * (as written or edited) or discards it. Each decision takes the row with one conditional UPDATE
 * on pending_review, so a double click or two tabs send it once and the loser gets 409.
 */

const NO_LONGER_PENDING = 'This follow-up is no longer waiting for review (it was sent or discarded)';

async function ownedCheckIn(edb: EngineDb, coach: CoachRef, checkInId: string): Promise<CheckIn> {
  const [row] = await edb.db
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.coachId, coach.id)))
    .limit(1);
  if (!row) throw notFound('Check-in');
  return row;
}

async function titlesOf(edb: EngineDb, goalIds: (string | null)[]): Promise<Map<string, string>> {
  const ids = [...new Set(goalIds.filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const rows = await edb.db.select({ id: goals.id, title: goals.title }).from(goals).where(anyOf(goals.id, ids));
  return new Map(rows.map((g) => [g.id, g.title]));
}

/** GET /checkins/follow-ups: the coach's follow-ups waiting for review, oldest reply first. */
export async function listFollowUpsForReview(coach: CoachRef, options: EngineOptions = {}): Promise<FollowUpForReview[]> {
  const { edb } = resolve(options);
  const rows = await edb.db
    .select({ checkIn: checkInSummaryColumns, client: { id: clients.id, firstName: clients.firstName, lastName: clients.lastName } })
    .from(checkIns)
    .innerJoin(clients, eq(clients.id, checkIns.clientId))
    .where(and(eq(checkIns.coachId, coach.id), eq(checkIns.followUpStatus, 'pending_review')))
    .orderBy(asc(checkIns.respondedAt), asc(checkIns.id));
  const titles = await titlesOf(
    edb,
    rows.map((r) => r.checkIn.goalId),
  );
  return rows.map((r) => ({ checkIn: checkInSummary(r.checkIn, titles), client: r.client, draft: r.checkIn.aiResponse ?? '' }));
}

async function published(edb: EngineDb, row: CheckIn): Promise<CheckInDto> {
  await publishCheckIn(row);
  return checkInSummary(row, await titlesOf(edb, [row.goalId]));
}

/**
 * POST /checkins/{id}/follow-up/approve: texts the draft, or the coach's edit of it verbatim, from
 * the number the check-in went from (the client's replies come to it), or e-mails it in the
 * check-in's thread when the check-in went by e-mail. Not subject to the hourly
 * limit of check-ins (it answers the client), but never to a client who opted out.
 * A delivery failure gives the follow-up back to the queue.
 */
export async function approveFollowUp(coach: CoachRef, checkInId: string, input: { message?: string }, options: EngineOptions = {}): Promise<{ checkIn: CheckInDto; clientFirstName: string }> {
  const { now, edb } = resolve(options);
  const row = await ownedCheckIn(edb, coach, checkInId);
  if (row.followUpStatus !== 'pending_review') throw new AppError(409, 'CONFLICT', NO_LONGER_PENDING);
  const [client] = await edb.db.select().from(clients).where(eq(clients.id, row.clientId)).limit(1);
  if (!client) throw notFound('Client');
  if (client.archived) throw new AppError(409, 'CONFLICT', 'The client is archived');
  if (row.channel !== 'email' && client.smsOptedOut) throw new AppError(409, 'CONFLICT', 'The client opted out of text messages (replied STOP)');
  // On the check-in's channel; WhatsApp's 24-hour window has likely closed while it waited: the approved template then.
  const route = await answerRoute(edb.db, row, client, now);
  if (route.channel === null) throw new AppError(409, 'CONFLICT', route.reason ?? (row.channel === 'email' ? 'The client has no e-mail address' : 'The client has no phone number to text'));
  const text = input.message ?? row.aiResponse ?? '';
  if (!text) throw new AppError(400, 'VALIDATION_ERROR', 'The message is empty', { details: [{ field: 'message', message: 'The message is empty' }] });
  const [claimed] = await edb.db
    .update(checkIns)
    .set({ followUpStatus: 'sent', followUpSentAt: now, aiResponse: text, updatedAt: now })
    .where(and(eq(checkIns.id, row.id), eq(checkIns.followUpStatus, 'pending_review')))
    .returning();
  if (!claimed) throw new AppError(409, 'CONFLICT', NO_LONGER_PENDING);
  let sent: { id: string };
  try {
    const [coachRow] = await edb.db.select().from(users).where(eq(users.id, coach.id)).limit(1);
    if (!coachRow) throw new Error('The coach no longer exists');
    sent = await sendAnswer(route, text, client, coachRow, () => followUpEmail(claimed, coachRow, client.email!, text, client.language));
  } catch (error) {
    const [back] = await edb.db
      .update(checkIns)
      .set({ followUpStatus: 'pending_review', followUpSentAt: null, updatedAt: now })
      .where(and(eq(checkIns.id, row.id), eq(checkIns.followUpStatus, 'sent'), eq(checkIns.followUpSentAt, now)))
      .returning();
    if (back) await publishCheckIn(back);
    throw new AppError(502, 'SEND_FAILED', `The follow-up could not be delivered: ${errorText(error)}. It is still waiting for your review.`);
  }
  // The provider's id, so its delivery callbacks find the follow-up (decision 0085).
  const [tracked] = await edb.db.update(checkIns).set({ followUpProviderMessageId: sent.id }).where(eq(checkIns.id, row.id)).returning();
  return { checkIn: await published(edb, tracked ?? claimed), clientFirstName: client.firstName };
}

/** POST /checkins/{id}/follow-up/discard: the client gets no follow-up for this check-in. */
export async function discardFollowUp(coach: CoachRef, checkInId: string, options: EngineOptions = {}): Promise<CheckInDto> {
  const { now, edb } = resolve(options);
  await ownedCheckIn(edb, coach, checkInId);
  const [discarded] = await edb.db
    .update(checkIns)
    .set({ followUpStatus: 'discarded', updatedAt: now })
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.coachId, coach.id), eq(checkIns.followUpStatus, 'pending_review')))
    .returning();
  if (!discarded) throw new AppError(409, 'CONFLICT', NO_LONGER_PENDING);
  return published(edb, discarded);
}

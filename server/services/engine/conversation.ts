import { and, asc, desc, eq, isNull, lt, or } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import { checkIns, clientMessages, clients, type CheckIn, type ClientMessage, type Goal } from '../../db/schema';
import { log } from '../../log';
import type { ProgressUpdate } from '@/lib/schemas/checkins';
import type { ReplyAnswer } from '@/lib/schemas/reply-page';
import { analyseReply, composeFollowUp, type FollowUpContext, type GoalProgress } from '../../providers/ai';
import type { CoachRef } from '../clients';
import { updateProgress } from '../goals';
import { notifyCoach, type NotificationInput } from '../notifications';
import { noticeConcerns, noticeQuietClients } from '../nudges';
import { answerRoute, sendAnswer } from './answer-send';
import { clientName, errorText, excerpt, publishCheckIn } from './check-in-events';
import { publishMessage } from './coach-message';
import { checkInContext, coveredGoals, loadParticipants, type Participants } from './context';
import { followUpEmail, furtherAnswerEmail } from './email-thread';
import { QUOTA_REASON, recordQuotaStop, withinQuota } from './quota';
import { replyAddressOf } from './reply-address';
import { claimLeaseMs, noResponseWindowMs, resolve, setInlineHandlers, type EngineDb, type EngineOptions, type EngineQueue } from './runtime';

/**
 * The conversation of one check-in: the AI message goes out (sent; send.ts), the client's reply comes in
 * (responded), the AI analyses it and answers (completed); no reply in time gives no_response.
 * Every step takes its row with one conditional UPDATE, so two workers never do the same step.
 */

/** A provider error as a check-in's failure reason. */
const trackable = (g: Goal) => g.target !== null && g.target > 0;
const coachRef = (p: Participants): CoachRef => ({ id: p.coach.id, timezone: p.coach.timezone, planId: p.coach.planId });

async function notify(coachId: string, input: NotificationInput, at: Date): Promise<void> {
  await notifyCoach(coachId, input, at).catch((error: unknown) => log.error({ err: error, coachId, type: input.type }, 'coach notification failed'));
}

/** Ends a claimed row's step; only the holder of the claim can (same claimedAt). */
async function settle(edb: EngineDb, row: CheckIn, fields: Partial<typeof checkIns.$inferInsert>, now: Date): Promise<CheckIn | undefined> {
  const [updated] = await edb.db
    .update(checkIns)
    .set({ ...fields, claimedAt: null, updatedAt: now })
    .where(and(eq(checkIns.id, row.id), row.claimedAt ? eq(checkIns.claimedAt, row.claimedAt) : isNull(checkIns.claimedAt)))
    .returning();
  return updated;
}

export type StepStatus = 'sent' | 'skipped' | 'early' | 'missed' | 'cancelled' | 'failed' | 'retrying' | 'rescheduled' | 'completed' | 'quota' | 'paced';

export interface StepOutcome {
  status: StepStatus;
  reason?: string;
  checkIn?: CheckIn;
}

/** The analysis's entries the check-in actually recorded (the follow-up speaks only of those). */
const applied = (progress: GoalProgress[], updates: ProgressUpdate[]) => progress.filter((e) => updates.some((u) => u.goalId === e.goalId));

/**
 * The client's quick answers on the reply page (decision 0083) are what the client said exactly: a
 * goal they answer takes that answer ("not yet" takes none) whatever the AI read in the text.
 */
function withQuickAnswers(progress: GoalProgress[], answers: ReplyAnswer[]): GoalProgress[] {
  const answered = new Set(answers.map((a) => a.goalId));
  const declared = answers.flatMap((a): GoalProgress[] =>
    a.value !== undefined ? [{ goalId: a.goalId, value: a.value, completed: false }] : a.done ? [{ goalId: a.goalId, value: null, completed: true }] : [],
  );
  return [...declared, ...progress.filter((e) => !answered.has(e.goalId))];
}

/**
 * Applies the reply's progress to the goals this check-in covers (entries for any other goal are
 * ignored; the first entry per goal counts): a numeric goal gets its new value (source ai), a goal
 * said done tells the coach, who marks it complete. Returns what changed, for the check-in row, and
 * the check-in's own value: its goal's, or a global check-in's only moved numeric goal's.
 */
async function applyProgress(
  p: Participants,
  row: CheckIn,
  covered: Goal[],
  progress: GoalProgress[],
  reply: string,
  now: Date,
): Promise<{ value: number | null; progressUpdates: ProgressUpdate[] }> {
  const who = clientName(p.client);
  const progressUpdates: ProgressUpdate[] = [];
  const seen = new Set<string>();
  for (const entry of progress) {
    const goal = covered.find((g) => g.id === entry.goalId);
    if (!goal || seen.has(goal.id)) continue;
    seen.add(goal.id);
    if (trackable(goal) && entry.value !== null) {
      // The same value again records nothing new.
      if (entry.value === goal.currentValue) continue;
      const before = goal.progress;
      try {
        const updated = await updateProgress(coachRef(p), goal.id, { currentValue: entry.value, source: 'ai', note: `From the check-in reply: "${excerpt(reply, 200)}"` });
        const reached = before < 100 && updated.progress >= 100;
        const change = { goalId: goal.id, title: goal.title, from: goal.currentValue, to: entry.value, unit: goal.unit, completed: updated.progress >= 100 };
        progressUpdates.push(change);
        if (reached) {
          const details = { clientName: who, checkInId: row.id, goalChanges: [change] };
          await notify(p.coach.id, { type: 'goal_completed', message: `${who} reached the target of "${goal.title}" (${entry.value}${goal.unit ? ` ${goal.unit}` : ''}).`, details }, now);
        }
      } catch (error) {
        log.warn({ err: error, goalId: goal.id }, 'progress from the reply not recorded');
      }
    } else if (entry.completed) {
      const change = { goalId: goal.id, title: goal.title, from: null, to: null, unit: goal.unit, completed: true };
      progressUpdates.push(change);
      const details = { clientName: who, checkInId: row.id, goalChanges: [change] };
      await notify(p.coach.id, { type: 'goal_completed', message: `${who} says "${goal.title}" is done. Mark the goal complete when you agree.`, details }, now);
    }
  }
  const numericMoves = progressUpdates.filter((u) => u.to !== null);
  const own = row.goalId ? numericMoves.find((u) => u.goalId === row.goalId) : numericMoves.length === 1 ? numericMoves[0] : undefined;
  return { value: own?.to ?? null, progressUpdates };
}

// ---------------------------------------------------------------------------------------------
// Analysis and follow-up

/** The reply job: analysis stored, goal progress updated (source ai), follow-up sent, completed. */
export async function processReply(checkInId: string, options: EngineOptions = {}): Promise<StepOutcome> {
  const { now, edb, queue } = resolve(options);
  const { db } = edb;
  const lapsed = new Date(now.getTime() - claimLeaseMs());
  const [claimed] = await db
    .update(checkIns)
    .set({ claimedAt: now, updatedAt: now })
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.status, 'responded'), isNull(checkIns.failureReason), or(isNull(checkIns.claimedAt), lt(checkIns.claimedAt, lapsed))))
    .returning();
  if (!claimed) return { status: 'skipped' };
  // Answered before: the client wrote again in this conversation (decision 0094).
  if (claimed.completedAt) return answerFurther(edb, claimed, now, queue);
  const stop = async (reason: string): Promise<StepOutcome> => {
    const updated = await settle(edb, claimed, { status: 'failed', failureReason: reason }, now);
    if (updated) await publishCheckIn(updated);
    return { status: 'failed', reason, checkIn: updated };
  };
  if (claimed.aiResponse) {
    // A worker stopped after the follow-up was written. A draft for review is safe in the queue;
    // any other may have been texted already: never send it twice.
    const interrupted = claimed.followUpStatus === 'pending_review' ? {} : { failureReason: 'The follow-up was interrupted and not sent again' };
    const done = await settle(edb, claimed, { status: 'completed', completedAt: now, ...interrupted }, now);
    if (done) await publishCheckIn(done);
    return { status: 'completed', checkIn: done };
  }
  const p = await loadParticipants(db, claimed.clientId);
  if (!p) return stop('The client no longer exists');
  if (!(await withinQuota(p.coach, now))) {
    await recordQuotaStop(edb, claimed.id, p.coach, now, 'responded');
    return { status: 'quota' };
  }

  const base = await checkInContext(db, claimed, p, claimed.sentAt ?? now);
  const ctx = { ...base, message: claimed.aiMessage ?? '', reply: claimed.clientResponse ?? '' };
  let analysis;
  try {
    analysis = await analyseReply(p.coach.id, ctx);
  } catch (error) {
    log.warn({ err: error, checkInId }, 'reply analysis failed');
    return stop(`The AI could not analyse the reply: ${errorText(error)}`);
  }

  const covered = coveredGoals(claimed, p.activeGoals);
  const progress = withQuickAnswers(analysis.progress, claimed.clientAnswers ?? []);
  const { value, progressUpdates } = await applyProgress(p, claimed, covered, progress, ctx.reply, now);
  await db
    .update(checkIns)
    .set({
      coachSummary: analysis.coachSummary,
      insights: analysis.insights,
      executiveSummary: analysis.executiveSummary,
      motivation: analysis.motivation,
      engagementAssessment: analysis.engagementAssessment,
      concerns: analysis.concerns,
      value,
      progressUpdates,
      updatedAt: now,
    })
    .where(eq(checkIns.id, claimed.id));
  await db.update(clients).set({ executiveSummary: analysis.executiveSummary, updatedAt: now }).where(eq(clients.id, claimed.clientId));
  await noticeConcerns(db, claimed, p.client, analysis.concerns, now);

  const followUp = await sendFollowUp(edb, claimed, p, { ...ctx, analysis: { ...analysis, progress: applied(progress, progressUpdates) } }, now);
  if (followUp.status === 'skipped') return { status: 'skipped' };
  if (followUp.status === 'failed') return stop(followUp.reason);
  const completed = await settle(edb, claimed, { status: 'completed', completedAt: now, ...followUp.fields }, now);
  if (completed) await publishCheckIn(completed);
  await reopenForFurther(edb, claimed.id, now, queue);
  return { status: 'completed', checkIn: completed };
}

// ---------------------------------------------------------------------------------------------
// Further messages (decision 0094)

/**
 * A further message that came while the reply job held the row (it found the check-in still
 * responded, so it only waits): the check-in is reopened and queued again. The inbound handler
 * holds the row lock while it records a message, so a message is either seen here or finds the
 * check-in completed and reopens it itself.
 */
async function reopenForFurther(edb: EngineDb, checkInId: string, now: Date, queue: EngineQueue): Promise<void> {
  const [waiting] = await edb.db
    .select({ id: clientMessages.id })
    .from(clientMessages)
    .where(and(eq(clientMessages.checkInId, checkInId), eq(clientMessages.aiReply, 'pending')))
    .limit(1);
  if (!waiting) return;
  const [reopened] = await edb.db
    .update(checkIns)
    .set({ status: 'responded', enqueuedAt: now, updatedAt: now })
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.status, 'completed'), isNull(checkIns.failureReason)))
    .returning();
  if (!reopened) return;
  await publishCheckIn(reopened);
  await queue.replyJob(reopened.id).catch((error: unknown) => log.warn({ err: error }, 'reply job not queued; the sweep will catch it'));
}

/** The coach's summary over several messages: the first reply's, then each further one's, within the column's bound. */
const mergedSummary = (before: string | null, later: string) => excerpt(before ? `${before}\n\nLater: ${later}` : later, 2000);
/** Earlier items first, no repeats, at most the analysis's own bound. */
const merged = (before: string[] | null, later: string[]) => [...new Set([...(before ?? []), ...later])].slice(0, 10);

/**
 * The client's further messages in an answered check-in's conversation, in the order they came:
 * each is analysed like the reply (its progress applied as further entries of the goals the
 * check-in covers), the check-in's analysis takes it in (the summary grows, motivation and
 * engagement are the newest), and the AI answers it on the check-in's channel. The inbound side
 * (further-reply.ts) left pending only what the bound AI_FURTHER_ANSWERS_PER_CHECK_IN allows.
 */
async function answerFurther(edb: EngineDb, claimed: CheckIn, now: Date, queue: EngineQueue): Promise<StepOutcome> {
  const { db } = edb;
  const pending = await db
    .select()
    .from(clientMessages)
    .where(and(eq(clientMessages.checkInId, claimed.id), eq(clientMessages.aiReply, 'pending')))
    .orderBy(asc(clientMessages.createdAt));
  let row = claimed;
  for (const message of pending) {
    // Progress from the previous message changed the goals: each message reads them afresh.
    const p = await loadParticipants(db, row.clientId);
    const skip = async (why: string) => {
      await db.update(clientMessages).set({ aiReply: 'skipped' }).where(and(eq(clientMessages.id, message.id), eq(clientMessages.aiReply, 'pending')));
      if (p) await notify(p.coach.id, { type: 'checkin_response', message: `${clientName(p.client)} wrote again after the check-in; ${why}: "${excerpt(message.body)}"` }, now);
    };
    if (!p) break;
    if (!(await withinQuota(p.coach, now))) {
      await skip(`the AI did not answer (${QUOTA_REASON.toLowerCase()})`);
      continue;
    }
    const next = await answerOne(edb, row, p, message, now);
    if (typeof next === 'string') await skip(next);
    else row = next;
  }
  const completed = await settle(edb, claimed, { status: 'completed' }, now);
  if (completed) await publishCheckIn(completed);
  await reopenForFurther(edb, claimed.id, now, queue);
  return { status: 'completed', checkIn: completed };
}

/** One further message: analysed, applied, answered. Answers the updated row, or why the AI did not answer. */
async function answerOne(edb: EngineDb, row: CheckIn, p: Participants, message: ClientMessage, now: Date): Promise<CheckIn | string> {
  const { db } = edb;
  const [lastAnswer] = await db
    .select({ body: clientMessages.body })
    .from(clientMessages)
    .where(and(eq(clientMessages.checkInId, row.id), eq(clientMessages.author, 'ai')))
    .orderBy(desc(clientMessages.createdAt))
    .limit(1);
  const base = await checkInContext(db, row, p, message.createdAt);
  // The exchange so far in this check-in comes first among the recent ones the AI reads.
  const opening = { at: (row.respondedAt ?? now).toISOString(), aiMessage: row.aiMessage, clientResponse: row.clientResponse, motivation: row.motivation };
  const ctx = { ...base, recent: [opening, ...base.recent], message: lastAnswer?.body ?? row.aiResponse ?? row.aiMessage ?? '', reply: message.body };
  let analysis;
  try {
    analysis = await analyseReply(p.coach.id, ctx);
  } catch (error) {
    log.warn({ err: error, checkInId: row.id }, 'further message analysis failed');
    return `the AI could not read it (${errorText(error)})`;
  }
  const progress = withQuickAnswers(analysis.progress, message.clientAnswers ?? []);
  const { value, progressUpdates } = await applyProgress(p, row, coveredGoals(row, p.activeGoals), progress, message.body, now);
  const [updated] = await db
    .update(checkIns)
    .set({
      coachSummary: mergedSummary(row.coachSummary, analysis.coachSummary),
      insights: merged(row.insights, analysis.insights),
      executiveSummary: analysis.executiveSummary,
      motivation: analysis.motivation,
      engagementAssessment: analysis.engagementAssessment,
      concerns: merged(row.concerns, analysis.concerns),
      value: value ?? row.value,
      progressUpdates: [...row.progressUpdates, ...progressUpdates],
      updatedAt: now,
    })
    .where(eq(checkIns.id, row.id))
    .returning();
  await db.update(clients).set({ executiveSummary: analysis.executiveSummary, updatedAt: now }).where(eq(clients.id, row.clientId));
  const current = updated ?? row;
  await publishCheckIn(current);

  // A coach who reviews follow-ups reviews these too: the AI does not write to the client on its own.
  if (p.client.reviewFollowUps) return 'you review AI follow-ups to this client, so the AI did not answer: answer from the Conversation tab';
  const route = await answerRoute(db, current, p.client, now);
  if (route.channel === null) return route.reason ?? 'there is no address to answer on';
  let answer: string;
  try {
    answer = await composeFollowUp(p.coach.id, { ...ctx, analysis: { ...analysis, progress: applied(progress, progressUpdates) } });
  } catch (error) {
    return `the AI could not write an answer (${errorText(error)})`;
  }
  // Taken before it is sent: a worker that dies after sending never answers the message twice.
  const [taken] = await db
    .update(clientMessages)
    .set({ aiReply: 'answered' })
    .where(and(eq(clientMessages.id, message.id), eq(clientMessages.aiReply, 'pending')))
    .returning();
  if (!taken) return current;
  const answered = await db.$count(clientMessages, and(eq(clientMessages.checkInId, row.id), eq(clientMessages.author, 'ai')));
  const out = { clientId: row.clientId, coachId: row.coachId, checkInId: row.id, direction: 'out', author: 'ai', body: answer, channel: route.channel, createdAt: now } as const;
  const addresses = route.channel === 'email' ? { fromNumber: replyAddressOf(row.id), toNumber: route.to } : { fromNumber: route.from, toNumber: route.to };
  let recorded: ClientMessage | undefined;
  try {
    const sent = await sendAnswer(route, answer, p.client, p.coach, () =>
      furtherAnswerEmail(row, p.coach, route.channel === 'email' ? route.to : '', answer, { n: answered + 1, inReplyTo: message.channel === 'email' ? message.providerMessageId : null }, p.client.language),
    );
    [recorded] = await db.insert(clientMessages).values({ ...out, ...addresses, status: 'sent', providerMessageId: sent.id }).returning();
  } catch (error) {
    log.warn({ err: error, checkInId: row.id }, 'answer to a further message not delivered');
    [recorded] = await db.insert(clientMessages).values({ ...out, ...addresses, status: 'failed', failureReason: errorText(error) }).returning();
  }
  if (recorded) publishMessage(recorded);
  return current;
}

type FollowUpStep =
  | { status: 'done'; fields: Partial<typeof checkIns.$inferInsert> }
  | { status: 'failed'; reason: string }
  /** Another worker took the row over meanwhile. */
  | { status: 'skipped' };

/**
 * The follow-up of a reply, for a claimed check-in: the AI writes it and it is stored before it is
 * texted (so a worker that dies after sending never sends it twice). A client whose coach reviews
 * follow-ups gets nothing yet: the draft waits (follow_up_status pending_review) and the coach is
 * told; POST /checkins/{id}/follow-up/approve sends it (follow-ups.ts). It goes on the check-in's
 * channel (answer-send.ts); where that cannot carry it (WhatsApp's window closed with no template)
 * nothing is written and the check-in keeps the reason. Answers the fields that settle the check-in.
 */
async function sendFollowUp(edb: EngineDb, claimed: CheckIn, p: Participants, ctx: FollowUpContext, now: Date): Promise<FollowUpStep> {
  const review = p.client.reviewFollowUps;
  const route = await answerRoute(edb.db, claimed, p.client, now);
  if (route.channel === null && route.reason === null) return { status: 'done', fields: {} };
  // A draft for review is written anyway: the route is decided again when the coach sends it.
  if (route.channel === null && !review) return { status: 'done', fields: { failureReason: route.reason } };
  let followUp: string;
  try {
    followUp = await composeFollowUp(p.coach.id, ctx);
  } catch (error) {
    return { status: 'failed', reason: `The AI could not write the follow-up: ${errorText(error)}` };
  }
  const [written] = await edb.db
    .update(checkIns)
    .set({ aiResponse: followUp, ...(review ? { followUpStatus: 'pending_review' as const } : {}), updatedAt: now })
    .where(and(eq(checkIns.id, claimed.id), eq(checkIns.claimedAt, claimed.claimedAt!)))
    .returning();
  if (!written) return { status: 'skipped' };
  if (review || route.channel === null) {
    await notify(p.coach.id, { type: 'checkin_response', message: `A follow-up to ${clientName(p.client)} is waiting for your review.` }, now);
    return { status: 'done', fields: {} };
  }
  let sent: { id: string };
  try {
    sent = await sendAnswer(route, followUp, p.client, p.coach, () => followUpEmail(claimed, p.coach, route.channel === 'email' ? route.to : '', followUp, p.client.language));
  } catch (error) {
    return { status: 'failed', reason: `The follow-up could not be delivered: ${errorText(error)}` };
  }
  return { status: 'done', fields: { followUpStatus: 'sent', followUpSentAt: now, followUpProviderMessageId: sent.id } };
}

setInlineHandlers({ processReply: (id) => processReply(id) });

// ---------------------------------------------------------------------------------------------
// No reply

/** Marks sent check-ins with no reply within the window as no_response and tells their coaches (and, after N in a row, that the client went quiet). */
export async function markNoResponse(filter: { checkInId?: string }, options: EngineOptions = {}): Promise<number> {
  const { now, edb } = resolve(options);
  const cutoff = new Date(now.getTime() - noResponseWindowMs());
  const rows = await edb.db
    .update(checkIns)
    .set({ status: 'no_response', updatedAt: now })
    .where(and(eq(checkIns.status, 'sent'), lt(checkIns.sentAt, new Date(cutoff.getTime() + 1)), filter.checkInId ? eq(checkIns.id, filter.checkInId) : undefined))
    .returning();
  if (rows.length === 0) return 0;
  const names = new Map(
    (await edb.db.select({ id: clients.id, firstName: clients.firstName, lastName: clients.lastName }).from(clients).where(anyOf(clients.id, [...new Set(rows.map((r) => r.clientId))]))).map(
      (c) => [c.id, clientName(c)],
    ),
  );
  const hours = Math.round((noResponseWindowMs() / 3_600_000) * 10) / 10;
  for (const row of rows) {
    const name = names.get(row.clientId);
    const details = { checkInId: row.id, ...(name ? { clientName: name } : {}), ...(row.aiMessage ? { question: row.aiMessage } : {}) };
    await notify(row.coachId, { type: 'missed_checkin', message: `${name ?? 'A client'} did not reply to the check-in within ${hours} h.`, details }, now);
    await publishCheckIn(row);
  }
  await noticeQuietClients(edb.db, rows, now).catch((error: unknown) => log.error({ err: error }, 'quiet-client nudges failed'));
  return rows.length;
}

import { and, asc, eq } from 'drizzle-orm';
import { composeReplyText, REPLY_LINK_VALID_MS, REPLY_PAGE_MAX_CHARS, REPLY_PAGE_RATE_LIMITS, REPLY_PAGE_TEXTS } from '@/lib/reply-page';
import type { PostReply, PostReplyResponse, ReplyAnswer, ReplyPage, ReplyPageGoal } from '@/lib/schemas/reply-page';
import { isNumericGoalType } from '@/lib/schemas/workspace';
import { signingKey } from '../../auth/secret';
import type { Executor, Transaction } from '../../db/client';
import { checkIns, clientMessages, clients, goals, type CheckIn, type Client } from '../../db/schema';
import { AppError, badRequest } from '../../http/errors';
import { hitRateLimit } from '../rate-limit';
import { coveredGoals } from './context';
import { receiveFurther } from './further-reply';
import { lockedCheckIn, OPEN, receiveInbound, respond } from './inbound';
import type { Effects } from './inbound-effects';
import { checkInIdOfToken } from './reply-address';
import { resolve, type EngineOptions } from './runtime';

/**
 * The one-tap reply page of a check-in (issue 17 §2, decision 0083). The link's token is the
 * check-in id enciphered and signed like a reply address (its own keys: scope 'reply-page'), so
 * it names one check-in, shows no id, and a made-up or altered one is refused without a database
 * read. It answers for REPLY_LINK_VALID_MS after the check-in was sent. An answer enters
 * receiveInbound() like an SMS or e-mail reply: the first one is the check-in's reply (analysis,
 * progress, follow-up on the check-in's channel); later ones are further replies in the same
 * conversation, which the AI answers too, within its bound (further-reply.ts, decision 0094).
 */

/** Nothing about why: a stranger probing links learns nothing. */
const noSuchLink = () => new AppError(404, 'NOT_FOUND', REPLY_PAGE_TEXTS.notFound);

interface Found {
  checkIn: CheckIn;
  client: Client;
  goals: ReplyPageGoal[];
  expiresAt: Date;
}

async function findByToken(db: Executor, token: string, now: Date): Promise<Found> {
  const checkInId = checkInIdOfToken(token, signingKey(), 'reply-page');
  if (!checkInId) throw noSuchLink();
  const [found] = await db.select({ checkIn: checkIns, client: clients }).from(checkIns).innerJoin(clients, eq(clients.id, checkIns.clientId)).where(eq(checkIns.id, checkInId));
  // Never sent (or failed, cancelled): there is no question to answer.
  if (!found || found.client.archived || !found.checkIn.sentAt || !found.checkIn.aiMessage) throw noSuchLink();
  const expiresAt = new Date(found.checkIn.sentAt.getTime() + REPLY_LINK_VALID_MS);
  if (now >= expiresAt) throw new AppError(410, 'LINK_EXPIRED', REPLY_PAGE_TEXTS.expired);
  const active = await db
    .select()
    .from(goals)
    .where(and(eq(goals.clientId, found.client.id), eq(goals.archived, false), eq(goals.status, 'incomplete')))
    .orderBy(asc(goals.createdAt));
  const pageGoals = coveredGoals(found.checkIn, active).map((g) => ({
    id: g.id,
    title: g.title,
    type: isNumericGoalType(g.type) ? ('numeric' as const) : ('task' as const),
    unit: g.unit,
    currentValue: isNumericGoalType(g.type) ? g.currentValue : null,
    target: g.target,
  }));
  return { ...found, goals: pageGoals, expiresAt };
}

async function pageOf(db: Executor, found: Found): Promise<ReplyPage> {
  const { checkIn, client } = found;
  const later = await db
    .select({ body: clientMessages.body, at: clientMessages.createdAt })
    .from(clientMessages)
    .where(and(eq(clientMessages.checkInId, checkIn.id), eq(clientMessages.channel, 'web')))
    .orderBy(asc(clientMessages.createdAt));
  const first = checkIn.clientResponseChannel === 'web' && checkIn.clientResponse && checkIn.respondedAt ? [{ body: checkIn.clientResponse, at: checkIn.respondedAt }] : [];
  return {
    question: checkIn.aiMessage!,
    firstName: client.firstName,
    goals: found.goals,
    answers: [...first, ...later].map((a) => ({ text: a.body, at: a.at.toISOString() })),
    expiresAt: found.expiresAt.toISOString(),
  };
}

/** GET /reply/{token}. */
export async function getReplyPage(token: string, options: EngineOptions = {}): Promise<ReplyPage> {
  const { now, edb } = resolve(options);
  return pageOf(edb.db, await findByToken(edb.db, token, now));
}

/** POST /reply/{token}: the answer as reply text, through the pipeline of every reply. */
export async function postReply(token: string, input: PostReply, ip: string, options: EngineOptions = {}): Promise<PostReplyResponse> {
  const { now, edb } = resolve(options);
  // Per address first, so guessing tokens is throttled too; per link once the link is known good.
  await hitRateLimit(REPLY_PAGE_RATE_LIMITS.ip, ip, now);
  const found = await findByToken(edb.db, token, now);
  await hitRateLimit(REPLY_PAGE_RATE_LIMITS.token, found.checkIn.id, now);

  const byId = new Map(found.goals.map((g) => [g.id, g]));
  const answers = input.answers.map((a, i) => {
    const goal = byId.get(a.goalId);
    if (!goal) throw badRequest('This goal is not part of the check-in', [{ field: `answers.${i}.goalId`, message: 'This goal is not part of the check-in' }]);
    if (goal.type === 'numeric' && a.done !== undefined) throw badRequest('A number answers this goal', [{ field: `answers.${i}.done`, message: 'A number answers this goal' }]);
    if (goal.type === 'task' && a.value !== undefined) throw badRequest('Done or not yet answers this goal', [{ field: `answers.${i}.value`, message: 'Done or not yet answers this goal' }]);
    return { goal, value: a.value, done: a.done };
  });
  const body = composeReplyText(answers, input.text);
  if (!body) throw badRequest(REPLY_PAGE_TEXTS.empty, [{ field: 'text', message: REPLY_PAGE_TEXTS.empty }]);
  if (body.length > REPLY_PAGE_MAX_CHARS) {
    const message = `The answer must be at most ${REPLY_PAGE_MAX_CHARS} characters`;
    throw badRequest(message, [{ field: 'text', message }]);
  }

  const checkInId = found.checkIn.id;
  // The same lock as an e-mailed reply to this check-in: answers to one conversation are taken in turn.
  await receiveInbound({ dedupe: null, lockKey: `checkin:${checkInId}` }, (tx, effects) => handle(tx, checkInId, body, input.answers, now, effects), options);
  return { success: true, sent: body, page: await pageOf(edb.db, await findByToken(edb.db, token, now)) };
}

async function handle(tx: Transaction, checkInId: string, body: string, answers: ReplyAnswer[], at: Date, effects: Effects) {
  const found = await lockedCheckIn(tx, checkInId);
  if (!found) throw noSuchLink();
  const { checkIn, client } = found;
  if ((OPEN as readonly string[]).includes(checkIn.status)) {
    const result = await respond(tx, checkIn, body, at, effects);
    if (result.action === 'reply') await tx.update(checkIns).set({ clientResponseChannel: 'web', clientAnswers: answers }).where(eq(checkIns.id, checkInId));
    return result;
  }
  // Answered already (by any channel): a further reply in the conversation, never a new check-in.
  return receiveFurther(tx, checkIn, client, { channel: 'web', from: 'reply page', to: 'reply page', body, at, answers }, effects, 'added on the reply page');
}

import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CheckInDto, CheckInPreview, InitiateCheckInInput, PreviewCheckInInput } from '@/lib/schemas/checkins';
import { WORKSPACE_TOASTS } from '@/lib/constants';
import { SMS_TEXTS } from '@/lib/sms';
import { afterDoneMilestones, doneMilestonesReachTarget } from '@/lib/milestone-proposals';
import { getDb } from '../../db/client';
import { checkIns, goals, milestones, type Client } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { composeCheckIn, generateMilestones } from '../../providers/ai';
import { senderNumberFor } from '../../providers/sms';
import { checkInSummary, getOwnedClient, type CoachRef } from '../clients';
import { getOwnedGoal, milestoneDto, updateGoal } from '../goals';
import { errorText } from './check-in-events';
import { aiGoals, checkInContext, coachName, coveredGoals, loadParticipants, type ContextRow } from './context';
import { consentedTriples, consentKey } from './sms-numbers';
import { quotaMessage, withinQuota } from './quota';
import { resolve, type EngineOptions } from './runtime';
import { sendCheckIn } from './send';
import { ineligibility } from './sources';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit';
import { findActiveUserById } from '../users';

function quotaError(coach: CoachRef, now: Date): AppError {
  return new AppError(403, 'PLAN_LIMIT_REACHED', quotaMessage(coach, now), { requiredAction: 'upgrade_plan' });
}

const GOAL_NOT_OPEN = 'This goal is completed or archived';

/**
 * The goals the coach chose, as a check-in row stores them: one goal is a goal check-in; several
 * are a global check-in whose `cancelledGoals` are the active goals left out (the representation
 * the scheduler, the send step and the reply analysis already read; decision 0075). Every chosen
 * goal must be an active goal of this client.
 */
async function selection(coach: CoachRef, client: Client, input: { goalId?: string | null; goalIds?: string[] }): Promise<ContextRow & { titles: Map<string, string> }> {
  const base = { clientId: client.id, cancelledGoals: [] as string[] };
  if (input.goalId) {
    const goal = await getOwnedGoal(coach.id, input.goalId);
    if (goal.clientId !== client.id) throw notFound('Goal');
    if (goal.archived || goal.status === 'completed') throw new AppError(409, 'CONFLICT', GOAL_NOT_OPEN);
    return { ...base, goalId: goal.id, titles: new Map([[goal.id, goal.title]]) };
  }
  if (!input.goalIds) return { ...base, goalId: null, titles: new Map() };
  const chosen = await getDb()
    .select()
    .from(goals)
    .where(and(inArray(goals.id, input.goalIds), eq(goals.coachId, coach.id), eq(goals.clientId, client.id)));
  if (chosen.length !== input.goalIds.length) {
    throw new AppError(404, 'NOT_FOUND', 'Goal not found', { details: [{ field: 'goalIds', message: 'One of the goals is not a goal of this client' }] });
  }
  if (chosen.some((g) => g.archived || g.status === 'completed')) {
    throw new AppError(409, 'CONFLICT', GOAL_NOT_OPEN, { details: [{ field: 'goalIds', message: GOAL_NOT_OPEN }] });
  }
  const titles = new Map(chosen.map((g) => [g.id, g.title]));
  if (chosen.length === 1) return { ...base, goalId: chosen[0]!.id, titles };
  const active = await getDb()
    .select({ id: goals.id })
    .from(goals)
    .where(and(eq(goals.clientId, client.id), eq(goals.archived, false), eq(goals.status, 'incomplete')));
  return { ...base, goalId: null, cancelledGoals: active.map((g) => g.id).filter((id) => !titles.has(id)), titles };
}

/**
 * POST /checkins/ai/preview: the message the AI would text now about the chosen goals, for the
 * coach to read and edit before anything is sent. Nothing is stored or sent, but the AI call is
 * an AI interaction like any compose (metered, refused past the plan's quota).
 */
export async function previewCheckIn(coach: CoachRef, input: PreviewCheckInInput, options: EngineOptions = {}): Promise<Omit<CheckInPreview, 'success'>> {
  const { now, edb } = resolve(options);
  const client = await getOwnedClient(coach.id, input.clientId);
  const why = ineligibility(client);
  if (why) throw new AppError(409, 'CONFLICT', why);
  const row = await selection(coach, client, input);
  if (!(await withinQuota(coach, now))) throw quotaError(coach, now);
  await hitRateLimit(RATE_LIMITS.aiPreviewCoach, coach.id, now);
  const p = await loadParticipants(edb.db, client.id);
  if (!p) throw notFound('Client');
  const ctx = await checkInContext(edb.db, row, p, now);
  let message: string;
  try {
    message = await composeCheckIn(coach.id, ctx);
  } catch (error) {
    throw new AppError(502, 'AI_FAILED', `The AI could not write the message: ${errorText(error)}`);
  }
  let consentNotice: string | null = null;
  if (client.phone) {
    const triple = { phone: client.phone, coachId: coach.id, ourNumber: senderNumberFor(client.phone) };
    if (!(await consentedTriples(edb.db, [triple])).has(consentKey(triple))) consentNotice = SMS_TEXTS.consentNotice(coachName(p.coach), client.language);
  }
  return { message, goals: coveredGoals(row, p.activeGoals).map((g) => ({ id: g.id, title: g.title })), consentNotice };
}

/**
 * POST /checkins/ai/initiate and /ai/immediate-contact: a check-in now, about one goal, some goals
 * or (neither) every active goal. Sent in the request, so the coach learns at once whether it went
 * out: answers the sent check-in and the first name it went to. A `message` (the coach's edit of a
 * preview) is sent as written: it is stored before the send step, which then skips the AI.
 */
export async function initiateCheckIn(
  coach: CoachRef,
  input: Omit<InitiateCheckInInput, 'clientId'> & { clientId: string },
  options: EngineOptions = {},
): Promise<{ checkIn: CheckInDto; clientFirstName: string }> {
  const { now, edb } = resolve(options);
  const client = await getOwnedClient(coach.id, input.clientId);
  const why = ineligibility(client);
  if (why) throw new AppError(409, 'CONFLICT', why);
  const chosen = await selection(coach, client, input);
  await hitRateLimit(RATE_LIMITS.immediateCheckInClient, client.id);
  // No quota check here: past the quota the check-in is recorded as failed (and the coach told once).
  const [row] = await edb.db
    .insert(checkIns)
    .values({
      coachId: coach.id,
      clientId: client.id,
      goalId: chosen.goalId,
      isGlobalCheckIn: !chosen.goalId,
      cancelledGoals: chosen.cancelledGoals,
      aiMessage: input.message ?? null,
      status: 'scheduled',
      scheduledFor: now,
      source: 'manual',
      // Sent below; the scheduler only picks it up again if this request dies before it is sent.
      enqueuedAt: now,
    })
    .returning();
  const outcome = await sendCheckIn(row!.id, { ...options, now, db: edb });
  const titles = chosen.titles;
  if (outcome.status === 'sent' && outcome.checkIn) {
    return { checkIn: checkInSummary(outcome.checkIn, titles), clientFirstName: client.firstName };
  }
  if (outcome.status === 'quota') throw quotaError(coach, now);
  const status = outcome.status === 'cancelled' ? 409 : 502;
  throw new AppError(status, status === 409 ? 'CONFLICT' : 'SEND_FAILED', outcome.reason ?? WORKSPACE_TOASTS.sendCheckInFailed, {
    fields: outcome.checkIn ? { checkIn: checkInSummary(outcome.checkIn, titles) } : {},
  });
}

/**
 * POST /goals/{id}/generate-milestones: AI-written milestones that follow the goal's done ones and
 * repeat none of them; `save` stores them (with `replace` in place of the ones not done yet,
 * else after them all), and stores nothing when nothing is proposed. Counts as an AI interaction,
 * but for a goal whose done milestones reach its target, which gets no call and no proposal.
 */
export async function generateGoalMilestones(coach: CoachRef, goalId: string, options: { save: boolean; replace: boolean; now?: Date }) {
  const now = options.now ?? new Date();
  const db = getDb();
  const goal = await getOwnedGoal(coach.id, goalId);
  const client = await getOwnedClient(coach.id, goal.clientId);
  const [user, [aiGoal]] = await Promise.all([findActiveUserById(coach.id), aiGoals(db, [goal])]);
  // A done milestone reached the target: nothing comes after it, and no AI interaction is spent.
  if (doneMilestonesReachTarget(aiGoal!.milestones, goal.target)) return { saved: false as const, milestones: [] };
  if (!(await withinQuota(coach, now))) throw quotaError(coach, now);
  await hitRateLimit(RATE_LIMITS.aiPreviewCoach, coach.id, now);
  let generated;
  try {
    generated = await generateMilestones(coach.id, {
      coach: { name: user ? coachName(user) : 'Your coach', survey: user?.coachingSurvey ?? null },
      goal: aiGoal!,
      clientFirstName: client.firstName,
    });
  } catch (error) {
    throw new AppError(502, 'AI_FAILED', `Failed to generate milestones: ${error instanceof Error ? error.message : String(error)}`);
  }
  // Read again: the AI took seconds, and the coach may have ticked a milestone off meanwhile. The
  // AI was asked to follow the done ones; what it answers is held to that here (decision 0112).
  const latest = await db.select().from(milestones).where(eq(milestones.goalId, goalId)).orderBy(asc(milestones.position), asc(milestones.createdAt));
  const proposed = afterDoneMilestones(generated, latest, goal.target).map((m) => ({
    title: m.title,
    description: m.description ?? null,
    targetValue: m.targetValue ?? null,
    targetPercentage: m.targetPercentage ?? null,
    completed: false,
  }));
  // Nothing to save: replacing with nothing would only remove the milestones still ahead.
  if (!options.save || proposed.length === 0) return { saved: false as const, milestones: proposed };
  // Replacing keeps the done milestones: they are the client's record, and the proposals follow them.
  const kept = (options.replace ? latest.filter((m) => m.completed) : latest).map(milestoneDto);
  const updated = await updateGoal(coach, goalId, { milestones: [...kept, ...proposed] });
  return { saved: true as const, milestones: updated.milestones, goal: updated };
}

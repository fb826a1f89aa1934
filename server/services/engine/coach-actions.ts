import { asc, eq } from 'drizzle-orm';
import type { CheckInDto } from '@/lib/schemas/checkins';
import { getDb } from '../../db/client';
import { checkIns, milestones } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { generateMilestones } from '../../providers/ai';
import { checkInSummary, getOwnedClient, type CoachRef } from '../clients';
import { getOwnedGoal, milestoneDto, updateGoal } from '../goals';
import { aiGoals, coachName } from './context';
import { quotaMessage, withinQuota } from './quota';
import { resolve, type EngineOptions } from './runtime';
import { sendCheckIn } from './send';
import { ineligibility } from './sources';
import { hitRateLimit, RATE_LIMITS } from '../rate-limit';
import { findActiveUserById } from '../users';

function quotaError(coach: CoachRef, now: Date): AppError {
  return new AppError(403, 'PLAN_LIMIT_REACHED', quotaMessage(coach, now), { requiredAction: 'upgrade_plan' });
}

/**
 * POST /checkins/ai/initiate and /ai/immediate-contact: a check-in now, about one goal or (no goal)
 * every active goal. Sent in the request, so the coach learns at once whether it went out: answers
 * the sent check-in and the first name it went to.
 */
export async function initiateCheckIn(
  coach: CoachRef,
  input: { clientId: string; goalId?: string | null },
  options: EngineOptions = {},
): Promise<{ checkIn: CheckInDto; clientFirstName: string }> {
  const { now, edb } = resolve(options);
  const client = await getOwnedClient(coach.id, input.clientId);
  const why = ineligibility(client);
  if (why) throw new AppError(409, 'CONFLICT', why);
  let goalTitle: string | null = null;
  if (input.goalId) {
    const goal = await getOwnedGoal(coach.id, input.goalId);
    if (goal.clientId !== client.id) throw notFound('Goal');
    if (goal.archived || goal.status === 'completed') throw new AppError(409, 'CONFLICT', 'This goal is completed or archived');
    goalTitle = goal.title;
  }
  await hitRateLimit(RATE_LIMITS.immediateCheckInClient, client.id);
  // No quota check here: past the quota the check-in is recorded as failed (and the coach told once).
  const [row] = await edb.db
    .insert(checkIns)
    .values({
      coachId: coach.id,
      clientId: client.id,
      goalId: input.goalId ?? null,
      isGlobalCheckIn: !input.goalId,
      status: 'scheduled',
      scheduledFor: now,
      source: 'manual',
      // Sent below; the scheduler only picks it up again if this request dies before it is sent.
      enqueuedAt: now,
    })
    .returning();
  const outcome = await sendCheckIn(row!.id, { ...options, now, db: edb });
  const titles = new Map(goalTitle && input.goalId ? [[input.goalId, goalTitle]] : []);
  if (outcome.status === 'sent' && outcome.checkIn) {
    return { checkIn: checkInSummary(outcome.checkIn, titles), clientFirstName: client.firstName };
  }
  if (outcome.status === 'quota') throw quotaError(coach, now);
  const status = outcome.status === 'cancelled' ? 409 : 502;
  throw new AppError(status, status === 409 ? 'CONFLICT' : 'SEND_FAILED', outcome.reason ?? 'Failed to send check-in', {
    fields: outcome.checkIn ? { checkIn: checkInSummary(outcome.checkIn, titles) } : {},
  });
}

/**
 * POST /goals/{id}/generate-milestones: AI-written milestones; `save` stores them (replacing the
 * goal's milestones with `replace`, else after them). Counts as an AI interaction.
 */
export async function generateGoalMilestones(coach: CoachRef, goalId: string, options: { save: boolean; replace: boolean; now?: Date }) {
  const now = options.now ?? new Date();
  const db = getDb();
  const goal = await getOwnedGoal(coach.id, goalId);
  const client = await getOwnedClient(coach.id, goal.clientId);
  if (!(await withinQuota(coach, now))) throw quotaError(coach, now);
  const [user, [aiGoal]] = await Promise.all([findActiveUserById(coach.id), aiGoals(db, [goal])]);
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
  const proposed = generated.map((m) => ({
    title: m.title,
    description: m.description ?? null,
    targetValue: m.targetValue ?? null,
    targetPercentage: m.targetPercentage ?? null,
    completed: false,
  }));
  if (!options.save) return { saved: false as const, milestones: proposed };
  const kept = options.replace
    ? []
    : (await db.select().from(milestones).where(eq(milestones.goalId, goalId)).orderBy(asc(milestones.position), asc(milestones.createdAt))).map(milestoneDto);
  const updated = await updateGoal(coach, goalId, { milestones: [...kept, ...proposed] });
  return { saved: true as const, milestones: updated.milestones, goal: updated };
}

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { WORKSPACE_VALIDATION as V } from '@/lib/constants';
import { goalTargetIssue, type UpdateGoalInput } from '@/lib/schemas/workspace';
import { getDb, type Executor } from '../db/client';
import { checkIns, goalProgressHistory, goals, goalVersions, milestones, type Goal, type Milestone } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/errors';
import { emitToUser } from '../realtime';
import { checkInSummary, currentWeek, getOwnedClient, goalSummary, type CoachRef } from './clients';
import { insertGoal, insertGoalVersion } from './goal-versions';

/**
 * A coach's goal, or 404. `forUpdate` (inside a transaction) row-locks it until the transaction
 * ends: progress is derived from the current value and the target, so a progress update and a
 * target edit of one goal must not interleave (each would compute progress from the other's stale half).
 */
export async function getOwnedGoal(coachId: string, goalId: string, db: Executor = getDb(), forUpdate = false): Promise<Goal> {
  const query = db
    .select()
    .from(goals)
    .where(and(eq(goals.id, goalId), eq(goals.coachId, coachId)))
    .limit(1);
  const [goal] = forUpdate ? await query.for('update') : await query;
  if (!goal) throw notFound('Goal');
  return goal;
}

/** Progress is trackable when the target is a positive number (product §2.5). */
export function progressPercent(currentValue: number, target: number | null): number {
  if (target === null || !(target > 0)) return 0;
  return Math.min(100, Math.round((currentValue / target) * 1000) / 10);
}

/** A milestone as the goal calls answer it. */
export function milestoneDto(m: Milestone) {
  return {
    _id: m.id,
    id: m.id,
    title: m.title,
    description: m.description,
    targetValue: m.targetValue,
    targetPercentage: m.targetPercentage,
    completed: m.completed,
    completedAt: m.completedAt?.toISOString() ?? null,
  };
}

/** Goals of a client with their milestones and this week's check-ins. */
export async function listClientGoals(coach: CoachRef, clientId: string, archived: boolean, now = new Date()) {
  await getOwnedClient(coach.id, clientId);
  const db = getDb();
  const goalRows = await db
    .select()
    .from(goals)
    .where(and(eq(goals.clientId, clientId), eq(goals.coachId, coach.id), eq(goals.archived, archived)))
    .orderBy(asc(goals.createdAt), asc(goals.id));
  if (goalRows.length === 0) return [];
  const ids = goalRows.map((g) => g.id);
  const [milestoneRows, weekRows] = await Promise.all([
    db.select().from(milestones).where(inArray(milestones.goalId, ids)).orderBy(asc(milestones.position), asc(milestones.createdAt)),
    db
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.clientId, clientId), eq(checkIns.coachId, coach.id), currentWeek(coach.timezone, now).includes))
      .orderBy(asc(checkIns.createdAt)),
  ]);
  const titles = new Map(goalRows.map((g) => [g.id, g.title]));
  return goalRows.map((g) => ({
    ...goalSummary(g),
    milestones: milestoneRows.filter((m) => m.goalId === g.id).map(milestoneDto),
    // A global check-in covers every goal it was not cancelled for.
    thisWeekCheckIns: weekRows
      .filter((c) => c.goalId === g.id || (c.isGlobalCheckIn && !c.cancelledGoals.includes(g.id)))
      .map((c) => checkInSummary(c, titles)),
  }));
}

export async function createGoal(
  coach: CoachRef,
  input: { clientId: string; title: string; type: Goal['type']; description?: string; target?: number | null; unit?: string; targetDate?: string | null },
) {
  await getOwnedClient(coach.id, input.clientId);
  const goal = await getDb().transaction((tx) =>
    insertGoal(tx, { coachId: coach.id, clientId: input.clientId, title: input.title, type: input.type, description: input.description ?? null, target: input.target ?? null, unit: input.unit ?? null, targetDate: input.targetDate ?? null }),
  );
  return { ...goalSummary(goal), milestones: [], thisWeekCheckIns: [] };
}

async function goalWithMilestones(goalId: string) {
  const db = getDb();
  const [goal] = await db.select().from(goals).where(eq(goals.id, goalId));
  const rows = await db.select().from(milestones).where(eq(milestones.goalId, goalId)).orderBy(asc(milestones.position));
  return { ...goalSummary(goal!), milestones: rows.map(milestoneDto) };
}

/** Sets the current value, keeps the history with its source and note, and tells open screens. */
export async function updateProgress(coach: CoachRef, goalId: string, input: { currentValue: number; source: 'coach' | 'ai' | 'client'; note?: string }) {
  const { goal, progress } = await getDb().transaction(async (tx) => {
    const locked = await getOwnedGoal(coach.id, goalId, tx, true);
    if (locked.target === null || !(locked.target > 0)) throw badRequest(V.progressNotEditable, [{ field: 'currentValue', message: V.progressNotEditable }]);
    const percent = progressPercent(input.currentValue, locked.target);
    await tx.update(goals).set({ currentValue: input.currentValue, progress: percent, updatedAt: sql`now()` }).where(eq(goals.id, goalId));
    await tx.insert(goalProgressHistory).values({ goalId, value: input.currentValue, progress: percent, source: input.source, note: input.note ?? null });
    return { goal: locked, progress: percent };
  });
  emitToUser(coach.id, 'goalProgressUpdated', { goalId, clientId: goal.clientId, progress });
  return goalWithMilestones(goalId);
}

/**
 * Edits title, type, description, target, unit, target date and milestones. A change to title, type, target
 * or unit writes a version-history entry with the change note.
 */
export async function updateGoal(coach: CoachRef, goalId: string, input: UpdateGoalInput) {
  await getDb().transaction(async (tx) => {
    const goal = await getOwnedGoal(coach.id, goalId, tx, true);
    // The create rule, judged on the goal as this edit would leave it.
    const after = { type: input.type ?? goal.type, target: input.target === undefined ? goal.target : input.target };
    const issue = goalTargetIssue(after, 'edit');
    if (issue) throw badRequest(issue, [{ field: 'target', message: issue }]);
    const fields = {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.type !== undefined ? { type: input.type } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.target !== undefined ? { target: input.target, progress: progressPercent(goal.currentValue, input.target) } : {}),
      ...(input.unit !== undefined ? { unit: input.unit } : {}),
      ...(input.targetDate !== undefined ? { targetDate: input.targetDate } : {}),
    };
    if (Object.keys(fields).length > 0) {
      const [updated] = await tx.update(goals).set({ ...fields, updatedAt: sql`now()` }).where(eq(goals.id, goalId)).returning();
      const versioned = input.title !== undefined || input.type !== undefined || input.target !== undefined || input.unit !== undefined;
      if (versioned) await insertGoalVersion(tx, updated!, coach.id, input.changeNote ?? null);
    }
    if (input.milestones) await replaceMilestones(tx, goalId, input.milestones);
  });
  return goalWithMilestones(goalId);
}

/** The list sent is the list kept: ids present are updated, new ones created, missing ones removed. */
async function replaceMilestones(tx: Executor, goalId: string, list: NonNullable<UpdateGoalInput['milestones']>): Promise<void> {
  const existing = await tx.select({ id: milestones.id, completed: milestones.completed }).from(milestones).where(eq(milestones.goalId, goalId));
  const known = new Map(existing.map((m) => [m.id, m]));
  const keep = new Set(list.map((m) => m.id).filter((id): id is string => Boolean(id && known.has(id))));
  const gone = existing.filter((m) => !keep.has(m.id)).map((m) => m.id);
  if (gone.length) await tx.delete(milestones).where(inArray(milestones.id, gone));
  for (const [position, m] of list.entries()) {
    const values = {
      title: m.title,
      description: m.description ?? null,
      targetValue: m.targetValue ?? null,
      targetPercentage: m.targetPercentage ?? null,
      completed: m.completed ?? false,
      position,
    };
    const before = m.id ? known.get(m.id) : undefined;
    if (before) {
      const completedAt = values.completed && !before.completed ? sql`now()` : values.completed ? undefined : null;
      await tx
        .update(milestones)
        .set({ ...values, ...(completedAt !== undefined ? { completedAt } : {}) })
        .where(eq(milestones.id, m.id!));
    } else {
      await tx.insert(milestones).values({ ...values, goalId, completedAt: values.completed ? new Date() : null });
    }
  }
}

async function setGoalState(coach: CoachRef, goalId: string, state: 'complete' | 'unarchive', note: string) {
  const fields =
    state === 'complete'
      ? { status: 'completed' as const, archived: true, completedAt: sql`now()` }
      : { status: 'incomplete' as const, archived: false, completedAt: null };
  await getDb().transaction(async (tx) => {
    // Locked: two "complete" requests at once would both pass the check and write two versions.
    const goal = await getOwnedGoal(coach.id, goalId, tx, true);
    if (state === 'complete' && goal.status === 'completed') throw new AppError(409, 'CONFLICT', 'This goal is already completed');
    const [updated] = await tx.update(goals).set({ ...fields, updatedAt: sql`now()` }).where(eq(goals.id, goalId)).returning();
    await insertGoalVersion(tx, updated!, coach.id, note);
  });
  return goalWithMilestones(goalId);
}

/** Completing a goal archives it (product §2.4). */
export const completeGoal = (coach: CoachRef, goalId: string) => setGoalState(coach, goalId, 'complete', 'Goal completed');
export const unarchiveGoal = (coach: CoachRef, goalId: string) => setGoalState(coach, goalId, 'unarchive', 'Goal restored from the archive');

export async function deleteGoal(coach: CoachRef, goalId: string): Promise<void> {
  await getOwnedGoal(coach.id, goalId);
  await getDb().delete(goals).where(and(eq(goals.id, goalId), eq(goals.coachId, coach.id)));
}

export async function versionHistory(coach: CoachRef, goalId: string) {
  await getOwnedGoal(coach.id, goalId);
  const rows = await getDb().select().from(goalVersions).where(eq(goalVersions.goalId, goalId)).orderBy(desc(goalVersions.versionDate));
  return rows.map((v) => ({
    _id: v.id,
    id: v.id,
    versionDate: v.versionDate.toISOString(),
    changeNote: v.changeNote,
    title: v.title,
    type: v.type,
    target: v.target,
    unit: v.unit,
    status: v.status,
  }));
}

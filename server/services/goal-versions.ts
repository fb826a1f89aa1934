import { goals, goalVersions, type Goal } from '../db/schema';
import type { Executor } from '../db/client';

// A goal's rows as written with their version history: below both the client service (a new
// client's first goal) and the goal service, so neither imports the other for it.

/**
 * Keeps a goal as it stands after a change in its version history; runs in the transaction that
 * made the change.
 */
export async function insertGoalVersion(tx: Executor, goal: Goal, changedBy: string, changeNote: string | null): Promise<void> {
  await tx.insert(goalVersions).values({ goalId: goal.id, changeNote, title: goal.title, type: goal.type, target: goal.target, unit: goal.unit, status: goal.status, changedBy });
}

/** Writes a new goal with its first version-history entry, in the caller's transaction. */
export async function insertGoal(tx: Executor, values: typeof goals.$inferInsert): Promise<Goal> {
  const [goal] = await tx.insert(goals).values(values).returning();
  await insertGoalVersion(tx, goal!, values.coachId, 'Goal created');
  return goal!;
}

import type { z } from 'zod';
import type { goalTypeSchema } from './schemas/workspace';

export type GoalType = z.infer<typeof goalTypeSchema>;

/**
 * The kind of goal each stored type is. `boolean` and `binary` are older names of a task (done or
 * not), `numeric` of a numeric target (product §2.3): the workspace shows them as that kind, and
 * Analytics counts them with it, so one kind never appears under two names.
 */
export const GOAL_KIND = {
  task: 'task',
  boolean: 'task',
  binary: 'task',
  progress: 'progress',
  numeric: 'progress',
  habit: 'habit',
  incremental: 'incremental',
} as const satisfies Record<GoalType, GoalType>;

export type GoalKind = (typeof GOAL_KIND)[GoalType];

export const GOAL_KIND_LABELS: Record<GoalKind, string> = {
  task: 'Task',
  progress: 'Numeric target',
  habit: 'Habit',
  incremental: 'Incremental',
};

const isGoalType = (type: string): type is GoalType => Object.hasOwn(GOAL_KIND, type);

/** A stored type's name as the coach sees it, wherever it is shown. */
export const goalTypeLabel = (type: string): string => (isGoalType(type) ? GOAL_KIND_LABELS[GOAL_KIND[type]] : type);

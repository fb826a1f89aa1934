import { z } from 'zod';
import { okSchema, timestampSchema } from '../contract/common';
import { checkInDtoSchema } from './checkins';
import { goalTypeSchema } from './workspace';

/** Goal states (product §2.3 Goal): completing a goal also archives it. */
export const goalStatusSchema = z.enum(['incomplete', 'completed']);

/** One check-in slot of a weekly schedule (lib/preferences ScheduleSlot). */
export const scheduleSlotSchema = z.object({ id: z.string(), time: z.string(), enabled: z.boolean(), goalId: z.string().optional() });

/** A weekly schedule keyed by day index 0-6, Monday = 0 (lib/preferences CheckInSchedule). */
export const checkInScheduleSchema = z.partialRecord(z.enum(['0', '1', '2', '3', '4', '5', '6']), z.array(scheduleSlotSchema));

/** A goal without its milestones, as client lists and goal calls answer it. */
export const goalSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  type: goalTypeSchema,
  description: z.string().nullable(),
  target: z.number().nullable(),
  unit: z.string().nullable(),
  currentValue: z.number(),
  /** Percent of the target reached, 0-100 (0 when the goal has no positive target). */
  progress: z.number(),
  status: goalStatusSchema,
  archived: z.boolean(),
  checkInFrequency: z.array(z.string()),
  checkInTime: z.string().nullable(),
  checkInSchedule: checkInScheduleSchema,
  /** The day the coach aims the goal to be reached by (YYYY-MM-DD, no zone), or null. */
  targetDate: z.string().nullable(),
  completedAt: timestampSchema.nullable(),
  createdAt: timestampSchema,
}).meta({ id: 'Goal' });
export type Goal = z.infer<typeof goalSchema>;

export const milestoneSchema = z.object({
  _id: z.string(),
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  targetValue: z.number().nullable(),
  targetPercentage: z.number().nullable(),
  completed: z.boolean(),
  completedAt: timestampSchema.nullable(),
}).meta({ id: 'Milestone' });
export type Milestone = z.infer<typeof milestoneSchema>;

/** A goal with its milestones, the answer of every call that changes one goal. */
export const goalWithMilestonesSchema = goalSchema.extend({ milestones: z.array(milestoneSchema) });
export type GoalWithMilestones = z.infer<typeof goalWithMilestonesSchema>;

/** A goal as GET /dashboard/client-goals/{clientId} answers it: milestones and this week's check-ins. */
export const clientGoalSchema = goalWithMilestonesSchema.extend({ thisWeekCheckIns: z.array(checkInDtoSchema) });
export type ClientGoal = z.infer<typeof clientGoalSchema>;

export const clientGoalsResponseSchema = z.object({ goals: z.array(clientGoalSchema) });

export const goalCreatedSchema = okSchema.extend({ goal: clientGoalSchema });
export const goalUpdatedSchema = okSchema.extend({ goal: goalWithMilestonesSchema });

/** One entry of a goal's version history: the goal as it stood after a change. */
export const goalVersionSchema = z.object({
  _id: z.string(),
  id: z.string(),
  versionDate: timestampSchema,
  changeNote: z.string().nullable(),
  title: z.string(),
  type: goalTypeSchema,
  target: z.number().nullable(),
  unit: z.string().nullable(),
  status: goalStatusSchema,
});
export type GoalVersion = z.infer<typeof goalVersionSchema>;

export const versionHistoryResponseSchema = z.object({ versionHistory: z.array(goalVersionSchema) });

/** An AI-written milestone not stored yet. */
export const proposedMilestoneSchema = milestoneSchema.pick({ title: true, description: true, targetValue: true, targetPercentage: true, completed: true });
export type ProposedMilestone = z.infer<typeof proposedMilestoneSchema>;

/** Without `save` the milestones are only proposed; with it they are stored and the goal comes back. */
export const generatedMilestonesSchema = z.discriminatedUnion('saved', [
  okSchema.extend({ saved: z.literal(false), milestones: z.array(proposedMilestoneSchema) }),
  okSchema.extend({ saved: z.literal(true), milestones: z.array(milestoneSchema), goal: goalWithMilestonesSchema }),
]);

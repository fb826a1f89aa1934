import { z } from 'zod';
import { okWithMessageSchema, paginationSchema, timestampSchema } from '../contract/common';

/** A check-in's status as the API names it: a queued ('scheduled') one is 'upcoming'. */
export const checkInDtoStatusSchema = z.enum(['upcoming', 'sent', 'responded', 'completed', 'no_response', 'missed', 'cancelled', 'failed']);

/** What one check-in reply did to one goal, as the coach sees it ("4,200 → 6,500 steps"). */
export const progressUpdateSchema = z.object({
  goalId: z.string(),
  title: z.string(),
  /** Null for a goal without a number (a task said done). */
  from: z.number().nullable(),
  to: z.number().nullable(),
  unit: z.string().nullable(),
  completed: z.boolean(),
});
export type ProgressUpdate = z.infer<typeof progressUpdateSchema>;

export const checkInDtoSchema = z.object({
  _id: z.string(),
  id: z.string(),
  status: checkInDtoStatusSchema,
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  scheduledFor: timestampSchema.nullable(),
  sentAt: timestampSchema.nullable(),
  respondedAt: timestampSchema.nullable(),
  /** The one goal it asks about; null for a check-in about every active goal. */
  goal: z.object({ _id: z.string(), id: z.string(), title: z.string() }).nullable(),
  isGlobalCheckIn: z.boolean(),
  /** Goals a global check-in leaves out. */
  cancelledGoals: z.array(z.string()),
  aiMessage: z.string().nullable(),
  clientResponse: z.string().nullable(),
  aiResponse: z.string().nullable(),
  coachSummary: z.string().nullable(),
  insights: z.array(z.string()),
  executiveSummary: z.string().nullable(),
  motivation: z.string().nullable(),
  engagementAssessment: z.string().nullable(),
  concerns: z.array(z.string()),
  /** The value the reply gave the check-in's own goal (a global one: its only moved numeric goal). */
  value: z.number().nullable(),
  /** Every goal the reply moved. */
  progressUpdates: z.array(progressUpdateSchema),
  /** Why a check-in failed, was cancelled or missed (the AI check-in engine). */
  failureReason: z.string().nullable(),
}).meta({ id: 'CheckIn' });
export type CheckInDto = z.infer<typeof checkInDtoSchema>;

export const executiveSummarySchema = z.object({ id: z.string(), summary: z.string().nullable(), date: timestampSchema });

/** A page of a client's check-ins, newest first; the executive summaries only when asked for. */
export const checkInPageSchema = z.object({
  checkIns: z.array(checkInDtoSchema),
  pagination: paginationSchema,
  executiveSummaries: z.array(executiveSummarySchema).optional(),
});
export type CheckInPage = z.infer<typeof checkInPageSchema>;

export const checkInChangedSchema = okWithMessageSchema.extend({ checkIn: checkInDtoSchema });
export type CheckInChanged = z.infer<typeof checkInChangedSchema>;

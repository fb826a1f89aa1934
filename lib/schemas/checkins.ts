import { z } from 'zod';
import { CLIENT_CHANNELS } from '../channels';
import { okSchema, okWithMessageSchema, paginationSchema, timestampSchema } from '../contract/common';
import { WORKSPACE_VALIDATION } from '../constants';
import { COACH_MESSAGE_MAX_CHARS } from '../sms';
import { deliverySchema } from './thread';

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
  /** When the coach undid this change (the goal went back to `from`); absent while it stands. */
  undoneAt: timestampSchema.optional(),
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
  /** The channel it went by (null until sent), and why that was a fallback instead of the client's own (decision 0084). */
  channel: z.enum(CLIENT_CHANNELS).nullable(),
  channelNote: z.string().nullable(),
  /** What became of the follow-up (`aiResponse`): texted, waiting for the coach's review, or discarded; null while none was written. */
  followUpStatus: z.enum(['sent', 'pending_review', 'discarded']).nullable(),
  followUpSentAt: timestampSchema.nullable(),
  /** What the provider said became of the check-in message, and of the follow-up (decision 0085); null while nothing was heard. */
  delivery: deliverySchema.nullable(),
  followUpDelivery: deliverySchema.nullable(),
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

/** POST /checkins/hold: one check-in of a schedule, named by its slot key (client:date:time[:goal]), as the reminder links it. */
export const holdCheckInSchema = z.object({ key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(120, 'Not a check-in of a schedule') });
export type HoldCheckInInput = z.infer<typeof holdCheckInSchema>;
/** The held check-in as the history shows it (cancelled, "Held by you…"); `alreadyHeld` when it was before this call. */
export const checkInHeldSchema = checkInChangedSchema.extend({ alreadyHeld: z.boolean() });
export type CheckInHeld = z.infer<typeof checkInHeldSchema>;

/** The check-in and the goal whose change from that check-in's reply the coach undoes. */
export const checkInGoalParamSchema = z.object({ id: z.string().uuid('Not a valid id'), goalId: z.string().uuid('Not a valid goal id') });

/** The undone change: the check-in as the history shows it, and the goal as it stands now. */
export const progressUndoneSchema = checkInChangedSchema.extend({
  goal: z.object({ id: z.string(), clientId: z.string(), currentValue: z.number(), progress: z.number() }),
});
export type ProgressUndone = z.infer<typeof progressUndoneSchema>;

export const PROGRESS_UNDO_MESSAGES = {
  notInUpdate: 'This check-in did not change that goal',
  alreadyUndone: 'This change was already undone',
  noValue: 'This change set no value, so there is nothing to undo',
  goalCompleted: 'The goal was marked complete since; restore it before undoing this change',
  changedSince: (title: string, now: string) => `"${title}" has changed since this reply (now ${now}); undoing would overwrite the newer value`,
  undone: (title: string, back: string) => `${title} back to ${back}`,
} as const;

export const FOLLOW_UP_MESSAGES = {
  emptyMessage: 'The message is empty',
  tooLong: `The message is longer than ${COACH_MESSAGE_MAX_CHARS} characters`,
  noGoals: 'Choose at least one goal',
  goalIdAndGoalIds: 'Send either goalId or goalIds, not both',
} as const;

/** A text the coach wrote or edited: sent exactly as given (after trimming), so its length is checked here. */
export const coachMessageSchema = z
  .string({ error: FOLLOW_UP_MESSAGES.emptyMessage })
  .trim()
  .min(1, FOLLOW_UP_MESSAGES.emptyMessage)
  .max(COACH_MESSAGE_MAX_CHARS, FOLLOW_UP_MESSAGES.tooLong);

const goalIdsSchema = z
  .array(z.string().uuid('Not a valid goal id'))
  .min(1, FOLLOW_UP_MESSAGES.noGoals)
  .max(100)
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /checkins/ai/preview: the message the AI would send now about these goals (all active
 * goals without `goalIds`). Nothing is sent or stored.
 */
export const previewCheckInSchema = z.object({
  clientId: z.string({ error: WORKSPACE_VALIDATION.clientIdMissing }).uuid(WORKSPACE_VALIDATION.clientIdMissing),
  goalIds: goalIdsSchema.optional(),
});
export type PreviewCheckInInput = z.infer<typeof previewCheckInSchema>;

export const checkInPreviewSchema = okSchema.extend({
  /** The AI's message, as it would be sent (without the consent notice). */
  message: z.string(),
  /** The goals it is about, in the client's order. */
  goals: z.array(z.object({ id: z.string(), title: z.string() })),
  /** Put before the message when sent: this is the first text from this coach to the client's number. Null otherwise. */
  consentNotice: z.string().nullable(),
});
export type CheckInPreview = z.infer<typeof checkInPreviewSchema>;

/**
 * POST /checkins/ai/initiate: a check-in now about one goal (`goalId`), some (`goalIds`) or every
 * active goal (neither). With `message` that text is sent as written instead of an AI one.
 */
export const initiateCheckInSchema = z
  .object({
    clientId: z.string({ error: WORKSPACE_VALIDATION.clientIdMissing }).uuid(WORKSPACE_VALIDATION.clientIdMissing),
    goalId: z.string().uuid('Not a valid goal id').nullable().optional(),
    goalIds: goalIdsSchema.optional(),
    message: coachMessageSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.goalId && v.goalIds) ctx.addIssue({ code: 'custom', path: ['goalIds'], message: FOLLOW_UP_MESSAGES.goalIdAndGoalIds });
  });
export type InitiateCheckInInput = z.infer<typeof initiateCheckInSchema>;

/** A follow-up the AI wrote that waits for the coach (the client's "review AI follow-ups" is on). */
export const followUpForReviewSchema = z.object({
  checkIn: checkInDtoSchema,
  client: z.object({ id: z.string(), firstName: z.string(), lastName: z.string() }),
  /** The AI's follow-up as it would be sent. */
  draft: z.string(),
});
export type FollowUpForReview = z.infer<typeof followUpForReviewSchema>;

export const followUpQueueSchema = okSchema.extend({ followUps: z.array(followUpForReviewSchema) });
export type FollowUpQueue = z.infer<typeof followUpQueueSchema>;

/** POST /checkins/{id}/follow-up/approve: the draft, or the coach's edit of it, is texted as given. */
export const approveFollowUpSchema = z.object({ message: coachMessageSchema.optional() });

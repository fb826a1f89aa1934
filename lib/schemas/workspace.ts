import { z } from 'zod';
import { DEFAULT_CHECK_IN_TIME, WEEKDAYS, WORKSPACE_VALIDATION as V } from '../constants';
import { isCalendarDate, TARGET_DATE_RANGE } from '../nudges';
import { timezoneSchema } from './account';
import { channelFieldIssues, clientChannelFieldsSchema } from './client-channel';
import { clientLanguageSchema } from './languages';
import { textTypeError } from './text-field';

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the HH:MM format (e.g. 09:00, 14:30)');
const TARGET_DATE_MESSAGE = 'Enter the target date as YYYY-MM-DD, a real calendar date';
/** `field` is the payload's name for it, used when the value sent is not text (textTypeError). */
const required = (message: string, field: string) => z.string({ error: textTypeError(field, message) }).trim().min(1, { error: message, abort: true });

/** US numbers only on client creation (product §2.5). */
export const US_PHONE_PATTERN = /^\+1\d{10}$/;

/**
 * Edit-client normalisation: 10 digits gain +1, 11 digits starting with 1 gain +; anything else
 * is refused. Returns null when the number cannot be normalised.
 */
export function normaliseClientPhone(input: string): string | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

/**
 * What creating or editing a client answers (409, naming the field) when another client of the same
 * coach already has the e-mail address or the phone number (decision 0111).
 */
export const CLIENT_CONTACT_TAKEN = {
  email: 'You already have a client with this email',
  phone: 'You already have a client with this phone number',
} as const;

export const goalTypeSchema = z.enum(['task', 'boolean', 'progress', 'numeric', 'habit', 'binary', 'incremental'], { error: V.goalTypeRequired });

/** Goal types that measure a number toward a target. */
export const NUMERIC_GOAL_TYPES = ['progress', 'numeric', 'habit', 'incremental'] as const;
export const isNumericGoalType = (type: string) => (NUMERIC_GOAL_TYPES as readonly string[]).includes(type);

export const scheduleEntrySchema = z.object({
  time: required(V.scheduleEntry, 'time').pipe(hhmm),
  days: z.array(z.number().int().min(0).max(6)).min(1, V.scheduleEntry),
});

export const createClientSchema = z
  .object({
    firstName: required(V.clientRequired, 'firstName').pipe(z.string().max(80)),
    lastName: required(V.clientRequired, 'lastName').pipe(z.string().max(80)),
    email: required(V.clientRequired, 'email').pipe(z.string().email('Please enter a valid email address').max(254)).transform((v) => v.toLowerCase()),
    phone: required(V.clientRequired, 'phone').pipe(z.string().regex(US_PHONE_PATTERN, V.clientPhoneFormat)),
    timezone: timezoneSchema.optional(),
    language: clientLanguageSchema.optional(),
    goalTitle: z.string().trim().max(200).optional(),
    goalType: z.enum(['task', 'progress']).default('task'),
    metric: z.string().trim().max(40).optional(),
    // An empty form field (null or '') is a missing target, not a target of 0.
    targetValue: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.coerce.number().positive('Target value must be greater than 0').optional()),
    /** The first goal's own weekly check-ins: these weekdays at `checkInTime`. */
    checkInFrequency: z.array(z.enum(WEEKDAYS)).default([]),
    checkInTime: hhmm.default(DEFAULT_CHECK_IN_TIME),
    scheduledCheckIns: z.array(scheduleEntrySchema).max(21).default([]),
    ...clientChannelFieldsSchema.shape,
  })
  .superRefine((v, ctx) => {
    const channelIssue = channelFieldIssues(v);
    if (channelIssue) ctx.addIssue({ code: 'custom', ...channelIssue });
    if (!v.goalTitle || v.goalType !== 'progress') return;
    if (v.targetValue === undefined) ctx.addIssue({ code: 'custom', path: ['targetValue'], message: V.targetRequired });
    if (!v.metric) ctx.addIssue({ code: 'custom', path: ['metric'], message: V.unitRequired });
  });
export type CreateClientInput = z.infer<typeof createClientSchema>;

export const updateClientSchema = z.object({
  username: z.string().trim().max(60).optional(),
  firstName: required('First name is required', 'firstName').pipe(z.string().max(80)),
  lastName: required('Last name is required', 'lastName').pipe(z.string().max(80)),
  email: required('Email is required', 'email').pipe(z.string().email('Please enter a valid email address').max(254)).transform((v) => v.toLowerCase()),
  phone: required('Phone number is required', 'phone').transform((v, ctx) => {
    const normalised = normaliseClientPhone(v);
    if (!normalised) {
      ctx.addIssue({ code: 'custom', message: V.editPhoneFormat });
      return z.NEVER;
    }
    return normalised;
  }),
  timezone: timezoneSchema.optional(),
  /** What check-ins to the client are written in; unchanged when left out. */
  language: clientLanguageSchema.optional(),
  /** The coach reads each AI follow-up before it is texted (decision 0075); unchanged when left out. */
  reviewFollowUps: z.boolean({ error: 'Review AI follow-ups must be true or false' }).optional(),
  /** Texted check-ins carry the reply page's link (decision 0083); unchanged when left out. */
  replyLinkInTexts: z.boolean({ error: 'Add a reply link to texts must be true or false' }).optional(),
  ...clientChannelFieldsSchema.shape,
}).superRefine((v, ctx) => {
  const channelIssue = channelFieldIssues(v);
  if (channelIssue) ctx.addIssue({ code: 'custom', ...channelIssue });
});
export type UpdateClientInput = z.infer<typeof updateClientSchema>;

const optionalNumber = z.union([z.number(), z.null()]).optional();

/**
 * A goal's target date: a real calendar date. A past one is accepted (decision 0091): the coach may
 * record a deadline already missed, and the goal card then says Overdue.
 */
export const targetDateSchema = z
  .string({ error: TARGET_DATE_MESSAGE })
  .refine(isCalendarDate, TARGET_DATE_MESSAGE)
  .refine((d) => d >= TARGET_DATE_RANGE.min && d <= TARGET_DATE_RANGE.max, `Choose a date between ${TARGET_DATE_RANGE.min.slice(0, 4)} and ${TARGET_DATE_RANGE.max.slice(0, 4)}`);


/**
 * The target rule of a goal, judged on the goal as it stands after a create or an edit: a type that
 * measures a number needs a positive target (product §2.3); any other type may have none. An edit
 * that breaks it is refused, so no goal is left with progress that cannot be edited. Answers the
 * message, or null when the goal is fine; an edit of an incremental goal says it in the spec's edit words.
 */
export function goalTargetIssue(goal: { type: string; target: number | null }, change: 'create' | 'edit'): string | null {
  if (!isNumericGoalType(goal.type) || (goal.target !== null && goal.target > 0)) return null;
  return change === 'edit' && goal.type === 'incremental' ? V.targetGreaterThanZero : V.goalTargetRequired;
}

const MILESTONE_TARGET_MESSAGE = 'Milestone target value must be a number greater than 0';

export const createGoalSchema = z
  .object({
    clientId: z.string({ error: V.clientIdMissing }).uuid(V.clientIdMissing),
    title: required(V.goalTitleRequired, 'title').pipe(z.string().max(200)),
    type: goalTypeSchema,
    description: z.string().trim().max(2000).optional(),
    target: optionalNumber,
    unit: z.string().trim().max(40).optional(),
    targetDate: targetDateSchema.optional().nullable(),
  })
  .superRefine((v, ctx) => {
    const issue = goalTargetIssue({ type: v.type, target: v.target ?? null }, 'create');
    if (issue) ctx.addIssue({ code: 'custom', path: ['target'], message: issue });
  });

export const milestoneInputSchema = z.object({
  id: z.string().uuid().optional(),
  title: required('Milestone title is required', 'title').pipe(z.string().max(200)),
  description: z.string().trim().max(1000).optional().nullable(),
  // Checked here for new and kept milestones alike: the list sent is the list kept.
  targetValue: z.number({ error: MILESTONE_TARGET_MESSAGE }).positive(MILESTONE_TARGET_MESSAGE).optional().nullable(),
  targetPercentage: z.number().min(0).max(100).optional().nullable(),
  completed: z.boolean().optional(),
});

export const updateGoalSchema = z
  .object({
    title: z.string().trim().min(1, V.goalTitleRequired).max(200).optional(),
    /** The goal's new type; the target rule is then judged with it (goalTargetIssue). */
    type: goalTypeSchema.optional(),
    description: z.string().trim().max(2000).optional().nullable(),
    target: optionalNumber,
    unit: z.string().trim().max(40).optional().nullable(),
    /** null removes the target date. */
    targetDate: targetDateSchema.optional().nullable(),
    changeNote: z.string().trim().max(500).optional(),
    milestones: z.array(milestoneInputSchema).max(50).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type UpdateGoalInput = z.infer<typeof updateGoalSchema>;

export const goalProgressSchema = z.object({
  currentValue: z.number({ error: 'currentValue must be a number' }).finite().min(0, 'Progress cannot be negative'),
  client: z.string().uuid().optional(),
  source: z.enum(['coach', 'ai', 'client']).default('coach'),
  note: z.string().trim().max(500).optional(),
});

export const checkInHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  withSummaries: z.enum(['true', 'false']).optional().transform((v) => v === 'true'),
  goalId: z.string().uuid().optional(),
});

export const scheduleCheckInSchema = z.object({
  dayIndex: z.number({ error: V.scheduleEntry }).int().min(0).max(6),
  time: hhmm,
  goalId: z.string().uuid().optional().nullable(),
});

export const removeCheckInSchema = z.object({
  dayIndex: z.number().int().min(0).max(6),
  checkInId: z.string().min(1),
  time: hhmm.optional(),
  goalId: z.string().uuid().optional().nullable(),
});

export const toggleCheckInSchema = z.object({
  dayIndex: z.number().int().min(0).max(6),
  goalId: z.string().uuid().optional().nullable(),
  /** One slot to switch (by its id); without it the whole day. */
  checkInId: z.string().min(1).optional(),
});

export const cancelForGoalSchema = z.object({ goalId: z.string().uuid(), clientId: z.string().uuid() });

export const clientIdParamSchema = z.object({ clientId: z.string().uuid('Not a valid client id') });

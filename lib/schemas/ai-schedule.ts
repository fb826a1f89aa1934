import { z } from 'zod';
import { okSchema, okWithMessageSchema, timestampSchema } from '../contract/common';
import { DEFAULT_CHECK_IN_TIME, WEEKDAYS, WORKSPACE_VALIDATION } from '../constants';
import { inputExcerpt } from '../input-excerpt';
import { isSupportedTimezone } from '../timezones';
import { aiScheduleDayNames } from '../ai-schedule-days';
import { PLACEHOLDER_LIST, unknownPlaceholders } from '../prompt-template';

/** Texts of product §2.5 "Schedule (AI scheduling)". */
export const AI_SCHEDULE_MESSAGES = {
  // The sent values are quoted only as short excerpts: a 100 KB "time" was echoed whole.
  invalidTime: (time: string) => `Invalid time format: ${inputExcerpt(time)}. Use HH:MM format (e.g., 09:00, 14:30)`,
  noDays: 'Please select at least one day of the week',
  invalidDays: (days: string[]) => `Invalid day values: ${days.map((d) => inputExcerpt(d)).join(', ')}`,
  noTimeSlots: 'Please add at least one time slot',
  // Not in the spec: an empty slot read "Invalid time format: ." (no time to quote), and two equal
  // slots were merged silently, so the coach saved one check-in where they saw two.
  timeRequired: 'Please enter a time (HH:MM)',
  duplicateTime: 'Each time can be chosen once',
  // A misspelt placeholder ({firstname}) is not filled in: the client would get the braces.
  unknownPlaceholders: (tokens: string[]) =>
    `Unknown placeholder${tokens.length > 1 ? 's' : ''} ${tokens.map((t) => inputExcerpt(t)).join(', ')}: use ${PLACEHOLDER_LIST}`,
} as const;

/** New schedules run Monday to Friday at 09:00 unless told otherwise (product §2.5). */
export const DEFAULT_AI_SCHEDULE_DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'] as const;
export const DEFAULT_AI_SCHEDULE_SLOT = { time: DEFAULT_CHECK_IN_TIME } as const;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/**
 * The schedule data of POST /ai-schedule/create and /ai/schedule-check-in. Every bad time and day
 * is reported with the spec's own message.
 */
export const aiScheduleSchema = z
  .object({
    clientId: z.string({ error: WORKSPACE_VALIDATION.clientIdMissing }).uuid(WORKSPACE_VALIDATION.clientIdMissing),
    goalId: z.string().uuid('Not a valid goal id').nullable().optional(),
    timeSlots: z
      .array(z.union([z.object({ time: z.string({ error: AI_SCHEDULE_MESSAGES.invalidTime('(missing)') }) }), z.string()]))
      .max(24)
      .optional(),
    clientTimezone: z.string().refine(isSupportedTimezone, 'Please choose a valid timezone').optional(),
    clientTimezoneOffset: z.number().optional(),
    frequency: z.enum(['custom', 'daily', 'weekdays']).default('custom'),
    customDays: z.array(z.string()).max(7).optional(),
    promptTemplate: z.string().max(1000).default(''),
  })
  .transform((v, ctx) => {
    const rawSlots = v.timeSlots ?? [DEFAULT_AI_SCHEDULE_SLOT];
    const times = rawSlots.map((s) => (typeof s === 'string' ? s : s.time).trim());
    if (times.length === 0) ctx.addIssue({ code: 'custom', path: ['timeSlots'], message: AI_SCHEDULE_MESSAGES.noTimeSlots });
    times.forEach((time, i) => {
      const path = ['timeSlots', i, 'time'];
      if (time === '') ctx.addIssue({ code: 'custom', path, message: AI_SCHEDULE_MESSAGES.timeRequired });
      else if (!HHMM.test(time)) ctx.addIssue({ code: 'custom', path, message: AI_SCHEDULE_MESSAGES.invalidTime(time) });
      // The later copy is the one marked: it is the slot the coach just added or changed.
      else if (times.indexOf(time) < i) ctx.addIssue({ code: 'custom', path, message: AI_SCHEDULE_MESSAGES.duplicateTime });
    });
    const rawDays = v.customDays ?? [...DEFAULT_AI_SCHEDULE_DAYS];
    const days = rawDays.map((d) => d.trim().toLowerCase());
    if (v.frequency === 'custom' && days.length === 0) ctx.addIssue({ code: 'custom', path: ['customDays'], message: AI_SCHEDULE_MESSAGES.noDays });
    const invalid = rawDays.filter((_, i) => !(WEEKDAYS as readonly string[]).includes(days[i]!));
    if (invalid.length) ctx.addIssue({ code: 'custom', path: ['customDays'], message: AI_SCHEDULE_MESSAGES.invalidDays(invalid) });
    const unknown = unknownPlaceholders(v.promptTemplate);
    if (unknown.length) ctx.addIssue({ code: 'custom', path: ['promptTemplate'], message: AI_SCHEDULE_MESSAGES.unknownPlaceholders(unknown) });
    return {
      clientId: v.clientId,
      goalId: v.goalId ?? null,
      timeSlots: [...times].sort().map((time) => ({ time })),
      clientTimezone: v.clientTimezone,
      frequency: v.frequency,
      // Kept in weekday order, each once. `daily` and `weekdays` name their days themselves: the days
      // sent with them (or the Monday-to-Friday default) are not what the schedule runs on (decision 0110).
      customDays: aiScheduleDayNames({ frequency: v.frequency, customDays: WEEKDAYS.filter((d) => days.includes(d)) }),
      promptTemplate: v.promptTemplate.trim(),
    };
  });
export type AiScheduleInput = z.output<typeof aiScheduleSchema>;

export const immediateContactSchema = z.object({
  _id: z.string({ error: WORKSPACE_VALIDATION.clientIdMissing }).uuid(WORKSPACE_VALIDATION.clientIdMissing),
  goalId: z.string().uuid('Not a valid goal id').nullable().optional(),
});

const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => v === 'true' || v === '1');

export const generateMilestonesQuerySchema = z.object({ save: flag, replace: flag });

export const goalIdParamSchema = z.object({ goalId: z.string().uuid('Not a valid goal id') });

/** A schedule as the AI scheduling calls answer it (product §2.3 Schedule), with its next instants. */
export const aiScheduleResponseSchema = z.object({
  _id: z.string(),
  id: z.string(),
  clientId: z.string(),
  /** Null for a schedule about every active goal of the client. */
  goalId: z.string().nullable(),
  timeSlots: z.array(z.object({ time: z.string() })),
  clientTimezone: z.string(),
  /** Minutes east of UTC today (so it follows daylight saving time). */
  clientTimezoneOffset: z.number(),
  frequency: z.string(),
  /** The days it runs on (lowercase names, Monday first): all seven for `daily`, Monday to Friday for `weekdays`. */
  customDays: z.array(z.string()),
  promptTemplate: z.string(),
  active: z.boolean(),
  /** Paused by the coach: kept with its data, but texts nothing until resumed (decision 0079). */
  paused: z.boolean(),
  pausedAt: timestampSchema.nullable(),
  /** The next instants it texts at (up to five in the coming 15 days); empty once stopped or while paused. */
  nextCheckIns: z.array(timestampSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type AiSchedule = z.infer<typeof aiScheduleResponseSchema>;

export const savedAiScheduleSchema = okWithMessageSchema.extend({ schedule: aiScheduleResponseSchema });
export const clientAiSchedulesSchema = okSchema.extend({ schedules: z.array(aiScheduleResponseSchema) });
/** `schedule` is the newest of them, null when the goal has none. */
export const goalAiSchedulesSchema = clientAiSchedulesSchema.extend({ schedule: aiScheduleResponseSchema.nullable() });

export const timezoneOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Minutes east of UTC today. */
  offset: z.number(),
});
export type TimezoneOption = z.infer<typeof timezoneOptionSchema>;
export const timezonesResponseSchema = z.object({ timezones: z.array(timezoneOptionSchema) });

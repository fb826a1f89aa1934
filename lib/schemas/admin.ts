import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { ADMIN_ROLES, ADMIN_LEVELS } from '../admin-permissions';
import { ADMIN_DATE_RANGES, ADMIN_LIMITS, ADMIN_PLANS, ADMIN_VALIDATION as V, PASSWORD_MIN_LENGTH, type AdminPlanId } from '../constants';
import { isSupportedTimezone } from '../timezones';

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Local midnight of a YYYY-MM-DD day in a zone, `plusDays` later. Years are checked against the
 * report bounds first: Date's constructors read a year below 100 as 19xx.
 */
function zonedMidnight(value: string, timezone: string, plusDays = 0): Date | null {
  const m = DATE_ONLY.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < EARLIEST.getUTCFullYear() || y > LATEST_DAY.getUTCFullYear()) return null;
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) return null;
  return new Date(new TZDate(y, mo - 1, d + plusDays, timezone).getTime());
}

const EARLIEST = new Date(`${ADMIN_DATE_RANGES.earliest}T00:00:00Z`);
const LATEST_DAY = new Date(`${ADMIN_DATE_RANGES.latest}T00:00:00Z`);
/** An end date on the last allowed day ends the day after, in the zone furthest behind UTC. */
const LATEST = new Date(LATEST_DAY.getTime() + 2 * DAY_MS);
const withinBounds = (d: Date | null): d is Date => d !== null && !Number.isNaN(d.getTime()) && d >= new Date(EARLIEST.getTime() - DAY_MS) && d <= LATEST;

/** A date-only value or a full ISO instant. */
const dateParam = z
  .string()
  .trim()
  .max(40)
  .refine((v) => DATE_ONLY.test(v) || !Number.isNaN(Date.parse(v)), 'Use a date (YYYY-MM-DD) or an ISO 8601 timestamp')
  .optional();

export interface DateRange {
  /** Inclusive start. */
  from: Date;
  /** Exclusive end. */
  to: Date;
  timezone: string;
}

/**
 * `?startDate&endDate&timezone` of the admin reports. A date-only start means that day's local
 * midnight; a date-only end includes that whole day. Timestamps are taken as given (the end
 * inclusive). Without values: the last 30 days (spec 02 §9). `timezone` (IANA, default UTC)
 * places day, week and month buckets.
 */
export const dateRangeQuerySchema = z
  .object({
    startDate: dateParam,
    endDate: dateParam,
    timezone: z
      .string()
      .max(64)
      .refine(isSupportedTimezone, 'Unknown timezone')
      .optional(),
  })
  .transform((q, ctx): DateRange => {
    const timezone = q.timezone ?? 'UTC';
    const now = new Date();
    // A date-only value is a calendar day (an impossible one, like 30 February, is refused).
    const bound = (value: string, plusDays: number, plusMs: number) =>
      DATE_ONLY.test(value) ? zonedMidnight(value, timezone, plusDays) : new Date(Date.parse(value) + plusMs);
    const to = q.endDate ? bound(q.endDate, 1, 1) : now;
    if (!withinBounds(to)) {
      ctx.addIssue({ code: 'custom', message: V.dateOutOfRange, path: ['endDate'] });
      return z.NEVER;
    }
    const from = q.startDate ? bound(q.startDate, 0, 0) : new Date(to.getTime() - ADMIN_DATE_RANGES.defaultDays * DAY_MS);
    if (!withinBounds(from)) {
      ctx.addIssue({ code: 'custom', message: V.dateOutOfRange, path: ['startDate'] });
      return z.NEVER;
    }
    if (from.getTime() >= to.getTime()) {
      ctx.addIssue({ code: 'custom', message: V.dateRangeOrder, path: ['startDate'] });
      return z.NEVER;
    }
    return { from, to, timezone };
  });

export const timezoneQuerySchema = z.object({
  timezone: z.string().max(64).refine(isSupportedTimezone, 'Unknown timezone').optional().default('UTC'),
});

const required = (message: string, max = 80) => z.string({ error: message }).trim().min(1, { error: message, abort: true }).max(max, `Must be at most ${max} characters`);

const email = z
  .string({ error: V.emailRequired })
  .trim()
  .min(1, { error: V.emailRequired, abort: true })
  .max(254, V.invalidEmail)
  .email(V.invalidEmail)
  .transform((v) => v.toLowerCase());

const username = z
  .string({ error: V.usernameRequired })
  .trim()
  .min(1, { error: V.usernameRequired, abort: true })
  .min(2, 'Username must be at least 2 characters')
  .max(40, 'Username must be at most 40 characters');

/** Minimum 8 (spec 02 §9); the server also refuses the most common passwords. */
export const adminPassword = z
  .string({ error: V.passwordRequired })
  .min(1, { error: V.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: V.passwordTooShort, abort: true })
  .max(128, 'Password must be at most 128 characters');

const role = z.enum(ADMIN_ROLES, { error: V.roleInvalid });
const adminLevel = z.enum(ADMIN_LEVELS, { error: 'Admin level must be basic, intermediate or full' });

/** Spec 02 §3 New admin payload, plus an optional admin level (default full). */
export const createAdminSchema = z.object({
  username,
  email,
  firstName: required(V.firstNameRequired),
  lastName: required(V.lastNameRequired),
  password: adminPassword,
  role,
  adminLevel: adminLevel.optional().default('full'),
});
export type CreateAdminInput = z.infer<typeof createAdminSchema>;
/** The form's values before the schema fills defaults. */
export type CreateAdminForm = z.input<typeof createAdminSchema>;

const optionalPhone = z
  .string()
  .trim()
  .max(32)
  .optional()
  .nullable()
  .transform((v) => (v ? v.replace(/[\s().-]/g, '') : null))
  .refine((v) => v === null || /^\+?[1-9]\d{0,14}$/.test(v), 'Please enter a valid phone number');

/** The Edit form of Admin Management. */
export const editAdminFormSchema = z.object({
  username,
  email,
  firstName: required(V.firstNameRequired),
  lastName: required(V.lastNameRequired),
  role,
  adminLevel,
});
export type EditAdminForm = z.infer<typeof editAdminFormSchema>;

/** PUT /admin/users/{id}: any of the form's fields, plus phone. */
export const updateAdminSchema = editAdminFormSchema
  .partial()
  .extend({ phone: optionalPhone.optional() })
  .refine((v) => Object.values(v).some((x) => x !== undefined), 'Nothing to update');
export type UpdateAdminInput = z.infer<typeof updateAdminSchema>;

/** Spec 02 §5 Admin profile form: username, e-mail, first and last name required; phone optional. */
export const adminProfileSchema = z.object({
  username,
  email,
  firstName: required(V.firstNameRequired),
  lastName: required(V.lastNameRequired),
  phone: optionalPhone,
  /** Needed only when the e-mail address changes (the change is confirmed from the new address). */
  currentPassword: z.string().max(256).optional(),
});
export type AdminProfileInput = z.infer<typeof adminProfileSchema>;

export const adminPasswordSchema = z.object({
  currentPassword: z.string({ error: V.currentPasswordRequired }).min(1, V.currentPasswordRequired).max(256),
  newPassword: adminPassword,
});

export const adminPasswordFormSchema = adminPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, { message: V.passwordsDoNotMatch, path: ['confirmPassword'] });
export type AdminPasswordForm = z.infer<typeof adminPasswordFormSchema>;

const ADMIN_PLAN_IDS = ADMIN_PLANS.map((p) => p.id) as [AdminPlanId, ...AdminPlanId[]];

export const planChangeSchema = z.object({ plan: z.enum(ADMIN_PLAN_IDS, { error: V.planInvalid }) });

export const refundSchema = z.object({
  reason: z.string({ error: V.reasonRequired }).trim().min(1, V.reasonRequired).max(500, 'The reason must be at most 500 characters'),
});

const limit = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).optional().default(fallback);

export const transactionsQuerySchema = z.object({
  limit: limit(ADMIN_LIMITS.transactions, ADMIN_LIMITS.transactionsMax),
  search: z.string().trim().max(100).optional(),
  status: z.enum(['succeeded', 'failed', 'pending', 'refunded']).optional(),
});

export const subscribersQuerySchema = z.object({
  limit: limit(ADMIN_LIMITS.subscribers, 200),
  search: z.string().trim().max(100).optional(),
});

export const auditLogQuerySchema = z.object({
  limit: limit(ADMIN_LIMITS.auditLog, 200),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});

export const userIdParamSchema = z.object({ userId: z.string().uuid('Not a valid id') });

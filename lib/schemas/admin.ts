import { TZDate } from '@date-fns/tz';
import { z } from 'zod';
import { ADMIN_LEVELS, ADMIN_PERMISSIONS, ADMIN_ROLES } from '../admin-permissions';
import { okWithMessageSchema, paginationSchema, timestampSchema } from '../contract/common';
import { ADMIN_DATE_RANGES, ADMIN_LIMITS, ADMIN_PLAN_IDS, ADMIN_VALIDATION as V, PASSWORD_MIN_LENGTH } from '../constants';
import { isSupportedTimezone } from '../timezones';
import { publicUserSchema, securityLogEntrySchema } from './account';

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
 * inclusive). Without values: the last 30 days (product §2.9). `timezone` (IANA, default UTC)
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

/** Minimum 8 (product §2.9); the server also refuses a guessable one (assertStrongPassword, decision 0063). */
export const adminPassword = z
  .string({ error: V.passwordRequired })
  .min(1, { error: V.passwordRequired, abort: true })
  .min(PASSWORD_MIN_LENGTH, { error: V.passwordTooShort, abort: true })
  .max(128, 'Password must be at most 128 characters');

const role = z.enum(ADMIN_ROLES, { error: V.roleInvalid });
const adminLevel = z.enum(ADMIN_LEVELS, { error: 'Admin level must be basic, intermediate or full' });

/** Product §2.3 New admin payload, plus an optional admin level (default full). */
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

/** Product §2.5 Admin profile form: username, e-mail, first and last name required; phone optional. */
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


export const planChangeSchema = z.object({ plan: z.enum(ADMIN_PLAN_IDS, { error: V.planInvalid }) });

export const refundSchema = z.object({
  reason: z.string({ error: V.reasonRequired }).trim().min(1, V.reasonRequired).max(500, 'The reason must be at most 500 characters'),
});

const limit = (fallback: number, max: number) => z.coerce.number().int().min(1).max(max).optional().default(fallback);

export const TRANSACTION_STATUSES = ['succeeded', 'failed', 'pending', 'refunded'] as const;

export const transactionsQuerySchema = z.object({
  limit: limit(ADMIN_LIMITS.transactions, ADMIN_LIMITS.transactionsMax),
  search: z.string().trim().max(100).optional(),
  status: z.enum(TRANSACTION_STATUSES).optional(),
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

// ---------------------------------------------------------------------------------------------
// Answers

/** The bucket of a usage trend row: hourly up to 2 days, daily up to 92, weekly up to 400, monthly beyond. */
export const TREND_INTERVALS = ['hour', 'day', 'week', 'month'] as const;
export type TrendInterval = (typeof TREND_INTERVALS)[number];

/** The reporting window an answer covers (ISO instants, the end exclusive). */
const rangeAnswer = { startDate: timestampSchema, endDate: timestampSchema };

/** Up to two sample error messages of one status (most frequent first) and how many distinct ones there were. */
const statusSamples = { count: z.number(), errorMessages: z.array(z.string()), distinctErrorMessages: z.number() };

export const usageStatSchema = z.object({
  _id: z.string(),
  service: z.string(),
  totalCount: z.number(),
  totalCalls: z.number(),
  successCalls: z.number(),
  failedCalls: z.number(),
  successRate: z.number(),
  avgResponseTime: z.number(),
  overallAvgTime: z.number(),
  totalCost: z.number(),
  overallTotalCost: z.number(),
  statuses: z.array(z.object({ status: z.string(), ...statusSamples })),
});
export type UsageStat = z.infer<typeof usageStatSchema>;

export const usageStatsResponseSchema = z.object({
  stats: z.array(usageStatSchema),
  totals: z.object({
    totalCalls: z.number(),
    successCalls: z.number(),
    failedCalls: z.number(),
    successRate: z.number(),
    avgResponseTime: z.number(),
    totalCost: z.number(),
  }),
  ...rangeAnswer,
});
export type UsageStatsAnswer = z.infer<typeof usageStatsResponseSchema>;

export const usageTrendRowSchema = z.object({
  _id: z.object({ date: z.string(), service: z.string() }),
  count: z.number(),
  successCount: z.number(),
  errorCount: z.number(),
  totalCost: z.number(),
  avgResponseTime: z.number(),
});
export type UsageTrendRow = z.infer<typeof usageTrendRowSchema>;

export const usageTrendsResponseSchema = z.object({
  trends: z.array(usageTrendRowSchema),
  interval: z.enum(TREND_INTERVALS),
  timezone: z.string(),
  ...rangeAnswer,
});
export type UsageTrendsAnswer = z.infer<typeof usageTrendsResponseSchema>;

const callFigures = {
  count: z.number(),
  successCount: z.number(),
  errorCount: z.number(),
  avgResponseTime: z.number(),
  totalCost: z.number(),
};

export const breakdownRowSchema = z.object({
  service: z.string(),
  ...callFigures,
  successRate: z.number(),
  share: z.number(),
  operations: z.array(z.object({ operation: z.string(), ...callFigures })),
});
export type BreakdownRow = z.infer<typeof breakdownRowSchema>;

export const usageBreakdownResponseSchema = z.object({ breakdown: z.array(breakdownRowSchema), ...rangeAnswer });
export type BreakdownAnswer = z.infer<typeof usageBreakdownResponseSchema>;

export const errorStatSchema = z.object({
  service: z.string(),
  errorRate: z.number(),
  totalErrors: z.number(),
  totalCalls: z.number(),
  /** Per error type: the HTTP status code, or 'error' when the call never got one. */
  statuses: z.array(z.object({ status: z.string(), statusCode: z.number().nullable(), ...statusSamples })),
});
export type ErrorStat = z.infer<typeof errorStatSchema>;

export const usageErrorsResponseSchema = z.object({ errorStats: z.array(errorStatSchema), ...rangeAnswer });
export type ErrorsAnswer = z.infer<typeof usageErrorsResponseSchema>;

export const topUsersResponseSchema = z.object({
  /** Calls made without an account (user null) form one row with a null userId. */
  topUsers: z.array(
    z.object({
      userId: z.string().nullable(),
      userName: z.string().nullable(),
      username: z.string().nullable(),
      email: z.string().nullable(),
      count: z.number(),
      totalCost: z.number(),
      avgResponseTime: z.number(),
    }),
  ),
  ...rangeAnswer,
});
export type TopUsersAnswer = z.infer<typeof topUsersResponseSchema>;

export const platformStatsResponseSchema = z.object({
  userStats: z.object({ totalUsers: z.number(), activeUsers: z.number(), activeRate: z.number(), newUsers: z.number() }),
  clientStats: z.object({ totalClients: z.number(), activeClients: z.number(), archivedClients: z.number() }),
  goalStats: z.object({ totalGoals: z.number(), activeGoals: z.number(), completedGoals: z.number(), goalCompletionRate: z.number() }),
  checkInStats: z.object({
    totalCheckIns: z.number(),
    respondedCheckIns: z.number(),
    responseRate: z.number(),
    checkInTrends: z.array(z.object({ _id: z.string(), date: z.string(), count: z.number() })),
  }),
  timezone: z.string(),
});
export type PlatformAnswer = z.infer<typeof platformStatsResponseSchema>;

const USER_ROLES = ['coach', ...ADMIN_ROLES] as const;

/** An admin as the Admins tab and Admin Management show it (product §2.3 Admin user). */
export const adminViewSchema = z.object({
  _id: z.string(),
  id: z.string(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.enum(USER_ROLES),
  adminLevel: z.enum(ADMIN_LEVELS),
  adminPermissions: z.array(z.enum(ADMIN_PERMISSIONS)),
  isVerified: z.boolean(),
  createdAt: timestampSchema,
  lastLogin: timestampSchema.nullable(),
}).meta({ id: 'Admin' });
export type AdminView = z.infer<typeof adminViewSchema>;

export const adminListResponseSchema = z.array(adminViewSchema);
export type AdminList = z.infer<typeof adminListResponseSchema>;

export const managementResponseSchema = z.object({
  admins: z.array(adminViewSchema),
  systemStats: z.object({ totalUsers: z.number(), totalAdmins: z.number(), totalClients: z.number(), totalGoals: z.number(), totalCheckIns: z.number() }),
  recentActivity: z.object({
    latestUsers: z.array(
      z.object({ _id: z.string(), id: z.string(), name: z.string(), username: z.string(), email: z.string(), plan: z.string(), createdAt: timestampSchema }),
    ),
    latestClients: z.array(
      z.object({
        _id: z.string(),
        id: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        /** Null once the coach's account is deleted. */
        coach: z.object({ _id: z.string(), id: z.string(), username: z.string().nullable() }).nullable(),
        createdAt: timestampSchema,
      }),
    ),
  }),
});
export type ManagementAnswer = z.infer<typeof managementResponseSchema>;

export const adminChangedResponseSchema = okWithMessageSchema.extend({ admin: adminViewSchema });
export type AdminChangedAnswer = z.infer<typeof adminChangedResponseSchema>;

export const adminProfileResponseSchema = z.object({
  success: z.literal(true),
  user: adminViewSchema,
  adminLevel: z.enum(ADMIN_LEVELS),
  adminLevelDescription: z.string(),
  permissions: z.array(z.object({ permission: z.enum(ADMIN_PERMISSIONS), description: z.string(), granted: z.boolean() })),
});
export type AdminProfileAnswer = z.infer<typeof adminProfileResponseSchema>;



export const adminProfileUpdateResponseSchema = okWithMessageSchema.extend({
  /** The new address awaiting confirmation from its inbox; null when the e-mail did not change. */
  pendingEmail: z.string().nullable(),
  user: publicUserSchema,
});
export type AdminProfileUpdateAnswer = z.infer<typeof adminProfileUpdateResponseSchema>;

export const adminPasswordResponseSchema = okWithMessageSchema.extend({
  /** The admin's other sessions, which stay signed in. */
  otherSessions: z.number(),
});
export type AdminPasswordAnswer = z.infer<typeof adminPasswordResponseSchema>;

export const auditLogResponseSchema = z.object({
  /** A security-log entry of an admin action, with the admin who acted. */
  entries: z.array(
    securityLogEntrySchema.extend({
      /** Null once the acting admin's account is deleted (the details then name its address). */
      admin: z.object({ id: z.string(), username: z.string().nullable(), email: z.string().nullable() }).nullable(),
    }),
  ),
  pagination: paginationSchema,
});
export type AuditLogAnswer = z.infer<typeof auditLogResponseSchema>;

const windowMetrics = {
  totalRevenue: z.number(),
  activeSubscriptions: z.number(),
  churnRate: z.number(),
  averageRevenuePerUser: z.number(),
};

export const revenueMetricsSchema = z.object({
  ...windowMetrics,
  payingUsers: z.number(),
  newSubscriptions: z.number(),
  cancellations: z.number(),
  activeAtStart: z.number(),
  /** The same figures for the period of the same length just before. */
  previous: z.object(windowMetrics),
  changes: z.object({
    /** Percent; null without an earlier figure. */
    totalRevenue: z.number().nullable(),
    /** Subscriptions gained (or lost). */
    activeSubscriptions: z.number(),
    /** Percent; null without an earlier figure. */
    averageRevenuePerUser: z.number().nullable(),
    /** Percentage points. */
    churnRate: z.number(),
  }),
});
export type RevenueMetrics = z.infer<typeof revenueMetricsSchema>;

export const revenueStatsResponseSchema = z.object({
  metrics: revenueMetricsSchema,
  ...rangeAnswer,
  previousPeriod: z.object(rangeAnswer),
});
export type RevenueStatsAnswer = z.infer<typeof revenueStatsResponseSchema>;

export const revenueAnalyticsResponseSchema = z.object({
  interval: z.enum(['day', 'week', 'month']),
  revenueOverTime: z.array(z.object({ date: z.string(), revenue: z.number(), subscriptions: z.number(), users: z.number() })),
  planDistribution: z.array(
    z.object({ plan: z.string(), name: z.string(), users: z.number(), revenue: z.number(), percentage: z.number(), revenuePercentage: z.number() }),
  ),
  churnAnalysis: z.array(z.object({ month: z.string(), churnRate: z.number(), newSignups: z.number(), newSubscriptions: z.number(), cancellations: z.number() })),
  topUsers: z.array(
    z.object({
      id: z.string(),
      _id: z.string(),
      name: z.string(),
      email: z.string(),
      plan: z.string(),
      revenue: z.number(),
      monthlyRevenue: z.number(),
      payments: z.number(),
      joinDate: timestampSchema,
    }),
  ),
  metrics: revenueMetricsSchema,
  ...rangeAnswer,
});
export type RevenueAnalyticsAnswer = z.infer<typeof revenueAnalyticsResponseSchema>;

/** Product §2.3 Admin transaction view. */
export const adminTransactionSchema = z.object({
  id: z.string(),
  _id: z.string(),
  date: timestampSchema,
  description: z.string(),
  /** Dollars. */
  amount: z.number(),
  amountCents: z.number(),
  currency: z.string(),
  status: z.enum(TRANSACTION_STATUSES),
  invoiceUrl: z.string().nullable(),
  userId: z.string(),
  userName: z.string().nullable(),
  email: z.string().nullable(),
  plan: z.string().nullable(),
  refundedAt: timestampSchema.nullable(),
  refundReason: z.string().nullable(),
  refundedBy: z.object({ id: z.string(), username: z.string().nullable() }).nullable(),
});
export type AdminTransaction = z.infer<typeof adminTransactionSchema>;

export const transactionsResponseSchema = z.object({ transactions: z.array(adminTransactionSchema) });
export type TransactionsAnswer = z.infer<typeof transactionsResponseSchema>;

export const subscriberSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  username: z.string(),
  email: z.string(),
  plan: z.string(),
  /** Of the latest subscription; null when the coach never had one. */
  subscriptionStatus: z.string().nullable(),
  createdAt: timestampSchema,
});
export type Subscriber = z.infer<typeof subscriberSchema>;

export const subscribersResponseSchema = z.object({ users: z.array(subscriberSchema) });
export type SubscribersAnswer = z.infer<typeof subscribersResponseSchema>;

export const refundResponseSchema = okWithMessageSchema.extend({ transaction: adminTransactionSchema });
export type RefundAnswer = z.infer<typeof refundResponseSchema>;

export const planChangeResponseSchema = okWithMessageSchema.extend({
  user: z.object({ id: z.string(), _id: z.string(), plan: z.enum(ADMIN_PLAN_IDS), previousPlan: z.string() }),
});
export type PlanChangeAnswer = z.infer<typeof planChangeResponseSchema>;

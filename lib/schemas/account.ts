import { z } from 'zod';
import { ADMIN_LEVELS, ADMIN_ROLES } from '../admin-permissions';
import { okSchema, okWithMessageSchema, paginationSchema, timestampSchema } from '../contract/common';
import { DELETE_CONFIRM_WORD, NOTIFICATION_CHANNELS, NOTIFICATION_DAILY_CAP_RANGE, PHONE_VERIFICATION, PHONE_VERIFICATION_MESSAGES, SETTINGS_VALIDATION as V, VALIDATION } from '../constants';
import { emailAddressSchema, isProfilePhone, normalisePhone, personNameSchema } from './person-fields';
import { DEFAULT_MESSAGE_SIGNATURE, MESSAGE_SIGNATURES } from '../preferences';
import { QUIET_AFTER_RANGE } from '../nudges';
import { isSupportedTimezone } from '../timezones';

/** Absent stays absent (a partial update leaves the field alone); empty or null clears it. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v === undefined ? undefined : v || null));


export const timezoneSchema = z.string().refine(isSupportedTimezone, 'Please choose a valid timezone');

export const coachingSurveySchema = z.object({
  coachingStyle: z.string().max(2000).default(''),
  clientExpectations: z.string().max(2000).default(''),
  motivationApproach: z.string().max(2000).default(''),
  feedbackStyle: z.string().max(2000).default(''),
  challengeApproach: z.string().max(2000).default(''),
  signature: z.enum(MESSAGE_SIGNATURES).default(DEFAULT_MESSAGE_SIGNATURE),
});

export const profileUpdateSchema = z.object({
  username: z.string().trim().min(2, 'Username must be at least 2 characters').max(40, 'Username must be at most 40 characters').optional(),
  // Sign-up's rules for the fields both forms have (lib/schemas/person-fields.ts), in the profile's
  // words where the spec gives them; a field left out is left alone.
  firstName: personNameSchema(VALIDATION.firstNameRequired).optional(),
  lastName: personNameSchema(VALIDATION.lastNameRequired).optional(),
  email: emailAddressSchema({ required: V.invalidEmail, invalid: V.invalidEmail }).optional(),
  /** Optional in the profile: empty or null removes it. */
  phone: z
    .string({ error: V.invalidPhone })
    .optional()
    .nullable()
    .refine((v) => !v || isProfilePhone(v), V.invalidPhone)
    .transform((v) => (v === undefined ? undefined : v ? normalisePhone(v) : null)),
  title: optionalText(120),
  company: optionalText(120),
  location: optionalText(120),
  timezone: timezoneSchema.optional(),
  coachingSurvey: coachingSurveySchema.optional(),
  /** Needed only when the e-mail address changes. */
  currentPassword: z.string().max(256).optional(),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Product §1.5 Password change: only these character classes, each of them present. */
export const CHANGE_PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[@$!%*?&])[A-Za-z\d@$!%*?&]{8,128}$/;

export const passwordChangeSchema = z.object({
  currentPassword: z.string({ error: V.currentPasswordRequired }).min(1, V.currentPasswordRequired).max(256),
  newPassword: z.string({ error: V.newPasswordRequired }).min(1, { error: V.newPasswordRequired, abort: true }).regex(CHANGE_PASSWORD_PATTERN, V.passwordRules),
});

export const passwordChangeFormSchema = passwordChangeSchema
  .extend({ confirmPassword: z.string().min(1, V.confirmNewPassword) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: V.passwordsDoNotMatch, path: ['confirmPassword'] });

export const deleteAccountSchema = z.object({ password: z.string({ error: V.deletePassword }).min(1, V.deletePassword).max(256) });

export const deleteAccountFormSchema = deleteAccountSchema.extend({
  confirmation: z.string().refine((v) => v === DELETE_CONFIRM_WORD, V.typeDelete),
});

/**
 * The test notification sends TEST_NOTIFICATION_TEXT: the request chooses at most the channel (all
 * enabled channels without one). A `message` sent by an older client is ignored, never sent.
 */
export const testNotificationSchema = z.object({
  channel: z.enum(NOTIFICATION_CHANNELS, 'Choose email, sms, push or inApp').optional(),
});
export type TestNotificationInput = z.infer<typeof testNotificationSchema>;

export const deliveryResultsSchema = z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean(), inApp: z.boolean() });
export const testNotificationResponseSchema = z.object({ success: z.boolean(), deliveryResults: deliveryResultsSchema });
export type TestNotificationResponse = z.infer<typeof testNotificationResponseSchema>;

/** POST /users/phone/verification (no body): texts a code to the profile's phone. */
export const phoneCodeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  phone: z.string(),
  expiresAt: z.string(),
});
export type PhoneCodeResponse = z.infer<typeof phoneCodeResponseSchema>;

/** POST /users/phone/verification/confirm. */
export const phoneCodeConfirmSchema = z.object({
  code: z
    .string({ error: PHONE_VERIFICATION_MESSAGES.codeRequired })
    .trim()
    .regex(new RegExp(`^\\d{${PHONE_VERIFICATION.codeLength}}$`), PHONE_VERIFICATION_MESSAGES.codeRequired),
});
export type PhoneCodeConfirmInput = z.infer<typeof phoneCodeConfirmSchema>;
export const phoneCodeConfirmResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  phone: z.string(),
  phoneVerified: z.literal(true),
});
export type PhoneCodeConfirmResponse = z.infer<typeof phoneCodeConfirmResponseSchema>;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use the HH:MM format');

export const notificationPreferencesSchema = z.object({
  globalEnabled: z.boolean(),
  email: z.object({
    enabled: z.boolean(),
    clientUpdates: z.boolean(),
    goalCompletions: z.boolean(),
    missedCheckIns: z.boolean(),
    systemUpdates: z.boolean(),
    marketingEmails: z.boolean(),
    weeklyDigest: z.boolean(),
    dailyReminders: z.boolean(),
  }),
  sms: z.object({ enabled: z.boolean(), urgentOnly: z.boolean(), checkInReminders: z.boolean(), goalDeadlines: z.boolean(), emergencyContacts: z.boolean() }),
  push: z.object({
    enabled: z.boolean(),
    clientMessages: z.boolean(),
    goalProgress: z.boolean(),
    aiInsights: z.boolean(),
    systemAlerts: z.boolean(),
    sessionReminders: z.boolean(),
    breakingNews: z.boolean(),
  }),
  inApp: z.object({ clientMessages: z.boolean(), goalProgress: z.boolean(), aiInsights: z.boolean(), systemAlerts: z.boolean() }),
  schedule: z.object({
    quietHours: z.object({ enabled: z.boolean(), startTime: time, endTime: time }),
    timezone: timezoneSchema,
    workdaysOnly: z.boolean(),
    maxDailyNotifications: z
      .number()
      .int()
      .min(NOTIFICATION_DAILY_CAP_RANGE.min, `At least ${NOTIFICATION_DAILY_CAP_RANGE.min} notification a day`)
      .max(NOTIFICATION_DAILY_CAP_RANGE.max, `At most ${NOTIFICATION_DAILY_CAP_RANGE.max} notifications a day`),
  }),
  content: z.object({
    frequency: z.enum(['immediate', 'hourly', 'daily', 'weekly']),
    summary: z.boolean(),
    detailLevel: z.enum(['minimal', 'standard', 'detailed']),
  }),
  // Optional: a client saved before the setting existed sends none, and the default applies.
  nudges: z
    .object({
      clientQuietAfter: z
        .number({ error: 'Choose after how many unanswered check-ins' })
        .int('Use a whole number of check-ins')
        .min(QUIET_AFTER_RANGE.min, `At least ${QUIET_AFTER_RANGE.min} check-in`)
        .max(QUIET_AFTER_RANGE.max, `At most ${QUIET_AFTER_RANGE.max} check-ins`),
    })
    .optional(),
});

export const notificationPreferencesBodySchema = z.object({ notificationPreferences: notificationPreferencesSchema });

export const appearancePreferencesSchema = z.object({
  theme: z.enum(['light', 'dark', 'system']),
  compactView: z.boolean(),
  colorScheme: z.enum(['gold', 'copper', 'sage']),
  fontSize: z.enum(['small', 'medium', 'large']),
});

export const appearancePreferencesBodySchema = z.object({ appearancePreferences: appearancePreferencesSchema });

export const timezoneUpdateSchema = z.object({ timezone: timezoneSchema });

export const pageQuerySchema = (defaultLimit: number, maxLimit = 100) =>
  z.object({
    page: z.coerce.number().int().min(1, 'page must be 1 or more').default(1),
    limit: z.coerce.number().int().min(1, 'limit must be 1 or more').max(maxLimit, `limit must be at most ${maxLimit}`).default(defaultLimit),
  });

export const idParamSchema = z.object({ id: z.string().uuid('Not a valid id') });

export const twoFactorCodeSchema = z.object({ code: z.string().trim().regex(/^(\d{6}|[A-Za-z0-9]{4}-?[A-Za-z0-9]{4})$/, 'Enter the 6-digit code from your app or a recovery code') });

export const twoFactorLoginSchema = twoFactorCodeSchema.extend({ twoFactorToken: z.string().min(1).max(2048) });

export const twoFactorDisableSchema = z.object({ password: z.string().min(1, 'Enter your password to turn off two-factor authentication').max(256) });

/** The user object of product §1.3 (`id` and `_id` both present) plus the profile fields. */
export const publicUserSchema = z.object({
  id: z.string(),
  _id: z.string(),
  username: z.string(),
  role: z.enum(['coach', ...ADMIN_ROLES]),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  /** Whether notification SMS may go to `phone` (POST /users/phone/verification). */
  phoneVerified: z.boolean(),
  timezone: z.string(),
  isVerified: z.boolean(),
  title: z.string().nullable(),
  company: z.string().nullable(),
  location: z.string().nullable(),
  profilePic: z.string().nullable(),
  adminLevel: z.enum(ADMIN_LEVELS).nullable(),
  adminPermissions: z.array(z.string()),
  plan: z.string(),
  twoFactorEnabled: z.boolean(),
  coachingSurvey: coachingSurveySchema,
  notificationPreferences: notificationPreferencesSchema,
  appearancePreferences: appearancePreferencesSchema,
  createdAt: timestampSchema,
  lastLogin: timestampSchema.nullable(),
}).meta({ id: 'User' });
export type PublicUser = z.infer<typeof publicUserSchema>;

export const profileResponseSchema = okSchema.extend({ user: publicUserSchema });
export const validateTokenResponseSchema = z.object({ valid: z.literal(true), user: publicUserSchema });

export const profileUpdateResponseSchema = okWithMessageSchema.extend({
  /** The new address waiting for its confirmation link, when the update asked to change it. */
  pendingEmail: z.string().nullable(),
  user: publicUserSchema,
});
export type ProfileUpdateResponse = z.infer<typeof profileUpdateResponseSchema>;

export const passwordChangeResponseSchema = okWithMessageSchema.extend({
  /** The user's other signed-in devices, which the screen then offers to sign out. */
  otherSessions: z.number().int(),
});
export type PasswordChangeResponse = z.infer<typeof passwordChangeResponseSchema>;

export const timezoneUpdateResponseSchema = okWithMessageSchema.extend({ user: publicUserSchema });
export const notificationPreferencesResponseSchema = okWithMessageSchema.extend({ notificationPreferences: notificationPreferencesSchema });
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponseSchema>;
export const appearancePreferencesResponseSchema = okWithMessageSchema.extend({ appearancePreferences: appearancePreferencesSchema });
export type AppearancePreferencesResponse = z.infer<typeof appearancePreferencesResponseSchema>;

/** POST /users/2fa/setup: the secret to enter by hand, and the same as an otpauth link and QR code. */
export const twoFactorSetupResponseSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() });
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;
/** The recovery codes are shown this once; only their hashes are kept. */
export const twoFactorEnableResponseSchema = okWithMessageSchema.extend({ recoveryCodes: z.array(z.string()) });
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const securityLogEntrySchema = z.object({
  id: z.string(),
  timestamp: timestampSchema,
  type: z.string(),
  details: z.string(),
  success: z.boolean(),
  ip: z.string().nullable(),
}).meta({ id: 'SecurityLogEntry' });
export type SecurityLogEntry = z.infer<typeof securityLogEntrySchema>;
export const securityLogResponseSchema = z.object({ logs: z.array(securityLogEntrySchema), pagination: paginationSchema });
export type SecurityLogResponse = z.infer<typeof securityLogResponseSchema>;

export const dataExportStatusSchema = z.enum(['pending', 'ready', 'failed']);
export const dataExportRequestResponseSchema = okWithMessageSchema.extend({
  export: z.object({ id: z.string(), status: dataExportStatusSchema, createdAt: timestampSchema }),
});
export type DataExportRequestResponse = z.infer<typeof dataExportRequestResponseSchema>;
export const dataExportSchema = z.object({
  id: z.string(),
  status: dataExportStatusSchema,
  sizeBytes: z.number().int().nullable(),
  createdAt: timestampSchema,
  expiresAt: timestampSchema,
  /** Set once the file is ready. */
  downloadUrl: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;
export const dataExportsResponseSchema = z.object({ exports: z.array(dataExportSchema) });

/** One signed-in device (Settings → Active Sessions). */
export const activeSessionSchema = z.object({
  id: z.string(),
  _id: z.string(),
  device: z.string(),
  os: z.string(),
  browser: z.string().nullable(),
  ip: z.string().nullable(),
  location: z.string(),
  lastActive: timestampSchema,
  createdAt: timestampSchema,
  isCurrent: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const sessionsResponseSchema = z.object({ sessions: z.array(activeSessionSchema) });
export const revokeOtherSessionsResponseSchema = okWithMessageSchema.extend({ revoked: z.number().int() });
export type RevokeOtherSessionsResponse = z.infer<typeof revokeOtherSessionsResponseSchema>;

import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  AppearancePreferences,
  CheckInSchedule,
  CoachingSurvey,
  NotificationPreferences,
} from '@/lib/preferences';
import { DELIVERY_STATUSES } from '@/lib/delivery';
import type { ClientLanguage } from '@/lib/languages';
import type { NotificationDetails } from '@/lib/notification-content';
import type { BillingAddress, InvoiceDetails } from '@/lib/schemas/billing';
import { CLIENT_CHANNELS } from '@/lib/channels';
import type { ReplyAnswer } from '@/lib/schemas/reply-page';
import type { ProgressUpdate } from '@/lib/schemas/checkins';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true });

export const roleEnum = pgEnum('user_role', ['coach', 'admin', 'super_admin']);
export const adminLevelEnum = pgEnum('admin_level', ['basic', 'intermediate', 'full']);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone'),
    /**
     * The number the coach proved by SMS code. The phone counts as verified only while it equals
     * `phone`, so a changed number is unverified even if a write path forgot to clear this.
     */
    verifiedPhone: text('verified_phone'),
    role: roleEnum('role').notNull().default('coach'),
    adminLevel: adminLevelEnum('admin_level'),
    adminPermissions: text('admin_permissions').array().notNull().default(sql`'{}'::text[]`),
    isVerified: boolean('is_verified').notNull().default(false),
    title: text('title'),
    company: text('company'),
    location: text('location'),
    timezone: text('timezone').notNull().default('America/New_York'),
    profilePic: text('profile_pic'),
    coachingSurvey: jsonb('coaching_survey').$type<CoachingSurvey>(),
    notificationPreferences: jsonb('notification_preferences').$type<NotificationPreferences>(),
    appearancePreferences: jsonb('appearance_preferences').$type<AppearancePreferences>(),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** AES-GCM sealed TOTP secret (server/auth/totp.ts); set while enrolling, kept once confirmed. */
    twoFactorSecret: text('two_factor_secret'),
    /** sha256 of each unused recovery code. */
    twoFactorRecoveryCodes: text('two_factor_recovery_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The last 30-second step a code was accepted for, so one code cannot be used twice. */
    twoFactorLastStep: integer('two_factor_last_step'),
    planId: text('plan_id').notNull().default('free'),
    paymentCustomerId: text('payment_customer_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastLogin: ts('last_login'),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.role),
    index('users_created_at_idx').on(t.createdAt),
    index('users_payment_customer_idx').on(t.paymentCustomerId),
  ],
);

/** One row per signed-in device; the refresh token chain hangs off it. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `email_link`: the short session answered by e-mail verification; never listed as a device. */
    purpose: text('purpose').notNull().default('sign_in'),
    device: text('device').notNull().default('Unknown device'),
    os: text('os').notNull().default('Unknown OS'),
    browser: text('browser'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    location: text('location').notNull().default('Unknown'),
    createdAt: createdAt(),
    lastActive: ts('last_active').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Every refresh token ever issued, hashed; a used one presented again is a theft signal. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const userTokenKindEnum = pgEnum('user_token_kind', ['verify_email', 'reset_password', 'change_email']);

export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: userTokenKindEnum('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    payload: jsonb('payload').$type<Record<string, string>>(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_tokens_hash_unique').on(t.tokenHash), index('user_tokens_user_idx').on(t.userId, t.kind)],
);

export const securityLog = pgTable(
  'security_log',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    details: text('details').notNull().default(''),
    success: boolean('success').notNull().default(true),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('security_log_user_idx').on(t.userId, t.createdAt), index('security_log_type_idx').on(t.type, t.createdAt)],
);

/** Everything sent to a coach through the notification service, for the daily cap and the in-app list. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    delivered: jsonb('delivered').$type<Record<string, boolean>>().notNull().default({}),
    suppressedReason: text('suppressed_reason'),
    /** The screen the notification opens (bell, push); null means the type's default (lib/notification-centre.ts). */
    link: text('link'),
    readAt: ts('read_at'),
    createdAt: createdAt(),
    /** The e-mail subject the sender chose; a bundle has its own. */
    subject: text('subject'),
    /** Facts for the detail levels (lib/notification-content.ts); null when the sender has none. */
    details: jsonb('details').$type<NotificationDetails>(),
    /** When it may go (quiet hours, rest day, period end, daily cap: decision 0090); null for rows that never waited. */
    deliverAt: ts('deliver_at'),
    /** Why it waited: quiet_hours, workdays_only, bundle or daily_cap. */
    heldReason: text('held_reason'),
    /** Set when it reached the coach (claimed by one delivery pass); the bell lists only these. */
    deliveredAt: ts('delivered_at'),
    /** Rows sent together in one message share it; the daily cap counts messages, not rows. */
    bundleId: uuid('bundle_id'),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_due_idx').on(t.deliverAt).where(sql`delivered_at is null and suppressed_reason is null`),
  ],
);

/**
 * Nudges already sent (decision 0091): one row per coach, kind and subject, so a periodic pass on
 * several instances, or an event seen twice, notifies once. `subject` names what the nudge is about:
 * a quiet streak (its first unanswered check-in), a goal and its target date, a check-in slot, an
 * analysed reply.
 */
export const coachNudges = pgTable(
  'coach_nudges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['client_quiet', 'goal_deadline', 'session_reminder', 'ai_insight'] }).notNull(),
    subject: text('subject').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coach_nudges_once_idx').on(t.userId, t.kind, t.subject), index('coach_nudges_created_idx').on(t.createdAt)],
);

/** A browser that accepted Web Push for a user (Settings → Notifications → Push on this device). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service URL; unique, as one browser profile has one subscription per site. */
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    deviceLabel: text('device_label').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: ts('last_success_at'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * The scheduled e-mails to a coach (weekly digest, daily reminder; decision 0089): one row per
 * (user, kind, period), inserted before the send, so two instances never both send one period.
 * `period` is the local date the send belongs to (the digest's Monday, the reminder's day).
 */
export const scheduledEmails = pgTable(
  'scheduled_emails',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['weekly', 'daily'] }).notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    /** Set by the instance that took the period; a claim left unfinished this long ago is taken over. */
    claimedAt: ts('claimed_at').notNull(),
    /** `sent`, or why nothing was sent (`empty`, `late`); null while the claim is in flight. */
    outcome: text('outcome', { enum: ['sent', 'empty', 'late'] }),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('scheduled_emails_period_unique').on(t.userId, t.kind, t.period)],
);

export const dataExportStatusEnum = pgEnum('data_export_status', ['pending', 'ready', 'failed']);

/** A coach's downloadable copy of their data (Settings → Security → Request Data Export). */
export const dataExports = pgTable(
  'data_exports',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: dataExportStatusEnum('status').notNull().default('pending'),
    fileName: text('file_name'),
    sizeBytes: integer('size_bytes'),
    error: text('error'),
    createdAt: createdAt(),
    completedAt: ts('completed_at'),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('data_exports_user_idx').on(t.userId, t.createdAt)],
);

/** A coach's pending SMS code for their own phone: one per account, the code kept only as an HMAC. */
export const phoneVerifications = pgTable('phone_verifications', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The number the code was sent to: confirming proves this number, not whatever the profile holds later. */
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: ts('expires_at').notNull(),
  createdAt: createdAt(),
});

/** Hits of the sliding-window rate limits, shared by every app instance (server/services/rate-limit.ts). */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    /** The instant of the hits (named when the limits had fixed windows). */
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Which browsers (sockets) each realtime instance holds, so an instance relays a user's events only
 * when another instance has that user's browser (server/realtime/presence.ts). Unlogged: it is
 * only as true as the running instances, and a crash empties it.
 */
export const realtimePresence = pgTable(
  'realtime_presence',
  {
    instanceId: uuid('instance_id').notNull(),
    socketId: text('socket_id').notNull(),
    userId: uuid('user_id').notNull(),
    /** Refreshed by the instance while it runs; an instance that died without saying so stops counting. */
    seenAt: ts('seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.socketId] }), index('realtime_presence_user_idx').on(t.userId)],
);

export const clients = pgTable(
  'clients',
  {
    id: id(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    timezone: text('timezone').notNull().default('America/New_York'),
    profilePic: text('profile_pic'),
    status: text('status').notNull().default('active'),
    archived: boolean('archived').notNull().default(false),
    archivedAt: ts('archived_at'),
    checkInsHeld: boolean('check_ins_held').notNull().default(false),
    checkInSchedule: jsonb('check_in_schedule').$type<CheckInSchedule>().notNull().default({}),
    executiveSummary: text('executive_summary'),
    smsOptedOut: boolean('sms_opted_out').notNull().default(false),
    lastCheckInAt: ts('last_check_in_at'),
    lastResponseAt: ts('last_response_at'),
    /** The coach reads (and may edit or discard) each AI follow-up before it is texted (issue 16, decision 0075). */
    reviewFollowUps: boolean('review_follow_ups').notNull().default(false),
    /** How check-ins and the coach's messages reach the client, and what is tried when that fails (decision 0084). */
    channel: text('channel', { enum: CLIENT_CHANNELS }).notNull().default('sms'),
    fallbackChannels: text('fallback_channels', { enum: CLIENT_CHANNELS }).array().notNull().default(sql`'{email}'::text[]`),
    /**
     * Why the e-mail address / phone number is given up on (a hard bounce or complaint; repeated
     * failed texts), null while reachable: nothing is sent to it until the coach edits it (decision 0085).
     */
    emailUnreachable: text('email_unreachable'),
    phoneUnreachable: text('phone_unreachable'),
    /** Failed or undelivered texts in a row to the current number; a delivered one resets it. */
    smsFailureStreak: integer('sms_failure_streak').notNull().default(0),
    /** Texted check-ins end with the link to the one-tap reply page (issue 17 §2, decision 0083); e-mails always have it. */
    replyLinkInTexts: boolean('reply_link_in_texts').notNull().default(false),
    /** What check-ins, follow-ups and Cadence's own texts to the client are written in (decision 0086). */
    language: text('language').$type<ClientLanguage>().notNull().default('en'),
    /** The language the client's last reply was detected in: two in a row unlike `language` propose it. */
    detectedLanguage: text('detected_language').$type<ClientLanguage>(),
    /** A language proposed to the coach, until the coach switches or keeps the current one. */
    suggestedLanguage: text('suggested_language').$type<ClientLanguage>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('clients_coach_idx').on(t.coachId, t.archived), index('clients_phone_idx').on(t.phone)],
);

export const goalTypeEnum = pgEnum('goal_type', ['boolean', 'task', 'numeric', 'progress', 'habit', 'binary', 'incremental']);
export const goalStatusEnum = pgEnum('goal_status', ['incomplete', 'completed']);

export const goals = pgTable(
  'goals',
  {
    id: id(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    type: goalTypeEnum('type').notNull().default('task'),
    description: text('description'),
    target: numeric('target', { mode: 'number' }),
    unit: text('unit'),
    currentValue: numeric('current_value', { mode: 'number' }).notNull().default(0),
    progress: numeric('progress', { mode: 'number' }).notNull().default(0),
    status: goalStatusEnum('status').notNull().default('incomplete'),
    archived: boolean('archived').notNull().default(false),
    checkInFrequency: text('check_in_frequency').array().notNull().default(sql`'{}'::text[]`),
    checkInTime: text('check_in_time'),
    checkInSchedule: jsonb('check_in_schedule').$type<CheckInSchedule>().notNull().default({}),
    /** The day the coach aims the goal to be reached by (a calendar date, no zone); null when none. */
    targetDate: date('target_date', { mode: 'string' }),
    completedAt: ts('completed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('goals_client_idx').on(t.clientId), index('goals_coach_idx').on(t.coachId, t.status)],
);

export const goalProgressHistory = pgTable(
  'goal_progress_history',
  {
    id: id(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    value: numeric('value', { mode: 'number' }),
    progress: numeric('progress', { mode: 'number' }).notNull(),
    source: text('source').notNull().default('coach'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('goal_progress_goal_idx').on(t.goalId, t.createdAt)],
);

export const milestones = pgTable(
  'milestones',
  {
    id: id(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    targetValue: numeric('target_value', { mode: 'number' }),
    targetPercentage: numeric('target_percentage', { mode: 'number' }),
    completed: boolean('completed').notNull().default(false),
    completedAt: ts('completed_at'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('milestones_goal_idx').on(t.goalId, t.position)],
);

export const goalVersions = pgTable(
  'goal_versions',
  {
    id: id(),
    goalId: uuid('goal_id')
      .notNull()
      .references(() => goals.id, { onDelete: 'cascade' }),
    versionDate: ts('version_date').notNull().defaultNow(),
    changeNote: text('change_note'),
    title: text('title').notNull(),
    type: goalTypeEnum('type').notNull(),
    target: numeric('target', { mode: 'number' }),
    unit: text('unit'),
    status: goalStatusEnum('status').notNull(),
    changedBy: uuid('changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('goal_versions_goal_idx').on(t.goalId, t.versionDate)],
);

export const checkInStatusEnum = pgEnum('check_in_status', [
  'scheduled',
  'sent',
  'responded',
  'completed',
  'no_response',
  'missed',
  'cancelled',
  'failed',
]);

export const followUpStatusEnum = pgEnum('follow_up_status', ['sent', 'pending_review', 'discarded']);

/** Stored with fillfactor 70 (migration 0034): a check-in's claim and hand-over are updated in place. */
export const checkIns = pgTable(
  'check_ins',
  {
    id: id(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    goalId: uuid('goal_id').references(() => goals.id, { onDelete: 'set null' }),
    isGlobalCheckIn: boolean('is_global_check_in').notNull().default(false),
    cancelledGoals: uuid('cancelled_goals').array().notNull().default(sql`'{}'::uuid[]`),
    status: checkInStatusEnum('status').notNull().default('scheduled'),
    /** client + local date + slot; the unique index makes a second send of the same slot impossible. */
    dedupeKey: text('dedupe_key'),
    channel: text('channel', { enum: CLIENT_CHANNELS }),
    /** Why the check-in went by a fallback channel instead of the client's own (null when it did not). */
    channelNote: text('channel_note'),
    scheduledFor: ts('scheduled_for'),
    sentAt: ts('sent_at'),
    respondedAt: ts('responded_at'),
    completedAt: ts('completed_at'),
    aiMessage: text('ai_message'),
    clientResponse: text('client_response'),
    /** How the reply came: null for sms and e-mail before decision 0083; 'web' is the one-tap reply page. */
    clientResponseChannel: text('client_response_channel', { enum: ['sms', 'email', 'web'] }),
    /** The quick answers of a reply through the page: what the client said exactly, applied over the AI's reading of the text. */
    clientAnswers: jsonb('client_answers').$type<ReplyAnswer[]>(),
    aiResponse: text('ai_response'),
    coachSummary: text('coach_summary'),
    insights: jsonb('insights').$type<string[]>(),
    executiveSummary: text('executive_summary'),
    motivation: text('motivation'),
    engagementAssessment: text('engagement_assessment'),
    concerns: jsonb('concerns').$type<string[]>(),
    value: numeric('value', { mode: 'number' }),
    /** Every goal the reply moved, from → to, as recorded when the reply was analysed. */
    progressUpdates: jsonb('progress_updates').$type<ProgressUpdate[]>().notNull().default([]),
    /** What made it: 'schedule' (client, goal or AI schedule slot) or 'manual' (immediate contact). */
    source: text('source').notNull().default('schedule'),
    /** When the send (or reply) job was queued; a due row without a live job is queued again. */
    enqueuedAt: ts('enqueued_at'),
    /** Set by the one worker that took the row (UPDATE … WHERE status = …); a stale claim can be taken over. */
    claimedAt: ts('claimed_at'),
    /** Set just before the SMS or e-mail provider is called: past this point an SMS is looked up at the provider before it is sent again, an e-mail never is. */
    deliveryStartedAt: ts('delivery_started_at'),
    providerMessageId: text('provider_message_id'),
    /**
     * Our number an SMS check-in went from (the provider's "from"): a reply is matched on the pair
     * (client's number, our number it was sent to), never on the client's number alone.
     */
    fromNumber: text('from_number'),
    /**
     * The Message-ID of the client's e-mailed reply (channel email): the follow-up e-mail answers it
     * (In-Reply-To, References), so the client's mail app keeps the conversation in one thread.
     */
    clientReplyMessageId: text('client_reply_message_id'),
    /** Why a check-in failed, was cancelled or missed (quota, AI answer, provider error, schedule removed). */
    failureReason: text('failure_reason'),
    /**
     * What became of the AI follow-up (ai_response): sent, waiting for the coach's review (the client
     * asked for review), or discarded by the coach; null while none was written. Decision 0075.
     */
    followUpStatus: followUpStatusEnum('follow_up_status'),
    followUpSentAt: ts('follow_up_sent_at'),
    /** What the provider said became of the check-in message and of the follow-up (decision 0085), with its reason. */
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATUSES }),
    deliveryError: text('delivery_error'),
    followUpProviderMessageId: text('follow_up_provider_message_id'),
    followUpDeliveryStatus: text('follow_up_delivery_status', { enum: DELIVERY_STATUSES }),
    followUpDeliveryError: text('follow_up_delivery_error'),
    /**
     * Whole seconds from sending to the client's reply, kept by Postgres (null until answered). The
     * analytics sum and bucket it from an index instead of doing interval arithmetic on every row.
     */
    responseSeconds: integer('response_seconds').generatedAlwaysAs(
      sql`case when responded_at >= sent_at then round(extract(epoch from responded_at - sent_at))::integer end`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('check_ins_dedupe_unique').on(t.clientId, t.dedupeKey),
    index('check_ins_client_idx').on(t.clientId, t.createdAt),
    index('check_ins_coach_idx').on(t.coachId, t.createdAt),
    // When a check-in happened or will happen: the week's bubbles of the client list (listClients).
    index('check_ins_coach_when_idx').on(t.coachId, sql`coalesce(${t.sentAt}, ${t.scheduledFor}, ${t.createdAt})`),
    index('check_ins_status_idx').on(t.status, t.scheduledFor),
    // Analytics (server/services/analytics.ts): every figure about sent check-ins is read from this
    // index alone (an index-only scan of the coach's period), never from the table.
    index('check_ins_coach_sent_idx')
      .on(t.coachId, t.sentAt, t.clientId, t.respondedAt, t.responseSeconds, t.status, t.engagementAssessment, t.motivation)
      .where(sql`${t.sentAt} is not null`),
    // A client's latest sent check-in.
    index('check_ins_client_sent_idx').on(t.clientId, t.sentAt).where(sql`${t.sentAt} is not null`),
    // The coach's follow-ups waiting for review (GET /checkins/follow-ups).
    index('check_ins_coach_follow_up_review_idx').on(t.coachId, t.respondedAt).where(sql`${t.followUpStatus} = 'pending_review'`),
    // Unsent check-ins of a coach by status and due time: missed and failed ones in a period, upcoming ones.
    index('check_ins_coach_unsent_idx').on(t.coachId, t.status, sql`coalesce(${t.scheduledFor}, ${t.createdAt})`).where(sql`${t.sentAt} is null`),
    // A client's conversation, a page at a time backwards (server/services/thread.ts): replies and follow-ups by their time.
    index('check_ins_client_replied_idx').on(t.clientId, t.respondedAt).where(sql`${t.clientResponse} is not null`),
    // The coach's newest replies, for the dashboard's Recent Activity.
    index('check_ins_coach_replied_idx').on(t.coachId, t.respondedAt).where(sql`${t.clientResponse} is not null and ${t.respondedAt} is not null`),
    index('check_ins_client_followed_up_idx').on(t.clientId, t.followUpSentAt).where(sql`${t.followUpSentAt} is not null`),
    // A provider's delivery callback finds its message by the provider's id.
    index('check_ins_provider_message_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    index('check_ins_follow_up_provider_message_idx').on(t.followUpProviderMessageId).where(sql`${t.followUpProviderMessageId} is not null`),
  ],
);

/** Durable facts of the check-in scheduler, e.g. the last instant a dispatch pass covered. */
export const schedulerState = pgTable('scheduler_state', {
  name: text('name').primaryKey(),
  coveredUntil: ts('covered_until').notNull(),
  updatedAt: updatedAt(),
});

/** Per sender number, the next free instant of its paced sending (decision 0100; only with SMS_SENDER_RATE_PER_SECOND). */
export const senderPacing = pgTable('sender_pacing', {
  sender: text('sender').primaryKey(),
  nextFreeAt: ts('next_free_at').notNull(),
});

/** AI schedules (product §2.3 Schedule): time slots on chosen weekdays in the client's zone. */
export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    goalId: uuid('goal_id').references(() => goals.id, { onDelete: 'cascade' }),
    timeSlots: jsonb('time_slots').$type<{ time: string }[]>().notNull().default([]),
    clientTimezone: text('client_timezone').notNull(),
    frequency: text('frequency').notNull().default('custom'),
    customDays: text('custom_days').array().notNull().default(sql`'{}'::text[]`),
    promptTemplate: text('prompt_template').notNull().default(''),
    active: boolean('active').notNull().default(true),
    /** Set while the coach has paused the schedule: it keeps its data but plans nothing (decision 0079). */
    pausedAt: ts('paused_at'),
    /** The last resume: slots before it are never planned, so a resume sends no missed check-ins. */
    resumedAt: ts('resumed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('schedules_client_idx').on(t.clientId), index('schedules_goal_idx').on(t.goalId)],
);

export const subscriptionStatusEnum = pgEnum('subscription_status', ['active', 'past_due', 'canceled', 'incomplete']);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    status: subscriptionStatusEnum('status').notNull().default('active'),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id'),
    discountCode: text('discount_code'),
    priceCents: integer('price_cents').notNull().default(0),
    currentPeriodStart: ts('current_period_start').notNull().defaultNow(),
    currentPeriodEnd: ts('current_period_end').notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: ts('canceled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('subscriptions_user_idx').on(t.userId, t.status),
    index('subscriptions_created_idx').on(t.createdAt),
    uniqueIndex('subscriptions_provider_id_unique').on(t.providerSubscriptionId),
    // At most one subscription that is not canceled per user: a double click cannot charge twice.
    uniqueIndex('subscriptions_one_live_per_user').on(t.userId).where(sql`status <> 'canceled'`),
    index('subscriptions_due_idx').on(t.provider, t.status, t.currentPeriodEnd),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    brand: text('brand').notNull().default('card'),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    cardholderName: text('cardholder_name'),
    billingAddress: jsonb('billing_address').$type<BillingAddress>(),
    isDefault: boolean('is_default').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('payment_methods_user_idx').on(t.userId), uniqueIndex('payment_methods_provider_id_unique').on(t.userId, t.providerPaymentMethodId)],
);

/**
 * The local payments provider's card tokens (what Stripe keeps for a PaymentMethod): only the
 * brand, last four digits, expiry and how the simulated card behaves; never the number or the CVC.
 */
export const localCardTokens = pgTable(
  'local_card_tokens',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    cardholderName: text('cardholder_name'),
    /** 'ok', or 'charge_declined' for a card that attaches but fails every charge (4000 0000 0000 0341). */
    behaviour: text('behaviour').notNull().default('ok'),
    createdAt: createdAt(),
  },
  (t) => [index('local_card_tokens_user_idx').on(t.userId)],
);

export const transactionStatusEnum = pgEnum('transaction_status', ['succeeded', 'failed', 'pending', 'refunded']);

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    planId: text('plan_id'),
    description: text('description').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    status: transactionStatusEnum('status').notNull(),
    providerInvoiceId: text('provider_invoice_id'),
    /** The provider's payment (Stripe PaymentIntent, local charge id) a refund is made against. */
    providerPaymentId: text('provider_payment_id'),
    /** The provider's hosted invoice PDF (Stripe); local invoices are generated under DATA_DIR. */
    invoiceUrl: text('invoice_url'),
    /** Lines, period and card shown on the invoice. */
    details: jsonb('details').$type<InvoiceDetails>(),
    failureMessage: text('failure_message'),
    refundedAt: ts('refunded_at'),
    /** The administrator who refunded it (product §2.4 admin refund) and the reason they gave. */
    refundedBy: uuid('refunded_by').references(() => users.id, { onDelete: 'set null' }),
    refundReason: text('refund_reason'),
    /** The payment provider's refund id (local_re_… for the local provider). */
    providerRefundId: text('provider_refund_id'),
    date: ts('date').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_user_idx').on(t.userId, t.date),
    index('transactions_date_idx').on(t.date),
    index('transactions_status_date_idx').on(t.status, t.date),
    uniqueIndex('transactions_invoice_unique').on(t.providerInvoiceId),
    index('transactions_payment_idx').on(t.providerPaymentId),
  ],
);

export const discountTypeEnum = pgEnum('discount_type', ['percentage', 'fixed_amount']);

export const discounts = pgTable(
  'discounts',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    type: discountTypeEnum('type').notNull(),
    value: numeric('value', { mode: 'number' }).notNull(),
    planIds: text('plan_ids').array(),
    active: boolean('active').notNull().default(true),
    maxRedemptions: integer('max_redemptions'),
    redemptions: integer('redemptions').notNull().default(0),
    validUntil: ts('valid_until'),
    providerCouponId: text('provider_coupon_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('discounts_code_unique').on(t.code)],
);

/** Every call to an outside service, metered for the admin usage and cost views. */
export const apiUsage = pgTable(
  'api_usage',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    service: text('service').notNull(),
    operation: text('operation').notNull(),
    status: text('status').notNull(),
    statusCode: integer('status_code'),
    responseMs: integer('response_ms').notNull(),
    costUsd: numeric('cost_usd', { precision: 12, scale: 6, mode: 'number' }).notNull().default(0),
    errorMessage: text('error_message'),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_usage_created_idx').on(t.createdAt),
    index('api_usage_service_idx').on(t.service, t.createdAt),
    index('api_usage_user_idx').on(t.userId, t.createdAt),
    // The admin error samples read only the few failed calls of a range, not every call in it.
    index('api_usage_errors_idx').on(t.createdAt).where(sql`${t.errorMessage} is not null`),
  ],
);

export const billingOperationStatusEnum = pgEnum('billing_operation_status', ['pending', 'succeeded', 'failed']);

/**
 * Billing changes in flight (issue 14). A change records its intent here, calls the payments
 * provider with no database transaction open, then settles in a short transaction. At most one
 * pending operation per user: a second change while the first is with the provider is refused
 * (409) instead of queueing on a lock. A pending row whose lease ran out (its process died) is
 * taken over; Stripe's webhooks reconcile whatever such a call did.
 */
export const billingOperations = pgTable(
  'billing_operations',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** The target plan of a plan change. */
    planId: text('plan_id'),
    discountCode: text('discount_code'),
    status: billingOperationStatusEnum('status').notNull().default('pending'),
    error: text('error'),
    startedAt: ts('started_at').notNull(),
    leaseExpiresAt: ts('lease_expires_at').notNull(),
    finishedAt: ts('finished_at'),
  },
  (t) => [uniqueIndex('billing_operations_one_pending_per_user').on(t.userId).where(sql`status = 'pending'`), index('billing_operations_user_idx').on(t.userId, t.startedAt)],
);

/** Webhook deliveries already handled, so a retried event is processed once. */
/**
 * Which coach has texted which client number from which of our numbers, with the consent notice
 * (who texts on whose behalf, how to stop) in that first message. A number new to a coach, or new
 * to one of our numbers, gets the notice again.
 */
export const smsConsents = pgTable(
  'sms_consents',
  {
    clientPhone: text('client_phone').notNull(),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ourNumber: text('our_number').notNull(),
    checkInId: uuid('check_in_id').references(() => checkIns.id, { onDelete: 'set null' }),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientPhone, t.ourNumber, t.coachId] })],
);

/** A client number that replied STOP to one of our numbers: no coach texts it from that number until START. */
export const smsOptOuts = pgTable(
  'sms_opt_outs',
  {
    phone: text('phone').notNull(),
    ourNumber: text('our_number').notNull(),
    keyword: text('keyword').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.phone, t.ourNumber] })],
);

/**
 * The conversation of one client number on one of our numbers when several coaches text it there:
 * the question asked (the coaches in the order they were offered) and the sender's answer, which
 * routes the following texts until a newer check-in is sent.
 */
export const smsRoutes = pgTable(
  'sms_routes',
  {
    clientPhone: text('client_phone').notNull(),
    ourNumber: text('our_number').notNull(),
    offeredCoachIds: uuid('offered_coach_ids').array().notNull().default(sql`'{}'::uuid[]`),
    askedAt: ts('asked_at'),
    chosenCoachId: uuid('chosen_coach_id').references(() => users.id, { onDelete: 'set null' }),
    chosenAt: ts('chosen_at'),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.clientPhone, t.ourNumber] })],
);

/** Texts held while the sender is asked which coach they are for; delivered once they answer. */
export const smsPendingInbound = pgTable(
  'sms_pending_inbound',
  {
    id: id(),
    clientPhone: text('client_phone').notNull(),
    ourNumber: text('our_number').notNull(),
    body: text('body').notNull(),
    messageSid: text('message_sid'),
    receivedAt: ts('received_at').notNull(),
    deliveredAt: ts('delivered_at'),
    deliveredToCoachId: uuid('delivered_to_coach_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('sms_pending_inbound_open_idx').on(t.clientPhone, t.ourNumber, t.receivedAt).where(sql`${t.deliveredAt} is null`)],
);

/**
 * Texts between a coach's number and a client outside a check-in: the coach's own messages from the
 * Conversation tab, and texts the client sends when no check-in awaits a reply. Check-in messages,
 * replies and follow-ups stay on their check_ins row; the thread reads both (decision 0076).
 */
export const clientMessages = pgTable(
  'client_messages',
  {
    id: id(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    coachId: uuid('coach_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    /** 'ai': the AI's answer to a further message in an answered check-in's conversation (decision 0094). */
    author: text('author', { enum: ['client', 'coach', 'ai'] }).notNull(),
    body: text('body').notNull(),
    /** Every client channel (decision 0084), and 'web' for an answer on the reply page (decision 0083). */
    channel: text('channel', { enum: [...CLIENT_CHANNELS, 'web'] }).notNull().default('sms'),
    /** A further answer through a check-in's reply page names that check-in (decision 0083). */
    checkInId: uuid('check_in_id').references(() => checkIns.id, { onDelete: 'set null' }),
    /** The sender and recipient: phone numbers for sms and whatsapp (ours `whatsapp:+1…`), e-mail addresses for email (decision 0081), 'reply page' for web. */
    fromNumber: text('from_number').notNull(),
    toNumber: text('to_number').notNull(),
    providerMessageId: text('provider_message_id'),
    status: text('status', { enum: ['sent', 'failed', 'received'] }).notNull(),
    failureReason: text('failure_reason'),
    deliveryStatus: text('delivery_status', { enum: DELIVERY_STATUSES }),
    deliveryError: text('delivery_error'),
    /**
     * A further message in an answered check-in's conversation (decision 0094): 'pending' while the
     * reply job owes it an AI answer, 'answered' once one was written, 'skipped' when the AI does not
     * answer it (bound reached, review on, no quota) and the coach was told. Null for every other message.
     */
    aiReply: text('ai_reply', { enum: ['pending', 'answered', 'skipped'] }),
    /** A further answer through the reply page: its quick answers, applied over the AI's reading like the first answer's. */
    clientAnswers: jsonb('client_answers').$type<ReplyAnswer[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('client_messages_client_idx').on(t.clientId, t.createdAt),
    // The coach's newest texts from clients, for the dashboard's Recent Activity.
    index('client_messages_coach_inbound_idx').on(t.coachId, t.createdAt).where(sql`${t.direction} = 'in'`),
    index('client_messages_provider_message_idx').on(t.providerMessageId).where(sql`${t.providerMessageId} is not null`),
    index('client_messages_check_in_idx').on(t.checkInId),
  ],
);

/**
 * When a client number last wrote to one of our WhatsApp senders: WhatsApp allows free-form
 * messages only within 24 hours of it, a template outside (decision 0084).
 */
export const whatsappSessions = pgTable(
  'whatsapp_sessions',
  {
    clientPhone: text('client_phone').notNull(),
    /** Our sender, `whatsapp:+1…`. */
    ourNumber: text('our_number').notNull(),
    lastInboundAt: ts('last_inbound_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientPhone, t.ourNumber] })],
);

export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  processedAt: ts('processed_at').notNull().defaultNow(),
});

/**
 * A product announcement an administrator sent (issue 18 item 7, decision 0092): `marketing` is
 * e-mailed to coaches with `email.marketingEmails` on, `breaking_news` is pushed (and listed in the
 * bell) to coaches with `push.breakingNews` on. A job sends it in batches; `completedAt` is set
 * when no recipient is left.
 */
export const announcements = pgTable('announcements', {
  id: id(),
  kind: text('kind').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  /** The admin who sent it; kept (null) when that account is deleted, the audit log names them. */
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** The recipients counted when the admin confirmed: what the confirmation showed. */
  confirmedRecipients: integer('confirmed_recipients').notNull(),
  createdAt: createdAt(),
  completedAt: ts('completed_at'),
});

/**
 * One row per (announcement, coach): inserted before the send with `on conflict do nothing`, so
 * two workers (or a retried job) never send one announcement twice to the same coach.
 */
export const announcementDeliveries = pgTable(
  'announcement_deliveries',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: ts('claimed_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
    /** Why the send failed, when it did (the provider's error); it is not retried. */
    failure: text('failure'),
  },
  (t) => [primaryKey({ columns: [t.announcementId, t.userId] })],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Client = typeof clients.$inferSelect;
export type Goal = typeof goals.$inferSelect;
export type CheckIn = typeof checkIns.$inferSelect;
export type ClientMessage = typeof clientMessages.$inferSelect;
export type Milestone = typeof milestones.$inferSelect;

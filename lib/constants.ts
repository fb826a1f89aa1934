/** Constants and texts of product §1.8-§1.9 used by browser and server alike. */

import type { ClientChannel } from './channels';
import { PLANS } from './plans';

export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_MIN_DIGITS = 7;
export const DEFAULT_PHONE_COUNTRY_CODE = '+1';

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
export const VERIFY_LINK_LIFETIME_MS = 48 * 60 * 60 * 1000;
export const POST_RESET_REDIRECT_MS = 2000;
export const LOGOUT_REDIRECT_MS = 100;

export const CSRF_CACHE_MS = 30 * 60 * 1000;
export const CSRF_REFRESH_AFTER_MS = 25 * 60 * 1000;
/** The server accepts a CSRF token a little longer than the client caches it. */
export const CSRF_MAX_AGE_MS = 2 * 60 * 60 * 1000;
export const CSRF_HEADER = 'x-csrf-token';

/**
 * A read that met 503 (the database restarting) is sent once more after this pause: right after a
 * restart each pooled database connection can fail its first query once.
 */
export const UNAVAILABLE_READ_RETRY_MS = 1000;

export const TOKEN_VALIDATION_INTERVAL_MS = 10 * 60 * 1000;
export const TOKEN_VALIDATION_MIN_GAP_MS = 60 * 1000;

/** Toasts close by themselves after this (product §1.9: 5000 ms); the coach workspace's own are shorter (WORKSPACE_TOAST_MS). */
export const TOAST_DURATION_MS = 5000;
/** Toasts on the administrator's screens (product §2.8: "close after 3 s"). */
export const ADMIN_TOAST_DURATION_MS = 3000;

export const SOCKET_TIMEOUT_MS = 30000;
export const SOCKET_RECONNECTION_ATTEMPTS = 3;
export const SOCKET_RECONNECTION_DELAY_MS = 2000;
export const SOCKET_RECONNECTION_DELAY_MAX_MS = 10000;
export const SOCKET_APP_MAX_RECONNECTS = 5;

export const BILLING_HISTORY_PAGE_SIZE = 10;
export const SECURITY_LOG_PAGE_SIZE = 50;
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_SIZE = 10;

export const TIME_RANGES = ['7d', '30d', '90d', '1y'] as const;
export const DEFAULT_TIME_RANGE = '30d';

/** Cookie names: the access token and session cookies let pages redirect before render. */
export const ACCESS_COOKIE = 'cadence_at';
export const REFRESH_COOKIE = 'cadence_rt';

/** Keys of the browser's stored auth data (product §1.4). */
export const STORAGE_KEYS = {
  token: 'token',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  csrfToken: 'csrfToken',
  user: 'user',
  adminToken: 'adminToken',
} as const;

/** What the API answers for a path or a method no endpoint serves. */
export const API_ERRORS = {
  noEndpoint: 'No API endpoint at this path',
  methodNotAllowed: (method: string) => `${method} is not allowed on this endpoint`,
} as const;

export const MESSAGES = {
  verifying: 'Verifying authentication...',
  crash: 'Something went wrong. Please try again later.',
  unknownPushService: 'This browser uses a push service Cadence does not send to.',
  loginSuccess: 'Login Successful',
  loginFailed: 'Invalid email or password',
  emailNotVerified: 'Please verify your email before logging in.',
  actionRequired: 'Action required before login can continue.',
  resendFailed: 'Failed to resend verification email. Please try again.',
  resendEmailRequired: 'Please enter your email address.',
  verificationInvalidToken: 'The verification link is invalid or has expired. Please request a new verification email.',
  verificationFailed: 'Email verification failed. Please try again or contact support.',
  verificationNoToken: 'Invalid verification link. No token provided.',
  registerFailed: 'An error occurred during registration.',
  forgotSuccess: 'If an account with this email exists, we have sent a password reset link.',
  forgotFailed: 'Failed to send reset link. Please try again.',
  resetFailed: 'Failed to reset password. The link may have expired. Please request a new one.',
  noRefreshToken: 'No refresh token available',
  noAccessTokenFromRefresh: 'No access token returned from refresh',
  authRequired: 'Authentication required. Please log in again.',
} as const;

export const VALIDATION = {
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNeedsSpecial: 'Password must include at least one special character',
  passwordNotSecure: 'Password does not meet security requirements',
  passwordTooWeak: 'This password is too easy to guess.',
  invalidPhone: 'Please enter a valid phone number',
  invalidEmailDot: 'Please enter a valid email address.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
} as const;

/** Texts of the account settings (product §1.5, §1.8). */
export const SETTINGS_VALIDATION = {
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  correctErrors: 'Please correct the errors in the form',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  passwordRules: 'Password must be at least 8 characters with uppercase, lowercase, number, and special character',
  confirmNewPassword: 'Please confirm your new password',
  passwordsDoNotMatch: 'Passwords do not match',
  typeDelete: 'Please type DELETE to confirm account deletion',
  deletePassword: 'Please enter your password to confirm account deletion',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordIncorrect: 'Password is incorrect',
  disable2faPassword: 'Enter your password to turn off two-factor authentication',
  passwordForEmailChange: 'Enter your current password to change your email address',
} as const;

export const SETTINGS_TOASTS = {
  loadProfileFailed: 'Failed to load profile data',
  updateProfileFailed: 'Failed to update profile',
  saveSurveyFailed: 'Failed to save coaching profile',
  updatePasswordFailed: 'Failed to update password',
  loadSessionsFailed: 'Failed to load active sessions',
  terminateSessionFailed: 'Failed to terminate session',
  terminateSessionsFailed: 'Failed to terminate sessions',
  securityLogFailed: 'Failed to fetch security log',
  exportFailed: 'Failed to submit data export request',
  deleteFailed: 'Failed to submit account deletion request',
  saveNotificationsFailed: 'Failed to save notification preferences',
  testNotificationFailed: 'Failed to send test notification',
  saveAppearanceFailed: 'Failed to save appearance preferences',
  timezoneFailed: 'Failed to update timezone',
  profileUpdated: 'Profile updated successfully',
  passwordUpdated: 'Password updated successfully',
  sessionTerminated: 'Session terminated successfully',
  sessionsTerminated: 'All other sessions terminated successfully',
  notificationsSaved: 'Notification preferences saved successfully',
  testNotificationSent: 'Test notification sent successfully!',
  appearanceSaved: 'Appearance preferences saved successfully',
  timezoneUpdated: 'Timezone updated successfully.',
} as const;

/**
 * Proving a coach's own phone by a texted code before any notification SMS goes to it
 * (decision 0069).
 */
export const PHONE_VERIFICATION = {
  codeLength: 6,
  lifetimeMs: 10 * 60 * 1000,
  /** Wrong codes before the code is void and a new one must be sent. */
  maxAttempts: 5,
} as const;

export const PHONE_VERIFICATION_MESSAGES = {
  noPhone: 'Add a phone number to your profile first',
  alreadyVerified: 'This phone number is already verified',
  codeSent: 'We texted a 6-digit code to your phone. It expires in 10 minutes.',
  codeRequired: 'Enter the 6-digit code from the text message',
  codeWrong: 'That code is not right. Check the text message and try again.',
  codeExpired: 'This code has expired. Send a new one.',
  tooManyAttempts: 'Too many wrong codes. Send a new one.',
  noPendingCode: 'Send a code to your phone first.',
  phoneChanged: 'Your phone number changed after the code was sent. Send a new one.',
  sendFailed: 'We could not send the text message. Please try again.',
  verified: 'Phone number verified',
  sendRefused: 'Too many verification codes requested.',
  smsNeedsVerifiedPhone: 'Text messages go only to a verified phone number.',
  smsSwitchHint: 'Texts start once your phone number is verified.',
  saveBeforeVerifying: 'Save the new number first, then verify it.',
} as const;

/** The text of the texted code; the code is the only variable part. */
export function phoneVerificationSms(code: string): string {
  return `Your Cadence verification code is ${code}. It expires in 10 minutes. If you did not ask for it, ignore this message.`;
}

/**
 * What a test notification says, on every channel. Fixed: a free text would let anyone make the
 * product send chosen words (a phishing text) under its name.
 */
export const TEST_NOTIFICATION_TEXT = 'This is a test notification from Cadence. Your notification settings work.';
export const NOTIFICATION_CHANNELS = ['email', 'sms', 'push', 'inApp'] as const;

export const DELETE_CONFIRM_WORD = 'DELETE';
export const DATA_EXPORT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const NOTIFICATION_DAILY_CAP_RANGE = { min: 1, max: 50 } as const;
export const REALTIME_TOAST_MS = 4000;
export const NOTIFICATION_SOUND_VOLUME = 0.5;
export const SOUND_NOTIFICATION_TYPES = ['checkin_response', 'goal_completed'] as const;

/** Coach workspace (product §2.4-§2.9). */
export const WORKSPACE_VALIDATION = {
  clientRequired: 'Please fill in all required fields (First Name, Last Name, Email, and Phone Number)',
  clientPhoneFormat: 'Phone number must be in format +1XXXXXXXXXX (US format)',
  editPhoneFormat: 'Invalid phone number format. Please enter 10 digits or 11 digits starting with 1.',
  targetRequired: 'Target value is required for progress goals',
  unitRequired: 'Unit is required for progress goals',
  scheduleEntry: 'Please select a time and at least one day',
  goalTitleRequired: 'Goal title is required',
  goalTypeRequired: 'Goal type is required',
  goalTargetRequired: 'Target is required for numeric and habit goals',
  targetGreaterThanZero: 'Please enter a valid target value greater than 0',
  progressNotEditable: 'Cannot edit progress for this goal type',
  clientIdMissing: 'Client ID is missing. Please refresh the page.',
  onlyUpcomingDeletable: 'Only upcoming check-ins can be deleted',
  imageOnly: 'Please choose an image file (PNG, JPEG, GIF or WebP)',
  imageTooLarge: 'The picture must be 5 MB or smaller',
} as const;

export const CHECK_IN_HISTORY_LIMIT = 50;
export const EXECUTIVE_SUMMARIES_PER_PAGE = 3;
export const CHECK_IN_LIST_PAGE_SIZE = 5;
export const CHECK_IN_LIST_POLL_MS = 120_000;
export const CLIENT_LIST_MIN_GAP_MS = 5_000;
export const CLIENT_LIST_POLL_MS = 5 * 60_000;
export const CLIENT_LIST_STALE_MS = 2 * 60_000;
export const CLIENT_LIST_REFOCUS_MS = 5 * 60_000;
export const DEFAULT_CHECK_IN_TIME = '09:00';
export const MILESTONE_DEFAULT_TARGET_SHARE = 0.25;
export const RECENT_ACTIVITY_ITEMS = 5;
export const RECENT_ACTIVITY_EXCERPT = 60;
export const NEXT_CHECK_INS_ITEMS = 5;
/** How far ahead an AI schedule's next check-ins are looked for (at least one a fortnight shows). */
export const AI_SCHEDULE_HORIZON_DAYS = 15;
/** The spec's scheduling debounce (product §2.9): the next check-ins preview follows the coach's edits this long after the last one. */
export const AI_SCHEDULE_PREVIEW_DEBOUNCE_MS = 300;
/** Goals shown under a client's name in the list (product §2.9). */
export const CLIENT_LIST_GOALS = 2;
export const PROFILE_PIC_MAX_BYTES = 5 * 1024 * 1024;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Texts of the Goals tab of the client detail (product §2.8; the successes are Cadence's own). */
export const WORKSPACE_GOAL_TOASTS = {
  fetchGoalsFailed: 'Failed to fetch client goals',
  fetchArchivedFailed: 'Failed to fetch archived goals',
  createFailed: 'Failed to set new goal',
  progressFailed: 'Error updating goal progress',
  unitFailed: 'Error updating unit',
  metricFailed: 'Error updating metric',
  updateFailed: 'Failed to update goal',
  completeFailed: 'Failed to complete goal',
  deleteFailed: 'Failed to delete goal',
  unarchiveFailed: 'Failed to un-archive goal',
  historyFailed: 'Failed to fetch goal history',
  milestonesFailed: 'Failed to update milestones',
  generateMilestonesFailed: 'Failed to generate milestones',
  milestonesAdded: 'Milestones added',
  milestonesReplaced: 'Milestones replaced',
  scheduleFailed: 'Failed to schedule check-in',
  removeCheckInFailed: 'Failed to remove check-in',
  toggleCheckInFailed: 'Failed to toggle check-in',
  cancelCheckInFailed: 'Failed to cancel check-in',
  goalCreated: 'Goal added',
  goalUpdated: 'Goal updated',
  progressUpdated: 'Progress updated',
  goalCompleted: 'Goal completed and archived',
  goalDeleted: 'Goal deleted',
  goalUnarchived: 'Goal restored to active goals',
  checkInCancelled: 'Check-in cancelled for this goal',
} as const;
/** Texts of the AI scheduling screen: the save failure is product §2.8's, the others Cadence's own. */
export const AI_SCHEDULE_TEXTS = {
  saveFailed: 'Failed to save check-in schedule',
  loadFailed: 'Failed to load check-in schedules',
  deleteFailed: 'Failed to delete check-in schedule',
  deleted: 'Check-in schedule deleted',
  paused: 'Schedule paused',
  resumed: 'Schedule resumed',
  pauseFailed: 'Failed to pause check-in schedule',
  resumeFailed: 'Failed to resume check-in schedule',
  pausedNote: 'Paused: no check-ins go out from this schedule until it is resumed.',
} as const;
/** Why a planned scheduled check-in was cancelled because its slot is gone (shown in the history). */
export const SLOT_GONE_REASONS = {
  removed: 'The schedule no longer has this slot',
  paused: 'The AI schedule is paused',
} as const;
/**
 * AI previews (a check-in message, generated milestones) one coach may ask for in an hour: each is
 * an AI call that sends nothing, so only this limit (besides the plan's quota) stops a loop of
 * regenerations (decision 0079).
 */
export const AI_PREVIEWS_PER_HOUR = 60;
/** Coach workspace messages (product §2.6, §2.8): a server `message` is shown when there is one, else these. */
export const WORKSPACE_TOASTS = {
  loadClientsFailed: 'Failed to load clients',
  loadArchivedFailed: 'Failed to load archived clients',
  archivedFormatInvalid: 'Invalid request format for archived clients',
  createClientFailed: 'Failed to create client',
  updateClientFailed: 'Failed to update client details',
  updateClientForbidden: 'You do not have permission to update this client. Please contact support.',
  updateTimezoneFailed: 'Failed to update client timezone',
  uploadPictureFailed: 'Failed to upload profile picture',
  holdFailed: 'Failed to pause check-ins',
  resumeFailed: 'Failed to resume check-ins',
  archiveFailed: 'Failed to archive client',
  unarchiveFailed: 'Failed to unarchive client',
  historyFailed: 'Failed to fetch check-in history',
  summariesFailed: 'Failed to fetch executive summaries',
  goalsFailed: 'Failed to fetch client goals',
  scheduleFailed: 'Failed to schedule check-in',
  sendCheckInFailed: 'Failed to send check-in',
  removeFailed: 'Failed to remove check-in',
  toggleFailed: 'Failed to toggle check-in',
  deleteCheckInFailed: 'Failed to delete check-in',
  undoProgressFailed: 'Failed to undo the goal change',
  authError: 'Authentication error. Please log in again.',
  clientCreated: 'Client added',
  clientUpdated: 'Client details saved',
  pictureUpdated: 'Profile picture updated',
  checkInsPaused: 'Check-ins paused',
  checkInsResumed: 'Check-ins resumed',
  clientArchived: 'Client archived',
  clientUnarchived: 'Client restored to the active list',
  checkInScheduled: 'Check-in scheduled',
  checkInRemoved: 'Check-in removed',
  checkInDeleted: 'Check-in deleted',
  checkInHeld: 'Check-in held: it will not be sent',
  checkInAlreadyHeld: 'This check-in was already held',
  holdCheckInFailed: 'Could not hold the check-in',
  upgradeLink: 'Upgrade your plan',
} as const;

/** How long the coach workspace's own toasts stay (product §2.9: 2-5 s). */
export const WORKSPACE_TOAST_MS = 3000;
/** Billing texts of product §1.5 and §1.8, and the local card form's field messages (Stripe's wording). */
export const BILLING_TOASTS = {
  changePlanFailed: 'Failed to change plan',
  portalFailed: 'Failed to open customer portal',
  cancelFailed: 'Failed to cancel subscription',
  historyFailed: 'Failed to load billing history',
  downloadFailed: 'Failed to download invoice',
  addPaymentMethodFailed: 'Failed to add payment method',
  invalidDiscount: 'Invalid discount code',
  loadFailed: 'Failed to load billing information',
  canceled: 'Subscription will be canceled at the end of your billing period',
  resumed: 'Your subscription will continue',
  resumeFailed: 'Failed to resume subscription',
  paymentMethodAdded: 'Payment method added',
  paymentMethodRemoved: 'Payment method removed',
  paymentMethodRemoveFailed: 'Failed to remove payment method',
  defaultChanged: 'Default payment method updated',
  defaultFailed: 'Failed to update default payment method',
  discountApplied: 'Discount code applied',
} as const;

export const BILLING_VALIDATION = {
  discountRequired: 'Please enter a discount code',
  discountInvalid: 'Invalid discount code',
  cardholderRequired: 'Please enter the name on the card',
  cardNumberInvalid: 'Your card number is invalid.',
  expiryInvalid: "Your card's expiration date is invalid.",
  cardExpired: 'Your card has expired.',
  cvvInvalid: "Your card's security code is invalid.",
  cardDeclined: 'Your card was declined.',
  line1Required: 'Please enter the street address',
  cityRequired: 'Please enter the city',
  zipRequired: 'Please enter the ZIP or postal code',
  countryInvalid: 'Please choose a country',
} as const;

export const BILLING_MESSAGES = {
  paymentMethodRequired: 'Add a payment method to change to a paid plan',
  cancelNotice: 'Subscription will be canceled at the end of your billing period',
  planUnavailable: 'This plan is not available',
  noSubscription: 'You have no paid subscription to cancel',
  returnUrlNotOfSite: 'returnUrl must be an address of this site',
  changeInProgress: 'Another billing change is in progress. Please wait for it to finish, then try again.',
} as const;

/**
 * How long a billing change may stay with the payments provider before another may take its
 * place. Each Stripe request may take 30 s and is tried 3 times, and a plan change makes up to
 * 5 of them; a process that died mid-change frees the user's billing after this.
 */
export const BILLING_OPERATION_LEASE_MS = 10 * 60 * 1000;

/**
 * The largest Stripe webhook body accepted. Stripe's events are well under 1 MB (a few KB, an
 * invoice with many lines some tens of KB); anything beyond is not Stripe and is refused before
 * it is buffered or its signature computed.
 */
export const STRIPE_WEBHOOK_MAX_BYTES = 512 * 1024;

/** A paid subscription whose renewal keeps failing is retried daily, then ended after this many attempts. */
export const RENEWAL_MAX_ATTEMPTS = 3;
export const RENEWAL_RETRY_MS = 24 * 60 * 60 * 1000;
export const DEFAULT_BILLING_COUNTRY = 'US';
/** Administrator texts (product §2.2, §2.4, §2.5, §2.8). */
export const ADMIN_MESSAGES = {
  portalTitle: 'Admin Portal',
  returnToLogin: 'Return to Main Login',
  loginFailed: 'Invalid email or password',
  accessDenied: 'Access denied. Admin privileges required.',
  loadingDashboard: 'Loading dashboard data...',
  fetchFailed: 'Failed to fetch dashboard data. Please try again.',
  partialFailure: 'Some data could not be loaded, but the dashboard is still functional',
  noPermission: 'You do not have permission to access the admin dashboard',
  tryAgain: 'Try Again',
  refreshData: 'Refresh Data',
  waiting: 'Waiting...',
  createAdminFailed: 'Failed to create admin',
  deleteAdminFailed: 'Failed to delete admin',
  updateAdminFailed: 'Failed to update admin',
  deleteAdminConfirm: 'Are you sure you want to delete this admin?',
  adminCreated: 'Admin created successfully',
  adminDeleted: 'Admin deleted successfully',
  adminUpdated: 'Admin updated successfully',
  profileUpdated: 'Profile updated successfully!',
  profileUpdateFailed: 'Failed to update profile',
  passwordChanged: 'Password changed successfully!',
  passwordChangeFailed: 'Failed to change password',
  billingLoadFailed: 'Failed to load billing data',
  refundFailed: 'Failed to refund transaction',
  refunded: 'Transaction refunded successfully',
  planUpdateFailed: 'Failed to update user plan',
  planUpdated: (plan: string) => `User plan updated to ${plan} successfully`,
  analyticsLoadFailed: 'Failed to load analytics data',
  crash: 'Something went wrong. Please try again later.',
  cannotDeleteSelf: 'You cannot delete your own admin account',
  cannotChangeOwnAccess: 'You cannot change your own role or admin level',
  superAdminOnly: 'Only a super admin can create, change or delete super admin accounts',
  refundOnlySucceeded: 'Only succeeded (paid) transactions can be refunded',
  alreadyRefunded: 'This transaction has already been refunded',
} as const;

/** Empty-state texts of the admin tabs (product §2.2). */
export const ADMIN_EMPTY_STATES = {
  apiUsage: 'No API usage data available.',
  collecting: 'The system may still be collecting usage metrics or there is no activity yet.',
  trends: 'No usage trend data available.',
  services: 'No service breakdown data available.',
  errors: 'No errors recorded in this period.',
  platform: 'No platform statistics available.',
  checkInTrend: 'No check-ins in the last 30 days.',
  topUsers: 'No user API usage in this period.',
  admins: 'No administrators found.',
  latestUsers: 'No users yet.',
  latestClients: 'No clients yet.',
  auditLog: 'No admin actions recorded yet.',
  transactions: 'No transactions found.',
  subscribers: 'No users found.',
  subscribersSearch: 'No user matches this search.',
  subscribersFailed: 'The search failed. Try again in a moment.',
  revenue: 'No revenue in this period.',
  planDistribution: 'No users on any plan yet.',
  churn: 'No subscription changes in this period.',
  topRevenueUsers: 'No paying users in this period.',
} as const;

/** Admin date ranges (product §2.9): default the last 30 days; all time starts 2020-01-01. */
export const ADMIN_DATE_RANGES = {
  defaultDays: 30,
  allTimeStart: '2020-01-01',
  /** Report bounds outside which no record can lie (and Postgres' date arithmetic would overflow). */
  earliest: '2000-01-01',
  latest: '2099-12-31',
  presets: [
    { id: '7d', label: 'Last 7 Days', days: 7 },
    { id: '30d', label: 'Last Month', days: 30 },
    { id: '180d', label: 'Last 6 Months', days: 180 },
    { id: '365d', label: 'Last Year', days: 365, overviewOnly: true },
    { id: 'all', label: 'All Time', days: null },
  ],
} as const;

/** Admin dashboard fetch rules (product §2.4, §2.9). */
export const ADMIN_FETCH = {
  debounceMs: 600,
  /** The user-plans search asks the server once typing pauses this long. */
  searchDebounceMs: 300,
  minGapMs: 1000,
} as const;

/** Admin list sizes and number formats (product §2.9). */
export const ADMIN_LIMITS = {
  trendPreviewRows: 10,
  errorSampleMessages: 2,
  transactions: 50,
  transactionsMax: 200,
  topUsers: 10,
  recentActivity: 5,
  auditLog: 50,
  subscribers: 50,
  costDecimals: 4,
  rateDecimals: 1,
  platformTrendDays: 30,
  activeUserDays: 30,
} as const;

export const ADMIN_PLAN_IDS = ['free', 'basic', 'professional', 'enterprise'] as const;
export type AdminPlanId = (typeof ADMIN_PLAN_IDS)[number];
export const isAdminPlanId = (plan: string): plan is AdminPlanId => (ADMIN_PLAN_IDS as readonly string[]).includes(plan);
/** The plans an admin can move a user to (product §2.9), labelled with the catalogue's names (decision 0095). */
export const ADMIN_PLANS: readonly { id: AdminPlanId; label: string }[] = ADMIN_PLAN_IDS.map((id) => ({ id, label: PLANS[id].name }));

/** Admin form validation texts (product §2.5). */
export const ADMIN_VALIDATION = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  usernameRequired: 'Username is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Please enter a valid email address',
  passwordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  currentPasswordRequired: 'Current password is required',
  roleInvalid: 'Role must be admin or super_admin',
  planInvalid: 'Plan must be one of free, basic, professional, enterprise',
  reasonRequired: 'Please give a reason for the refund',
  dateRangeIncomplete: 'Choose both a start and an end date',
  dateRangeOrder: 'The start date must be before the end date',
  dateOutOfRange: `Use a date between ${ADMIN_DATE_RANGES.earliest} and ${ADMIN_DATE_RANGES.latest}`,
} as const;

/** Analytics screens (product §2.2, §2.8). */
export const ANALYTICS = {
  title: 'Analytics',
  sections: { overview: 'Overview', clients: 'Clients', goals: 'Goals', engagement: 'Communication' },
  empty: {
    overview: 'No overview data available',
    clients: 'No client data available',
    goals: 'No goal data available',
    engagement: 'No communication data available',
    activeClients: 'No active clients found',
  },
  errors: {
    overview: 'Failed to load overview analytics',
    clients: 'Failed to load client analytics',
    goals: 'Failed to load goal analytics',
    engagement: 'Failed to load communication analytics',
  },
  retry: 'Retry',
  loading: 'Loading analytics…',
  timeRangeLabel: 'Time range',
} as const;

/**
 * sessionStorage, one key per channel: the coach has confirmed once this session that a message
 * from the Conversation tab goes out by that channel (a confirmed e-mail says nothing of a text's cost).
 */
export const coachMessageConfirmedKey = (channel: ClientChannel) => `cadence.coachMessageConfirmed.${channel}`;

/** The Conversation tab of the client detail (decision 0076); the composer names the channel the server will use (decision 0084). */
export const CONVERSATION_TEXTS = {
  loadFailed: 'Could not load the conversation',
  earlierFailed: 'Could not load earlier messages. Try again.',
  empty: 'No messages yet. Check-ins, replies and your own messages to this client appear here.',
  sendFailed: 'Could not send the message',
  sent: 'Message sent',
  placeholder: {
    sms: 'Write a text to the client…',
    email: 'Write an e-mail to the client…',
    whatsapp: 'Write a WhatsApp message to the client…',
  } satisfies Record<ClientChannel, string>,
  keyboardHint: 'Enter sends, Shift+Enter adds a line.',
  confirmTitle: {
    sms: 'Text this client?',
    email: 'E-mail this client?',
    whatsapp: 'Message this client on WhatsApp?',
  } satisfies Record<ClientChannel, string>,
  confirmLabel: {
    sms: 'Send text',
    email: 'Send e-mail',
    whatsapp: 'Send WhatsApp message',
  } satisfies Record<ClientChannel, string>,
  confirmBody: {
    sms: (to: string) => `This sends a text message to ${to} from Cadence's number, in your name.`,
    email: (to: string) => `This sends an e-mail to ${to} in your name; the client's reply comes back to this conversation.`,
    whatsapp: (to: string) => `This sends a WhatsApp message to ${to} from Cadence's WhatsApp number, in your name.`,
  } satisfies Record<ClientChannel, (to: string) => string>,
  /** Only where a message is paid per message: e-mail has no per-message cost. */
  confirmCost: {
    sms: 'Each text costs an SMS (one per 160 characters).',
    email: null,
    whatsapp: 'Each WhatsApp message is billed as one message.',
  } satisfies Record<ClientChannel, string | null>,
  /** The fallback channel, named when the server has one to try once after a refusal. */
  confirmFallback: {
    sms: 'If it is refused, it goes once as a text message instead (one SMS).',
    email: 'If it is refused, it goes once as an e-mail instead.',
    whatsapp: 'If it is refused, it goes once as a WhatsApp message instead.',
  } satisfies Record<ClientChannel, string>,
  confirmOnce: 'You will not be asked again in this session.',
} as const;

/**
 * The AI answers at most this many further messages of a client in one check-in's conversation
 * (after its follow-up; decision 0094): a chatty client cannot make it write for ever. Later ones
 * are kept in the conversation and passed to the coach, who answers them.
 */
export const AI_FURTHER_ANSWERS_PER_CHECK_IN = 2;

/** Constants and texts of spec 01 §8-§9 used by browser and server alike. */

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

export const TOKEN_VALIDATION_INTERVAL_MS = 10 * 60 * 1000;
export const TOKEN_VALIDATION_MIN_GAP_MS = 60 * 1000;

export const TOAST_DURATION_MS = 5000;

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

/** Keys of the browser's stored auth data (spec 01 §4). */
export const STORAGE_KEYS = {
  token: 'token',
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  csrfToken: 'csrfToken',
  user: 'user',
  adminToken: 'adminToken',
} as const;

export const MESSAGES = {
  verifying: 'Verifying authentication...',
  crash: 'Something went wrong. Please try again later.',
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
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess.',
  invalidPhone: 'Please enter a valid phone number',
  invalidEmailDot: 'Please enter a valid email address.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  phoneRequired: 'Phone number is required',
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
} as const;

/** Texts of the account settings (spec 01 §5, §8). */
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
  testMessageRequired: 'Please enter a test message',
  currentPasswordIncorrect: 'Current password is incorrect',
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

export const DELETE_CONFIRM_WORD = 'DELETE';
export const DATA_EXPORT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const NOTIFICATION_DAILY_CAP_RANGE = { min: 1, max: 50 } as const;
export const REALTIME_TOAST_MS = 4000;
export const NOTIFICATION_SOUND_VOLUME = 0.5;
export const SOUND_NOTIFICATION_TYPES = ['checkin_response', 'goal_completed'] as const;

/** Coach workspace (spec 02 §4-§9). */
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
export const PROFILE_PIC_MAX_BYTES = 5 * 1024 * 1024;
export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export const WEEKDAY_SHORT = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** Analytics screens (spec 02 §2, §8). */
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

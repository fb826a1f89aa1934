import { formatDistanceToNowStrict } from 'date-fns';

/** "5 minutes ago", or "just now" inside the last minute. */
export function relativeTime(iso: string, now = Date.now()): string {
  const date = new Date(iso);
  if (Math.abs(now - date.getTime()) < 60_000) return 'just now';
  return formatDistanceToNowStrict(date, { addSuffix: true });
}

export function formatBytes(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined) return null;
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Readable names of the security log's event types (server/services/security-log.ts). */
const EVENT_LABELS: Record<string, string> = {
  register: 'Account created',
  login: 'Signed in',
  login_failed: 'Failed sign-in',
  logout: 'Signed out',
  email_verified: 'Email verified',
  verification_resent: 'Verification email resent',
  password_reset_requested: 'Password reset requested',
  password_reset: 'Password reset',
  password_changed: 'Password changed',
  token_refresh_reuse: 'Suspicious token reuse — session ended',
  session_revoked: 'Session signed out',
  sessions_revoked: 'Other sessions signed out',
  profile_updated: 'Profile updated',
  email_change_requested: 'Email change requested',
  data_export: 'Data export requested',
  account_deleted: 'Account deleted',
  admin_login: 'Administrator sign-in',
  two_factor_enabled: 'Two-factor authentication on',
  two_factor_disabled: 'Two-factor authentication off',
  timezone_updated: 'Timezone changed',
  admin_action: 'Administrator action',
};

/** A known type's label; an unknown one becomes "Some new event". */
export function eventLabel(type: string): string {
  const known = EVENT_LABELS[type];
  if (known) return known;
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : 'Event';
}

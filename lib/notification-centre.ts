/**
 * What the bell and Web Push show for each kind of notification (issue 18 items 4-5, decision 0088):
 * the title, and the screen a click opens when the notification names none.
 */

export const NOTIFICATION_TITLES: Record<string, string> = {
  checkin_response: 'Client reply',
  goal_completed: 'Goal reached',
  missed_checkin: 'Missed check-in',
  goal_deadline: 'Goal deadline',
  ai_insight: 'AI insight',
  system: 'Cadence',
  session_reminder: 'Check-in reminder',
  breaking_news: 'Cadence news',
  client_quiet: 'Client gone quiet',
  test: 'Test notification',
};

const DEFAULT_TITLE = 'Cadence';

export const NOTIFICATION_DEFAULT_LINKS: Record<string, string> = {
  checkin_response: '/dashboard',
  goal_completed: '/dashboard',
  missed_checkin: '/dashboard',
  goal_deadline: '/dashboard',
  ai_insight: '/dashboard',
  session_reminder: '/dashboard',
  client_quiet: '/dashboard',
  system: '/settings?tab=notifications',
  breaking_news: '/dashboard',
  test: '/settings?tab=notifications',
};

const DEFAULT_LINK = '/dashboard';

export const notificationTitle = (type: string) => NOTIFICATION_TITLES[type] ?? DEFAULT_TITLE;

/** Only a path on this site: a stored link must never send a click elsewhere. */
export function notificationLink(type: string, link: string | null | undefined): string {
  if (link && link.startsWith('/') && !link.startsWith('//')) return link;
  return NOTIFICATION_DEFAULT_LINKS[type] ?? DEFAULT_LINK;
}

/** Rows per page of the bell's list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;

/** How long a push service keeps trying an offline device; a notification older than a day is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * The push services browsers subscribe with (Chrome, Edge's legacy and current, Firefox, Safari), by
 * host suffix. A subscription's endpoint is a URL the server later connects to, so any other host
 * would let a user point the server at internal addresses (SSRF, decision 0109).
 */
export const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'] as const;

/** Whether `endpoint` is https on one of `hosts` (or a subdomain of one); no port other than 443. */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  return hosts.some((h) => host === h || host.endsWith(`.${h}`));
}

/** The longest device label stored for a push subscription. */
export const PUSH_DEVICE_LABEL_MAX = 120;

/** The service worker's URL; it controls the whole site so a click can focus any open tab. */
export const SERVICE_WORKER_URL = '/sw.js';

/** `messageId` of the `message-read` event when every notification was marked read. */
export const NOTIFICATION_READ_ALL = 'all';

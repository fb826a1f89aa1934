/**
 * One-click unsubscribe (RFC 8058) for the e-mails a coach can switch off (issue 18 item 7,
 * decision 0092). Each list is one switch of the e-mail settings (product §1.9).
 */
export const UNSUBSCRIBE_LISTS = ['marketing', 'weeklyDigest', 'dailyReminders'] as const;
export type UnsubscribeList = (typeof UNSUBSCRIBE_LISTS)[number];

/** The switch of `notificationPreferences.email` each list is. */
export const UNSUBSCRIBE_LIST_SWITCH = {
  marketing: 'marketingEmails',
  weeklyDigest: 'weeklyDigest',
  dailyReminders: 'dailyReminders',
} as const satisfies Record<UnsubscribeList, string>;

/** How the page names each list. */
export const UNSUBSCRIBE_LIST_NAMES: Readonly<Record<UnsubscribeList, string>> = {
  marketing: 'product news and offers (marketing e-mails)',
  weeklyDigest: 'the weekly digest',
  dailyReminders: 'the daily reminder',
};

/** The API path a mail client posts to (List-Unsubscribe) and a person's browser opens. */
export const UNSUBSCRIBE_API_PATH = '/api/unsubscribe';
/** The confirmation page the GET of the API path leads to. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

export const UNSUBSCRIBE_TEXTS = {
  notFound: 'This unsubscribe link is not valid. You can change which e-mails you receive in Settings → Notifications.',
  footer: 'You receive this because it is switched on in your Cadence notification settings. Unsubscribe:',
} as const;

/** Changes through unsubscribe links from one address: a person clicks a few, a scanner many. */
export const UNSUBSCRIBE_RATE_LIMIT = { name: 'unsubscribe:ip', limit: 30, windowSeconds: 60 * 60 } as const;

/**
 * Product announcements sent by an administrator (issue 18 item 7, decision 0092). Shared by the
 * admin screen, the schemas and the sending service.
 */
export const ANNOUNCEMENT_KINDS = ['marketing', 'breaking_news'] as const;
export type AnnouncementKind = (typeof ANNOUNCEMENT_KINDS)[number];

export const ANNOUNCEMENT_KIND_LABELS: Readonly<Record<AnnouncementKind, string>> = {
  marketing: 'Marketing e-mail',
  breaking_news: 'Breaking news (push)',
};

/** Which setting a coach turns on to receive each kind (Settings → Notifications, product §1.9). */
export const ANNOUNCEMENT_KIND_SETTINGS: Readonly<Record<AnnouncementKind, string>> = {
  marketing: 'E-mail → Marketing e-mails',
  breaking_news: 'Push → Breaking news',
};

export const ANNOUNCEMENT_LIMITS = {
  subjectMax: 150,
  /** A push shows a few lines; an e-mail can say more. */
  bodyMax: 5000,
  breakingNewsBodyMax: 300,
  /** Recipients claimed and sent per step of the sending job. */
  batchSize: 50,
  /** Announcements listed on the admin screen. */
  listed: 10,
} as const;

export const ANNOUNCEMENT_TEXTS = {
  queued: 'The announcement is being sent.',
  noRecipients: 'No coach has this kind of announcement switched on: nobody would receive it.',
  changedCount: 'The number of recipients changed since you reviewed it. Review it again.',
} as const;

/** Announcements one administrator may send: each reaches every coach who opted in. */
export const ANNOUNCEMENT_RATE_LIMIT = { name: 'announcement:admin', limit: 5, windowSeconds: 24 * 60 * 60, refusal: 'Too many announcements today.' } as const;

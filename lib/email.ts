/**
 * E-mail to and from clients: limits of the inbound path and the subject lines of check-in mail.
 * See docs/operations.md "Inbound e-mail" and decision 0081.
 */

/**
 * The largest Resend webhook body read. The `email.received` event carries only metadata (addresses,
 * subject, attachment names; the body is fetched through the receiving API), so 256 KB is ample.
 */
export const RESEND_WEBHOOK_MAX_BYTES = 256 * 1024;

/** An inbound e-mail reply, once quoted history and signature are stripped, is stored at most this long (characters). */
export const INBOUND_EMAIL_MAX_CHARS = 5000;

/** The receiving domain of reply addresses when INBOUND_EMAIL_DOMAIN is unset (local development). */
export const DEFAULT_INBOUND_EMAIL_DOMAIN = 'reply.cadence.local';

/** The subject of a check-in e-mail; follow-ups answer it with "Re: ". */
export const checkInEmailSubject = (coachName: string) => `Check-in from ${coachName}`;
/** The coach's own message from the Conversation tab, when the client's channel is e-mail (decision 0084). */
export const coachMessageEmailSubject = (coachName: string) => `A message from ${coachName}`;
export const followUpEmailSubject = (coachName: string) => `Re: ${checkInEmailSubject(coachName)}`;

import { PLATFORM_TEXTS, type ClientLanguage } from './languages';

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

/** The subjects of a client's e-mails, in the client's language (decision 0094); follow-ups answer the check-in with "Re: ". */
export const checkInEmailSubject = (coachName: string, language: ClientLanguage) => PLATFORM_TEXTS[language].checkInSubject(coachName);
/** The coach's own message from the Conversation tab, when the client's channel is e-mail (decision 0084). */
export const coachMessageEmailSubject = (coachName: string, language: ClientLanguage) => PLATFORM_TEXTS[language].messageSubject(coachName);
export const followUpEmailSubject = (coachName: string, language: ClientLanguage) => `Re: ${checkInEmailSubject(coachName, language)}`;

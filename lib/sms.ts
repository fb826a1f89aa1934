/**
 * Text messages to clients: limits, keywords and every text Cadence itself sends to a client's
 * phone (the AI writes the check-ins; these are the platform's own). See docs/operations.md
 * "SMS routing, consent and shared numbers".
 */

import { ALL_OPT_IN_WORDS, ALL_OPT_OUT_WORDS, DEFAULT_CLIENT_LANGUAGE, PLATFORM_TEXTS, type ClientLanguage } from './languages';

/**
 * The largest Twilio webhook body read. An inbound message is a few form fields (Body is at most
 * 1,600 characters, ten segments); 64 KB leaves room for every field Twilio adds.
 */
export const TWILIO_WEBHOOK_MAX_BYTES = 64 * 1024;

/** The number texts go from when TWILIO_FROM_NUMBER is unset (Twilio's test "from" number; the outbox). */
export const DEFAULT_SMS_FROM_NUMBER = '+15005550006';
/** The WhatsApp sender of local mode (Twilio's sandbox number); a Twilio setup must configure TWILIO_WHATSAPP_FROM. */
export const DEFAULT_WHATSAPP_FROM = 'whatsapp:+14155238886';

/** Whole-message keywords carriers require us to honour, in every client language (lib/languages.ts). */
export const SMS_STOP_WORDS: ReadonlySet<string> = ALL_OPT_OUT_WORDS;
export const SMS_START_WORDS: ReadonlySet<string> = ALL_OPT_IN_WORDS;

/**
 * A text the coach wrote or edited (a check-in, a follow-up, a message from the Conversation tab)
 * is at most this long: Twilio takes 1,600 characters, and the first text to a number also carries
 * the consent notice (about 220).
 */
export const COACH_MESSAGE_MAX_CHARS = 1200;

/** Past this many characters a text is split into more than two segments (each one billed). */
export const SMS_LENGTH_HINT_CHARS = 320;

/** An inbound text is stored at most this long (characters). */
export const INBOUND_SMS_MAX_CHARS = 2000;

/** A held text asks "which coach?" again after this long without an answer (the same choice of coaches). */
export const WHICH_COACH_REPEAT_AFTER_MS = 60 * 60_000;

/**
 * A number is read as the answer to "which coach?" only this long after the question, and only while
 * no newer check-in went to the sender: later, "2" is a reply (a check-in may ask for a rating).
 */
export const WHICH_COACH_ANSWER_WINDOW_MS = 24 * 60 * 60_000;

export const SMS_TEXTS = {
  /**
   * Put before the first message a client number gets from a coach through one of our numbers
   * (A2P consent notice): who texts, on whose behalf, how to stop and what STOP covers.
   */
  consentNotice: (coachName: string, language: ClientLanguage = DEFAULT_CLIENT_LANGUAGE) => PLATFORM_TEXTS[language].consentNotice(coachName),
  /** When a number has open conversations with several coaches on one of our numbers. */
  whichCoach: (coachNames: string[]) =>
    `Cadence: which coach is your message for? ${coachNames.map((name, i) => `Reply ${i + 1} for ${name}`).join(', ')}.`,
} as const;

/** A first text as the client's phone gets it: the consent notice, a blank line, the message. */
export const afterConsentNotice = (notice: string, message: string) => `${notice}\n\n${message}`;

/** Messages per page of a client's conversation (the newest page first). */
export const THREAD_PAGE_SIZE = 50;
export const THREAD_PAGE_MAX = 100;

/** Why the coach cannot text a client from the Conversation tab (409), as the composer shows it. */
export const COACH_MESSAGE_REFUSALS = {
  archived: 'The client is archived: bring them back from Archived Clients to text them',
  noPhone: 'The client has no phone number',
  optedOut: 'The client replied STOP and gets no texts until they reply START',
  noConsent: 'Send a check-in first: Cadence introduces itself and how to opt out in the first text',
  noChannel: 'None of the client’s channels can carry a message now:',
} as const;

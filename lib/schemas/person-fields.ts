import { z } from 'zod';
import { PHONE_MIN_DIGITS } from '../constants';

/**
 * The rules of the fields a person fills in at sign-up and again in the profile, kept here once so
 * that a value one form refuses is never stored through the other (product §1.5). Each form passes
 * its own texts: the spec words the same check differently on each screen.
 */

export const PERSON_NAME_MAX = 80;
export const EMAIL_MAX = 254;
export const PHONE_MAX_DIGITS = 15;

/** First or last name: 1-80 characters once trimmed. */
export const personNameSchema = (required: string) =>
  z.string({ error: required }).trim().min(1, { error: required, abort: true }).max(PERSON_NAME_MAX, `Must be at most ${PERSON_NAME_MAX} characters`);

/** Lower-cased, so one address is one account whatever its spelling. */
export const emailAddressSchema = (messages: { required: string; invalid: string }) =>
  z
    .string({ error: messages.required })
    .trim()
    .min(1, { error: messages.required, abort: true })
    .max(EMAIL_MAX, messages.invalid)
    .email(messages.invalid)
    .transform((v) => v.toLowerCase());

/** Spaces, dots, dashes and brackets people type between the digits. */
export const normalisePhone = (value: string) => value.replace(/[\s().-]/g, '');

/** An optional plus, then 7-15 digits of which the first is 1-9 (separators aside). */
export function isPhoneNumber(value: string): boolean {
  return new RegExp(`^\\+?[1-9]\\d{${PHONE_MIN_DIGITS - 1},${PHONE_MAX_DIGITS - 1}}$`).test(normalisePhone(value));
}

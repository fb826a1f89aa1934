import { z } from 'zod';
import { PHONE_MIN_DIGITS } from '../constants';

/**
 * The rules of the fields a person fills in at sign-up and again in the profile, kept here once so
 * that a value one form refuses is never stored through the other (product §1.5). Each form passes
 * its own texts: the spec words the same check differently on each screen. The phone is the one
 * field whose rule the spec itself sets apart per screen, so it has two.
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

/**
 * Sign-up's phone (product §5 Register): at least 7 digits, at most 15, an optional plus; separators
 * aside. A local number with its leading 0 ("07700 900123") is one.
 */
export function isPhoneNumber(value: string): boolean {
  return new RegExp(`^\\+?\\d{${PHONE_MIN_DIGITS},${PHONE_MAX_DIGITS}}$`).test(normalisePhone(value));
}

/** The profile's phone (product §5 Profile save): an optional plus, a first digit 1-9, at most 15 digits. */
const PROFILE_PHONE_PATTERN = new RegExp(`^\\+?[1-9]\\d{0,${PHONE_MAX_DIGITS - 1}}$`);
export const isProfilePhone = (value: string) => PROFILE_PHONE_PATTERN.test(normalisePhone(value));

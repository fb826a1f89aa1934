import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';

export const PASSWORD_MAX_LENGTH = 128;

/**
 * The one password rule of Cadence: these five requirements (product §1.5), in checklist order.
 * Sign-up, reset and change all judge a new password by them, so a password one form takes is
 * never refused by another; "special" is any character that is not a letter or a digit.
 */
export const PASSWORD_REQUIREMENTS = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p: string) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'upper', label: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export function meetsAllRequirements(password: string): boolean {
  return PASSWORD_REQUIREMENTS.every((r) => r.test(password));
}

type RequirementId = (typeof PASSWORD_REQUIREMENTS)[number]['id'];

export interface PasswordMessages {
  /** Absent, or not text. */
  required: string;
  /** Empty, when the form says it otherwise than absent (reset calls it not secure). */
  empty?: string;
  /** A requirement not met, unless `byRequirement` names it. */
  unmet: string;
  /** A form's own text for some requirements (sign-up has one for the length and one for the special character). */
  byRequirement?: Partial<Record<RequirementId, string>>;
}

/**
 * A new password under the one rule, told in a form's own words: each distinct message of the
 * requirements it misses, in checklist order (a short password without a special character is
 * told both at once).
 */
export function newPasswordSchema(messages: PasswordMessages) {
  return z
    .string({ error: messages.required })
    .min(1, { error: messages.empty ?? messages.required, abort: true })
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
    .superRefine((password, ctx) => {
      const missed = PASSWORD_REQUIREMENTS.filter((r) => !r.test(password)).map((r) => messages.byRequirement?.[r.id] ?? messages.unmet);
      for (const message of new Set(missed)) ctx.addIssue({ code: 'custom', message });
    });
}

export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'] as const;

/** Strength 0-4: a point each for 8+, 12+, uppercase, lowercase, digit, special; capped at 4. */
export function passwordStrength(password: string): number {
  const points = [
    password.length >= 8,
    password.length >= 12,
    /[A-Z]/.test(password),
    /[a-z]/.test(password),
    /\d/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ].filter(Boolean).length;
  return Math.min(4, points);
}

import { z } from 'zod';
import { errorBodySchema, okSchema, okWithMessageSchema } from '../contract/common';
import { publicUserSchema } from './account';
import { MESSAGES, PASSWORD_MIN_LENGTH, VALIDATION } from '../constants';
import { hasSpecialCharacter, meetsAllRequirements } from '../password-rules';
import { emailAddressSchema, isPhoneNumber, personNameSchema } from './person-fields';

const email = (required: string = VALIDATION.emailRequired) => emailAddressSchema({ required, invalid: VALIDATION.invalidEmailDot });

const registerPassword = z
  .string({ error: VALIDATION.passwordRequired })
  .min(1, { error: VALIDATION.passwordRequired, abort: true })
  // Not aborting: a short password without a special character is told both at once.
  .min(PASSWORD_MIN_LENGTH, VALIDATION.passwordTooShort)
  .max(128, 'Password must be at most 128 characters')
  .refine(hasSpecialCharacter, VALIDATION.passwordNeedsSpecial);

const phone = z
  .string({ error: VALIDATION.phoneRequired })
  .trim()
  .min(1, { error: VALIDATION.phoneRequired, abort: true })
  .refine(isPhoneNumber, VALIDATION.invalidPhone);

export const registerSchema = z.object({
  firstName: personNameSchema(VALIDATION.firstNameRequired),
  lastName: personNameSchema(VALIDATION.lastNameRequired),
  email: email(),
  phone,
  password: registerPassword,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string().min(1, VALIDATION.confirmRequired), countryCode: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: VALIDATION.passwordsDoNotMatch, path: ['confirmPassword'] });

export const loginSchema = z.object({
  email: email(),
  password: z.string({ error: VALIDATION.passwordRequired }).min(1, VALIDATION.passwordRequired).max(256),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: email(VALIDATION.invalidEmailDot) });

export const resendVerificationSchema = z.object({ email: email(MESSAGES.resendEmailRequired) });

export const resetPasswordSchema = z.object({
  password: z
    .string({ error: VALIDATION.passwordRequired })
    .max(128, 'Password must be at most 128 characters')
    .refine(meetsAllRequirements, VALIDATION.passwordNotSecure),
});

export const resetPasswordFormSchema = resetPasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { message: VALIDATION.passwordsDoNotMatch, path: ['confirmPassword'] });

export const refreshTokenSchema = z.object({ refreshToken: z.string().min(1).max(512).optional() });

/** Any text is looked up; one that was never issued is simply not found (INVALID_TOKEN). */
export const tokenParamSchema = z.object({ token: z.string().min(1).max(512) });

export const registerResponseSchema = okWithMessageSchema.extend({ user: publicUserSchema });

/** The login answer of product §1.3; `token` and `accessToken` are the same token. */
export const loginResponseSchema = z.object({ token: z.string(), accessToken: z.string(), refreshToken: z.string(), user: publicUserSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The 403 of a right password on an account with two-factor on: the ticket the second step sends back. */
export const twoFactorRequiredBodySchema = errorBodySchema.extend({
  error: z.literal('TWO_FACTOR_REQUIRED'),
  actionRequired: z.literal('two_factor'),
  twoFactorToken: z.string(),
});
export type TwoFactorRequiredBody = z.infer<typeof twoFactorRequiredBodySchema>;

export const refreshResponseSchema = z.object({ accessToken: z.string(), newRefreshToken: z.string() });

/** The access token opens a short session so an API client can continue at once (product §1.3). */
export const verifyEmailResponseSchema = okWithMessageSchema.extend({ token: z.string(), user: publicUserSchema });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponseSchema>;

/** The same token also travels in the `x-csrf-token` header. */
export const csrfTokenResponseSchema = okSchema.extend({ csrfToken: z.string() });

import { okWithMessageSchema } from './common';
import { endpoint } from './endpoint';
import { twoFactorLoginSchema, validateTokenResponseSchema } from '../schemas/account';
import {
  csrfTokenResponseSchema,
  forgotPasswordSchema,
  loginResponseSchema,
  loginSchema,
  refreshResponseSchema,
  refreshTokenSchema,
  registerResponseSchema,
  registerSchema,
  resendVerificationSchema,
  resetPasswordSchema,
  tokenParamSchema,
  verifyEmailResponseSchema,
} from '../schemas/auth';

/*
 * Signing up, in and out (product §1.3). The sign-in answers also set the httpOnly `cadence_at` and
 * `cadence_rt` cookies and an `x-csrf-token` header bound to the new session, for the browser app.
 */

export const register = endpoint({
  method: 'POST',
  path: '/api/users/register',
  tag: 'Auth',
  summary: 'Create a coach account; a verification link is e-mailed to the address',
  auth: 'public',
  body: registerSchema,
  status: 201,
  response: registerResponseSchema,
  errors: {
    400: 'A field is missing or invalid, or the password is too weak or common (`details` names it)',
    409: 'An account with this e-mail address already exists',
    429: 'Too many sign-ups from this address',
  },
});

export const login = endpoint({
  method: 'POST',
  path: '/api/users/login',
  tag: 'Auth',
  summary: 'Sign in with e-mail and password',
  auth: 'public',
  body: loginSchema,
  response: loginResponseSchema,
  errors: {
    401: 'Wrong e-mail or password (INVALID_CREDENTIALS), or the address is not verified yet (EMAIL_NOT_VERIFIED)',
    403: 'The account has two-factor authentication on (TWO_FACTOR_REQUIRED): the body carries `twoFactorToken`, which POST /api/users/login/2fa sends back with a code',
    429: 'Too many sign-in attempts from this address or for this account',
  },
});

export const loginSecondFactor = endpoint({
  method: 'POST',
  path: '/api/users/login/2fa',
  tag: 'Auth',
  summary: 'Finish a two-factor sign-in with the ticket from the login answer and a code from the app or a recovery code',
  auth: 'public',
  body: twoFactorLoginSchema,
  response: loginResponseSchema,
  errors: {
    400: 'The code is wrong or malformed',
    401: 'The sign-in ticket expired, or another code was accepted since it was issued: sign in again',
    429: 'Too many wrong codes for this account',
  },
});

export const logout = endpoint({
  method: 'POST',
  path: '/api/users/logout',
  tag: 'Auth',
  summary: 'End the session named by the access token or refresh token, and clear the cookies',
  auth: 'public',
  body: refreshTokenSchema,
  response: okWithMessageSchema,
  errors: { 403: 'Only the browser cookies name the session, and the request lacks its CSRF token' },
});

export const refreshToken = endpoint({
  method: 'POST',
  path: '/api/users/refresh-token',
  tag: 'Auth',
  summary: 'Trade a refresh token (body or cookie) for a new access token and a new refresh token',
  auth: 'public',
  body: refreshTokenSchema,
  response: refreshResponseSchema,
  errors: {
    401: 'No refresh token, an unknown, expired or revoked one, or one used before (which signs the session out)',
    429: 'Too many refreshes from this address',
  },
});

export const forgotPassword = endpoint({
  method: 'POST',
  path: '/api/users/forgot-password',
  tag: 'Auth',
  summary: 'E-mail a password reset link; answers the same whether or not the account exists',
  auth: 'public',
  body: forgotPasswordSchema,
  response: okWithMessageSchema,
  errors: { 429: 'Too many reset requests from this address or for this account' },
});

export const resetPassword = endpoint({
  method: 'POST',
  path: '/api/users/reset-password/{token}',
  tag: 'Auth',
  summary: 'Set a new password with the link from the reset e-mail; every session is signed out',
  auth: 'public',
  params: tokenParamSchema,
  body: resetPasswordSchema,
  response: okWithMessageSchema,
  errors: {
    400: 'The link is invalid, used or expired (INVALID_TOKEN), or the password is too weak or common',
    429: 'Too many resets from this address',
  },
});

export const resendVerification = endpoint({
  method: 'POST',
  path: '/api/users/resend-verification',
  tag: 'Auth',
  summary: 'E-mail a new verification link; answers the same whether or not the account exists or is verified',
  auth: 'public',
  body: resendVerificationSchema,
  response: okWithMessageSchema,
  errors: { 429: 'Too many requests from this address or for this account' },
});

export const verifyEmail = endpoint({
  method: 'GET',
  path: '/api/users/verify/{token}',
  tag: 'Auth',
  summary: 'Verify an e-mail address (a new account’s, or the new one of an address change) with the link’s token',
  auth: 'public',
  params: tokenParamSchema,
  response: verifyEmailResponseSchema,
  errors: {
    400: 'The link is invalid, used or expired (INVALID_TOKEN)',
    409: 'The new address of an address change now belongs to another account',
  },
});

export const validateToken = endpoint({
  method: 'GET',
  path: '/api/users/validate-token',
  tag: 'Auth',
  summary: 'Whether the access token is still good, with the signed-in user',
  auth: 'user',
  response: validateTokenResponseSchema,
});

export const csrfToken = endpoint({
  method: 'GET',
  path: '/api/auth/csrf-token',
  tag: 'Auth',
  summary: 'A CSRF token for cookie-authenticated changes, bound to the caller’s session if any',
  auth: 'public',
  response: csrfTokenResponseSchema,
});

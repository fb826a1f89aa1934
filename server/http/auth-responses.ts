import { NextResponse } from 'next/server';
import { CSRF_HEADER } from '@/lib/constants';
import type { okWithMessageSchema } from '@/lib/contract/common';
import type { Sendable } from '@/lib/contract/endpoint';
import type { LoginResponse } from '@/lib/schemas/auth';
import type { z } from 'zod';
import { clearAuthCookies, setAuthCookies } from '../auth/cookies';
import { issueCsrfToken } from '../auth/csrf';
import type { LoginResult } from '../services/auth';
import type { IssuedTokens } from '../services/sessions';

/** Answers with the tokens in the body, the browser cookies, and a CSRF token bound to the new session. */
export function tokenResponse(tokens: IssuedTokens, body: object, status = 200): NextResponse {
  const res = NextResponse.json(body, { status });
  setAuthCookies(res, tokens);
  res.headers.set(CSRF_HEADER, issueCsrfToken(tokens.sessionId));
  return res;
}

export function signedOutResponse(body: z.output<typeof okWithMessageSchema>): NextResponse {
  const res = NextResponse.json(body);
  clearAuthCookies(res);
  return res;
}

/** The login answer of product §1.3: token, accessToken, refreshToken, user. */
export function loginResponse(result: LoginResult): NextResponse {
  const body: Sendable<LoginResponse> = { token: result.accessToken, accessToken: result.accessToken, refreshToken: result.refreshToken, user: result.user };
  return tokenResponse(result, body);
}

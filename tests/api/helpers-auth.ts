import { randomInt } from 'node:crypto';
import { SignJWT } from 'jose';
import postgres from 'postgres';
import { expect } from 'vitest';
import type { register } from '@/lib/contract/auth';
import type { ResponseOf } from '@/lib/contract/endpoint';
import type { LoginResponse, VerifyEmailResponse } from '@/lib/schemas/auth';
import { TEST_JWT_SECRET } from '../helpers/stack';
import { latestLinkToken, uniqueEmail, type client } from '../helpers/http';

export type ApiRequest = ReturnType<typeof client>;

/** Meets every register and reset rule and is not in the common-password list. */
export const GOOD_PASSWORD = 'Cadence!Tr41l-Maple';

export type { ErrorBody } from '@/lib/contract/common';
export type { PublicUser } from '@/lib/schemas/account';
/** The login answer (lib/schemas/auth loginResponseSchema). */
export type LoginBody = LoginResponse;

/**
 * A distinct US number per registration (random in ten million): texting codes is limited per number
 * across accounts, so accounts sharing one number would use up each other's allowance.
 */
export function uniquePhone(): string {
  const digits = String(randomInt(0, 10_000_000)).padStart(7, '0');
  return `+1 555 ${digits.slice(0, 3)} ${digits.slice(3)}`;
}

export function registerPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail(), phone: uniquePhone(), password: GOOD_PASSWORD, ...overrides };
}

/** Registers a fresh account; the result's email/password are what was sent. */
export async function registerUser(request: ApiRequest, overrides: Record<string, unknown> = {}) {
  const payload = registerPayload(overrides);
  const res = await request<ResponseOf<typeof register>>('POST', '/users/register', { body: payload });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email: String(payload.email), password: String(payload.password), user: res.body.user };
}

/** Registers, then follows the verification link from the outbox. */
export async function registerAndVerify(request: ApiRequest, outboxDir: string, overrides: Record<string, unknown> = {}) {
  const registered = await registerUser(request, overrides);
  const token = latestLinkToken(outboxDir, registered.email, 'verify-email');
  expect(token, `verification link for ${registered.email}`).toBeTruthy();
  const res = await request<VerifyEmailResponse>('GET', `/users/verify/${token}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...registered, user: res.body.user };
}

/** Signs in and returns the body tokens plus the cookies and CSRF header of the answer. */
export async function loginAs(request: ApiRequest, email: string, password: string, ip?: string, headers?: Record<string, string>) {
  const res = await request<LoginBody>('POST', '/users/login', { body: { email, password }, ip, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res.body, cookies: setCookies(res.headers), csrfToken: res.headers.get('x-csrf-token') };
}

/** A verified account that is signed in once. */
export async function signedInUser(request: ApiRequest, outboxDir: string) {
  const account = await registerAndVerify(request, outboxDir);
  const session = await loginAs(request, account.email, account.password);
  return { ...account, ...session, user: session.user };
}

export interface SetCookie {
  value: string;
  attributes: string[];
}

/** The Set-Cookie headers of an answer by cookie name; attributes lower-cased. */
export function setCookies(headers: Headers): Record<string, SetCookie> {
  const out: Record<string, SetCookie> = {};
  for (const line of headers.getSetCookie()) {
    const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq)] = { value: decodeURIComponent(pair.slice(eq + 1)), attributes: attributes.map((a) => a.toLowerCase()) };
  }
  return out;
}

/** An HS256 access token as the server would sign it, with a chosen expiry and key. */
export async function signAccessToken(claims: { sub: string; sid: string; role?: string }, options: { expiresAt?: number; secret?: string; issuer?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid, role: claims.role ?? 'coach' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer(options.issuer ?? 'cadence')
    .setIssuedAt(now - 3600)
    .setExpirationTime(options.expiresAt ?? now + 600)
    .sign(new TextEncoder().encode(options.secret ?? TEST_JWT_SECRET));
}

/** The session id (`sid` claim) inside an access token. */
export function sessionIdOf(accessToken: string): string {
  const payload = JSON.parse(Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString()) as { sid: string };
  return payload.sid;
}

/** A direct connection to the test database, for arranging state (expiry) and reading audit rows. */
export function openDb(databaseUrl: string) {
  return postgres(databaseUrl, { max: 2, onnotice: () => {} });
}
export type Db = ReturnType<typeof openDb>;

export async function securityEvents(db: Db, userId: string) {
  return db<{ type: string; success: boolean; ip: string | null }[]>`
    select type, success, ip from security_log where user_id = ${userId} order by created_at, id`;
}

/** Moves every open one-time token of a kind of an account into the past. */
export async function expireUserTokens(db: Db, email: string, kind: 'verify_email' | 'reset_password') {
  const rows = await db`
    update user_tokens set expires_at = now() - interval '1 minute'
    where kind = ${kind} and used_at is null and user_id = (select id from users where lower(email) = lower(${email}))
    returning id`;
  expect(rows.length).toBeGreaterThan(0);
}

import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES, VALIDATION } from '@/lib/constants';
import { client, latestLinkToken, readEmails, uniqueEmail } from '../helpers/http';
import { expireUserTokens, loginAs, openDb, registerAndVerify, registerUser, securityEvents, type ErrorBody, type ApiRequest } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const NEW_PASSWORD = 'Fresh#Start2026-Harbor';
const mailsTo = (email: string) => readEmails(outboxDir).filter((m) => m.to === email);

async function requestReset(req: ApiRequest, email: string): Promise<string> {
  const res = await req('POST', '/users/forgot-password', { body: { email } });
  expect(res.status).toBe(200);
  const token = latestLinkToken(outboxDir, email, 'reset-password');
  expect(token).toBeTruthy();
  return token!;
}

const loginStatus = async (email: string, password: string) => (await request('POST', '/users/login', { body: { email, password } })).status;

describe('POST /users/forgot-password', () => {
  it('answers identically for unknown and known addresses and mails only the known one', async () => {
    const known = await registerAndVerify(request, outboxDir);
    const unknown = uniqueEmail('nobody');
    const knownRes = await request<{ success: boolean; message: string }>('POST', '/users/forgot-password', { body: { email: known.email } });
    const unknownRes = await request<{ success: boolean; message: string }>('POST', '/users/forgot-password', { body: { email: unknown } });
    expect(knownRes.status).toBe(200);
    expect(unknownRes.status).toBe(200);
    expect(knownRes.body).toEqual({ success: true, message: MESSAGES.forgotSuccess });
    expect(unknownRes.body).toEqual(knownRes.body);

    const resetMails = mailsTo(known.email).filter((m) => m.text.includes('/reset-password/'));
    expect(resetMails).toHaveLength(1);
    expect(resetMails[0]!.text).toMatch(/\/reset-password\/[A-Za-z0-9_-]{20,}/);
    expect(mailsTo(unknown)).toHaveLength(0);
    expect((await securityEvents(db, known.user.id)).map((e) => e.type)).toContain('password_reset_requested');
  });

  it('refuses a malformed address: "Please enter a valid email address."', async () => {
    for (const email of ['not-an-address', '', 'a@b']) {
      const res = await request<ErrorBody>('POST', '/users/forgot-password', { body: { email } });
      expect(res.status, email).toBe(400);
      expect(res.body.message, email).toBe(VALIDATION.invalidEmailDot);
      expect(res.body.details?.[0], email).toEqual({ field: 'email', message: VALIDATION.invalidEmailDot });
    }
    const missing = await request<ErrorBody>('POST', '/users/forgot-password', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(VALIDATION.invalidEmailDot);
  });
});

describe('POST /users/reset-password/{token}', () => {
  it('refuses a weak password without spending the link', async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const token = await requestReset(request, email);
    for (const weak of ['Sh0rt!a', 'alllowercase1!', 'ALLUPPERCASE1!', 'NoDigitsHere!', 'NoSpecial123', '']) {
      const res = await request<ErrorBody>('POST', `/users/reset-password/${token}`, { body: { password: weak } });
      expect(res.status, weak).toBe(400);
      expect(res.body.message, weak).toBe(VALIDATION.passwordNotSecure);
      expect(res.body.details, weak).toEqual([{ field: 'password', message: VALIDATION.passwordNotSecure }]);
    }
    expect(await loginStatus(email, password)).toBe(200);
    const ok = await request('POST', `/users/reset-password/${token}`, { body: { password: NEW_PASSWORD } });
    expect(ok.status).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('refuses an easily guessed password that meets all five rules, without spending the link', async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    const token = await requestReset(request, email);
    const res = await request<ErrorBody>('POST', `/users/reset-password/${token}`, { body: { password: 'Password1!' } });
    expect(res.status).toBe(400);
    expect(res.body.message.startsWith(VALIDATION.passwordTooWeak)).toBe(true);
    expect(res.body.details).toEqual([{ field: 'password', message: res.body.message }]);
    expect((await request('POST', `/users/reset-password/${token}`, { body: { password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('sets the new password and ends every existing session', async () => {
    const { email, password, user } = await registerAndVerify(request, outboxDir);
    const a = await loginAs(request, email, password);
    const b = await loginAs(request, email, password);
    const token = await requestReset(request, email);

    const res = await request<{ success: boolean; message: string }>('POST', `/users/reset-password/${token}`, { body: { password: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toEqual(expect.any(String));

    expect(await loginStatus(email, password)).toBe(401);
    for (const session of [a, b]) {
      const profile = await request<ErrorBody>('GET', '/users/profile', { token: session.accessToken });
      expect(profile.status).toBe(401);
      const refreshed = await request<ErrorBody>('POST', '/users/refresh-token', { body: { refreshToken: session.refreshToken } });
      expect(refreshed.status).toBe(401);
    }
    const fresh = await loginAs(request, email, NEW_PASSWORD);
    expect((await request('GET', '/users/profile', { token: fresh.accessToken })).status).toBe(200);
    const events = (await securityEvents(db, user.id)).map((e) => e.type);
    expect(events).toContain('password_reset');
  });

  it('refuses the same link a second time with 400 INVALID_TOKEN', async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    const token = await requestReset(request, email);
    expect((await request('POST', `/users/reset-password/${token}`, { body: { password: NEW_PASSWORD } })).status).toBe(200);
    const again = await request<ErrorBody>('POST', `/users/reset-password/${token}`, { body: { password: 'Another#Passw0rd-9' } });
    expect(again.status).toBe(400);
    expect(again.body.error).toBe('INVALID_TOKEN');
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
    expect(await loginStatus(email, 'Another#Passw0rd-9')).toBe(401);
  });

  it('refuses an expired link with 400 INVALID_TOKEN and keeps the old password', async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const token = await requestReset(request, email);
    await expireUserTokens(db, email, 'reset_password');
    const res = await request<ErrorBody>('POST', `/users/reset-password/${token}`, { body: { password: NEW_PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_TOKEN');
    expect(await loginStatus(email, password)).toBe(200);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(401);
  });

  it('issues links that expire after one hour', async () => {
    const { email, user } = await registerAndVerify(request, outboxDir);
    await requestReset(request, email);
    const [row] = await db<{ seconds: number }[]>`
      select extract(epoch from expires_at - created_at)::int as seconds from user_tokens
      where user_id = ${user.id} and kind = 'reset_password' and used_at is null`;
    expect(row!.seconds).toBeGreaterThanOrEqual(3590);
    expect(row!.seconds).toBeLessThanOrEqual(3610);
  });

  it('retires an earlier link when a new one is requested', async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    const first = await requestReset(request, email);
    const second = await requestReset(request, email);
    expect(second).not.toBe(first);
    const old = await request<ErrorBody>('POST', `/users/reset-password/${first}`, { body: { password: NEW_PASSWORD } });
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('INVALID_TOKEN');
    expect((await request('POST', `/users/reset-password/${second}`, { body: { password: NEW_PASSWORD } })).status).toBe(200);
  });

  it('treats a completed reset as proof of the address for an unverified account', async () => {
    const { email, password } = await registerUser(request);
    const token = await requestReset(request, email);
    expect((await request('POST', `/users/reset-password/${token}`, { body: { password: NEW_PASSWORD } })).status).toBe(200);
    expect(await loginStatus(email, password)).toBe(401);
    expect(await loginStatus(email, NEW_PASSWORD)).toBe(200);
  });

  it('does not accept a verification token as a reset token', async () => {
    const { email } = await registerUser(request);
    const verifyToken = latestLinkToken(outboxDir, email, 'verify-email');
    const res = await request<ErrorBody>('POST', `/users/reset-password/${verifyToken}`, { body: { password: NEW_PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_TOKEN');
  });

  it('refuses a malformed or unknown token with 400', async () => {
    const malformed = await request<ErrorBody>('POST', '/users/reset-password/abc', { body: { password: NEW_PASSWORD } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toBe('INVALID_TOKEN');
    const unknown = await request<ErrorBody>('POST', `/users/reset-password/${'y'.repeat(43)}`, { body: { password: NEW_PASSWORD } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe('INVALID_TOKEN');
  });
});

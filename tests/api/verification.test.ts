import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@/lib/constants';
import { client, latestLinkToken, readEmails, uniqueEmail } from '../helpers/http';
import { expireUserTokens, loginAs, openDb, registerAndVerify, registerUser, securityEvents, type ErrorBody, type PublicUser } from './helpers-auth';
import type { VerifyEmailResponse } from '@/lib/schemas/auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type VerifyBody = VerifyEmailResponse;

const mailsTo = (email: string) => readEmails(outboxDir).filter((m) => m.to === email);

describe('GET /users/verify/{token}', () => {
  it('verifies the address and answers success, message, token and the user', async () => {
    const { email, password, user } = await registerUser(request);
    const before = await request<ErrorBody>('POST', '/users/login', { body: { email, password } });
    expect(before.body.error).toBe('EMAIL_NOT_VERIFIED');

    const token = latestLinkToken(outboxDir, email, 'verify-email');
    const res = await request<VerifyBody>('GET', `/users/verify/${token}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ id: user.id, _id: user.id, email, isVerified: true });

    // The answer's token is a working access token for that user.
    const profile = await request<{ user: PublicUser }>('GET', '/users/profile', { token: res.body.token });
    expect(profile.status).toBe(200);
    expect(profile.body.user).toMatchObject({ id: user.id, isVerified: true });

    await loginAs(request, email, password);
    expect((await securityEvents(db, user.id)).map((e) => e.type)).toContain('email_verified');
  });

  it('refuses the same link a second time with 400 INVALID_TOKEN', async () => {
    const { email } = await registerUser(request);
    const token = latestLinkToken(outboxDir, email, 'verify-email');
    expect((await request('GET', `/users/verify/${token}`)).status).toBe(200);
    const again = await request<ErrorBody>('GET', `/users/verify/${token}`);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'INVALID_TOKEN', message: MESSAGES.verificationInvalidToken });
  });

  it('refuses a malformed token with 400', async () => {
    for (const token of ['abc', 'a'.repeat(300), 'bad%20token%20with%20spaces-xxxxxxxxxx']) {
      const res = await request<ErrorBody>('GET', `/users/verify/${token}`);
      expect(res.status, token).toBe(400);
      expect(res.body, token).toEqual({ error: 'INVALID_TOKEN', message: MESSAGES.verificationInvalidToken });
    }
  });

  it('refuses a well-formed token that was never issued with 400 INVALID_TOKEN', async () => {
    const res = await request<ErrorBody>('GET', `/users/verify/${'x'.repeat(43)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link with 400 INVALID_TOKEN and leaves the account unverified', async () => {
    const { email, password } = await registerUser(request);
    const token = latestLinkToken(outboxDir, email, 'verify-email');
    await expireUserTokens(db, email, 'verify_email');
    const res = await request<ErrorBody>('GET', `/users/verify/${token}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_TOKEN');
    const login = await request<ErrorBody>('POST', '/users/login', { body: { email, password } });
    expect(login.body.error).toBe('EMAIL_NOT_VERIFIED');
  });

  it('does not accept a password-reset token as a verification token', async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    await request('POST', '/users/forgot-password', { body: { email } });
    const resetToken = latestLinkToken(outboxDir, email, 'reset-password');
    expect(resetToken).toBeTruthy();
    const res = await request<ErrorBody>('GET', `/users/verify/${resetToken}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('INVALID_TOKEN');
  });
});

describe('POST /users/resend-verification', () => {
  it('answers identically for unknown, verified and unverified addresses and mails only the unverified one', async () => {
    const unverified = await registerUser(request);
    const verified = await registerAndVerify(request, outboxDir);
    const unknown = uniqueEmail('nobody');
    const counts = () => [mailsTo(unverified.email).length, mailsTo(verified.email).length, mailsTo(unknown).length];
    const before = counts();

    const answers = [];
    for (const email of [unknown, verified.email, unverified.email]) {
      answers.push(await request<{ success: boolean; message: string }>('POST', '/users/resend-verification', { body: { email } }));
    }
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual(answers[0]!.body);
    }
    expect(answers[0]!.body.success).toBe(true);
    expect(counts()).toEqual([before[0]! + 1, before[1], before[2]]);
  });

  it('sends a link that works and retires the earlier one', async () => {
    const { email, password } = await registerUser(request);
    const first = latestLinkToken(outboxDir, email, 'verify-email');
    expect((await request('POST', '/users/resend-verification', { body: { email } })).status).toBe(200);
    const second = latestLinkToken(outboxDir, email, 'verify-email');
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);

    const old = await request<ErrorBody>('GET', `/users/verify/${first}`);
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('INVALID_TOKEN');
    expect((await request('GET', `/users/verify/${second}`)).status).toBe(200);
    await loginAs(request, email, password);
  });

  it('requires the address: "Please enter your email address."', async () => {
    for (const body of [{}, { email: '' }, { email: '   ' }]) {
      const res = await request<ErrorBody>('POST', '/users/resend-verification', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(MESSAGES.resendEmailRequired);
      expect(res.body.details?.[0]).toEqual({ field: 'email', message: MESSAGES.resendEmailRequired });
    }
  });
});

import { describe, expect, inject, it } from 'vitest';
import { client, readEmails, uniqueEmail, uniqueIp } from '../helpers/http';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { registerAndVerify, registerPayload, registerUser, type ErrorBody } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');

function expectRateLimited(res: { status: number; body: ErrorBody; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body.error).toBe('RATE_LIMITED');
  expect(res.body.message).toMatch(/try again/i);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it('limits sign-in attempts per account, even with the right password and from other addresses', async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.loginAccount.limit; i += 1) {
      const res = await request('POST', '/users/login', { body: { email, password: `Wrong!Passw0rd${i}` }, ip });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await request<ErrorBody>('POST', '/users/login', { body: { email, password }, ip });
    expectRateLimited(blocked);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(RATE_LIMITS.loginAccount.windowSeconds);
    expect(blocked.body).not.toHaveProperty('accessToken');

    // The per-account counter also holds from another client address, and ignores the e-mail's case.
    expectRateLimited(await request<ErrorBody>('POST', '/users/login', { body: { email: email.toUpperCase(), password } }));

    // Another account from the same address is not affected.
    const other = await registerAndVerify(request, outboxDir);
    expect((await request('POST', '/users/login', { body: { email: other.email, password: other.password }, ip })).status).toBe(200);
  });

  it('limits sign-in attempts per client address across accounts', async () => {
    const ip = uniqueIp();
    const attempts = Array.from({ length: RATE_LIMITS.loginIp.limit }, () =>
      request('POST', '/users/login', { body: { email: uniqueEmail('spray'), password: 'Wrong!Passw0rd' }, ip }),
    );
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(401);
    expectRateLimited(await request<ErrorBody>('POST', '/users/login', { body: { email: uniqueEmail('spray'), password: 'Wrong!Passw0rd' }, ip }));
    // A different address is still served.
    expect((await request('POST', '/users/login', { body: { email: uniqueEmail('spray'), password: 'Wrong!Passw0rd' } })).status).toBe(401);
  });

  it('limits password-reset requests per account: the 4th within the hour is refused and sends nothing', async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    const resetMails = () => readEmails(outboxDir).filter((m) => m.to === email && m.text.includes('/reset-password/')).length;
    for (let i = 0; i < RATE_LIMITS.forgotAccount.limit; i += 1) {
      expect((await request('POST', '/users/forgot-password', { body: { email } })).status, `request ${i + 1}`).toBe(200);
    }
    expect(resetMails()).toBe(RATE_LIMITS.forgotAccount.limit);
    expectRateLimited(await request<ErrorBody>('POST', '/users/forgot-password', { body: { email } }));
    expect(resetMails()).toBe(RATE_LIMITS.forgotAccount.limit);
  });

  it('limits password-reset requests for unknown addresses the same way, so the limit reveals nothing', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < RATE_LIMITS.forgotAccount.limit; i += 1) {
      expect((await request('POST', '/users/forgot-password', { body: { email } })).status).toBe(200);
    }
    expectRateLimited(await request<ErrorBody>('POST', '/users/forgot-password', { body: { email } }));
  });

  it('limits verification resends per account', async () => {
    const { email } = await registerUser(request);
    for (let i = 0; i < RATE_LIMITS.resendAccount.limit; i += 1) {
      expect((await request('POST', '/users/resend-verification', { body: { email } })).status).toBe(200);
    }
    expectRateLimited(await request<ErrorBody>('POST', '/users/resend-verification', { body: { email } }));
  });

  it('limits registrations per client address', async () => {
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.registerIp.limit; i += 1) {
      // Invalid payloads still count: the limit is checked before the work.
      const res = await request('POST', '/users/register', { body: registerPayload({ password: 'sasha_007' }), ip });
      expect(res.status).toBe(400);
    }
    expectRateLimited(await request<ErrorBody>('POST', '/users/register', { body: registerPayload(), ip }));
  });
});

import { afterAll, describe, expect, inject, it } from 'vitest';
import { client, readEmails, uniqueEmail, uniqueIp } from '../helpers/http';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { signedInAdmin } from './admin-helpers';
import { openDb, registerAndVerify, registerPayload, registerUser, type ErrorBody } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

function expectRateLimited(res: { status: number; body: ErrorBody; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body.error).toBe('RATE_LIMITED');
  expect(res.body.message).toMatch(/try again/i);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
}

describe('rate limits', () => {
  it("throttles an attacker's address on an account while the owner still signs in from their own", async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const attacker = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.loginAccountIp.limit; i += 1) {
      const res = await request('POST', '/users/login', { body: { email, password: `Wrong!Passw0rd${i}` }, ip: attacker });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // From the attacker's address even the right password is refused now, whatever the e-mail's case.
    const blocked = await request<ErrorBody>('POST', '/users/login', { body: { email, password }, ip: attacker });
    expectRateLimited(blocked);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(RATE_LIMITS.loginAccountIp.windowSeconds);
    expect(blocked.body).not.toHaveProperty('accessToken');
    expectRateLimited(await request<ErrorBody>('POST', '/users/login', { body: { email: email.toUpperCase(), password }, ip: attacker }));

    // The owner, from their own address, is not locked out.
    expect((await request('POST', '/users/login', { body: { email, password }, ip: uniqueIp() })).status).toBe(200);
    // Another account from the attacker's address is not affected either.
    const other = await registerAndVerify(request, outboxDir);
    expect((await request('POST', '/users/login', { body: { email: other.email, password: other.password }, ip: attacker })).status).toBe(200);
  });

  it('still stops a guess spread over many addresses at the slower per-account limit', async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const guesses = Array.from({ length: RATE_LIMITS.loginAccount.limit }, (_, i) => i);
    for (let start = 0; start < guesses.length; start += 10) {
      const batch = guesses.slice(start, start + 10).map((i) => request('POST', '/users/login', { body: { email, password: `Wrong!Passw0rd${i}` }, ip: uniqueIp() }));
      for (const res of await Promise.all(batch)) expect(res.status).toBe(401);
    }
    const blocked = await request<ErrorBody>('POST', '/users/login', { body: { email, password }, ip: uniqueIp() });
    expectRateLimited(blocked);
    expect(Number(blocked.headers.get('retry-after'))).toBeLessThanOrEqual(RATE_LIMITS.loginAccount.windowSeconds);
  });

  it("counts nothing on the account's overall limit once the address's limit refuses (the limits are counted in order)", async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    const attacker = uniqueIp();
    const hits = async (key: string) => {
      const [row] = await db<{ n: number }[]>`select coalesce(sum(count), 0)::int as n from rate_limit_hits where key = ${key}`;
      return row!.n;
    };
    const overallKey = `${RATE_LIMITS.loginAccount.name}:${email.toLowerCase()}`;
    const addressKey = `${RATE_LIMITS.loginAccountIp.name}:${email.toLowerCase()}|${attacker}`;
    for (let i = 0; i < RATE_LIMITS.loginAccountIp.limit; i += 1) {
      expect((await request('POST', '/users/login', { body: { email, password: `Wrong!Passw0rd${i}` }, ip: attacker })).status).toBe(401);
    }
    expect(await hits(addressKey)).toBe(RATE_LIMITS.loginAccountIp.limit);
    expect(await hits(overallKey)).toBe(RATE_LIMITS.loginAccountIp.limit);
    for (let i = 0; i < 3; i += 1) expectRateLimited(await request<ErrorBody>('POST', '/users/login', { body: { email, password: `Wrong!Passw0rd${i}` }, ip: attacker }));
    expect(await hits(addressKey)).toBe(RATE_LIMITS.loginAccountIp.limit);
    expect(await hits(overallKey)).toBe(RATE_LIMITS.loginAccountIp.limit);
  });

  it('counts wrong passwords only: the owner signs in more often than the limit from one address', async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const ip = uniqueIp();
    for (let i = 0; i <= RATE_LIMITS.loginAccountIp.limit; i += 1) {
      expect((await request('POST', '/users/login', { body: { email, password }, ip })).status, `sign-in ${i + 1}`).toBe(200);
    }
  });

  it('gives an admin account one sign-in limit whichever door the guesses use', async () => {
    const admin = await signedInAdmin(request, db, { role: 'admin' });
    const ip = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.adminLoginAccountIp.limit; i += 1) {
      const res = await request('POST', '/users/login', { body: { email: admin.email, password: `Wrong!Passw0rd${i}` }, ip });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    expectRateLimited(await request<ErrorBody>('POST', '/admin/login', { body: { email: admin.email, password: admin.password }, ip }));
    expectRateLimited(await request<ErrorBody>('POST', '/users/login', { body: { email: admin.email, password: admin.password }, ip }));
    // And the admin door's guesses count against the coach door the same way.
    const second = await signedInAdmin(request, db, { role: 'admin' });
    const other = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.adminLoginAccountIp.limit; i += 1) {
      expect((await request('POST', '/admin/login', { body: { email: second.email, password: `Wrong!Passw0rd${i}` }, ip: other })).status).toBe(401);
    }
    expectRateLimited(await request<ErrorBody>('POST', '/users/login', { body: { email: second.email, password: second.password }, ip: other }));
  });

  it('logs an admin signing in through the coach login as an admin login', async () => {
    const admin = await signedInAdmin(request, db, { role: 'admin' });
    expect((await request('POST', '/users/login', { body: { email: admin.email, password: admin.password } })).status).toBe(200);
    const events = await db<{ type: string; success: boolean }[]>`
      select type, success from security_log where user_id = ${admin.id} and type in ('login', 'admin_login') order by created_at`;
    expect(events).toEqual([
      { type: 'admin_login', success: true },
      { type: 'admin_login', success: true },
    ]);
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

  it("does not let someone else's reset and verification requests use up the owner's", async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    const other = uniqueIp();
    for (let i = 0; i < RATE_LIMITS.forgotAccountIp.limit; i += 1) expect((await request('POST', '/users/forgot-password', { body: { email }, ip: other })).status).toBe(200);
    expectRateLimited(await request<ErrorBody>('POST', '/users/forgot-password', { body: { email }, ip: other }));
    const before = readEmails(outboxDir).filter((m) => m.to === email && m.text.includes('/reset-password/')).length;
    expect((await request('POST', '/users/forgot-password', { body: { email }, ip: uniqueIp() })).status).toBe(200);
    expect(readEmails(outboxDir).filter((m) => m.to === email && m.text.includes('/reset-password/'))).toHaveLength(before + 1);

    const unverified = await registerUser(request);
    for (let i = 0; i < RATE_LIMITS.resendAccountIp.limit; i += 1) {
      expect((await request('POST', '/users/resend-verification', { body: { email: unverified.email }, ip: other })).status).toBe(200);
    }
    expectRateLimited(await request<ErrorBody>('POST', '/users/resend-verification', { body: { email: unverified.email }, ip: other }));
    expect((await request('POST', '/users/resend-verification', { body: { email: unverified.email }, ip: uniqueIp() })).status).toBe(200);
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

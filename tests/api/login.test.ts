import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES, VALIDATION } from '@/lib/constants';
import { client, uniqueEmail, uniqueIp } from '../helpers/http';
import { loginAs, openDb, registerAndVerify, registerUser, securityEvents, setCookies, type ErrorBody, type LoginBody } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

describe('POST /users/login', () => {
  it('answers token, accessToken, refreshToken and the user', async () => {
    const { email, password, user: registered } = await registerAndVerify(request, outboxDir);
    const res = await request<LoginBody>('POST', '/users/login', { body: { email, password } });
    expect(res.status).toBe(200);
    expect(res.body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.token).toBe(res.body.accessToken);
    expect(res.body.refreshToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(res.body.refreshToken).not.toBe(res.body.accessToken);
    expect(res.body.user).toMatchObject({ id: registered.id, _id: registered.id, email, role: 'coach', isVerified: true, firstName: 'Ada', lastName: 'Lovelace' });
    expect(res.body.user.username).toEqual(expect.any(String));
    expect(Date.parse(res.body.user.lastLogin ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(res.body.user)).not.toMatch(/password/i);

    const profile = await request<{ user: { id: string } }>('GET', '/users/profile', { token: res.body.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.user.id).toBe(registered.id);
  });

  it('sets httpOnly SameSite=Lax cookies and a CSRF header', async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const res = await request<LoginBody>('POST', '/users/login', { body: { email, password } });
    expect(res.status).toBe(200);
    const cookies = setCookies(res.headers);
    expect(cookies.cadence_at?.value).toBe(res.body.accessToken);
    expect(cookies.cadence_rt?.value).toBe(res.body.refreshToken);
    for (const name of ['cadence_at', 'cadence_rt']) {
      expect(cookies[name]!.attributes, name).toContain('httponly');
      expect(cookies[name]!.attributes, name).toContain('samesite=lax');
    }
    expect(cookies.cadence_at!.attributes).toContain('path=/');
    expect(cookies.cadence_rt!.attributes).toContain('path=/api/users');
    expect(res.headers.get('x-csrf-token')).toMatch(/^[\w-]+\.[\w-]+$/);
  });

  it('accepts the address in any case and with surrounding spaces', async () => {
    const { email, password } = await registerAndVerify(request, outboxDir);
    const res = await request<LoginBody>('POST', '/users/login', { body: { email: `  ${email.toUpperCase()}  `, password } });
    expect(res.status).toBe(200);
    expect(res.body.user.email).toBe(email);
  });

  it('refuses a wrong password with 401 "Invalid email or password"', async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    const res = await request<ErrorBody>('POST', '/users/login', { body: { email, password: 'Wrong!Passw0rd' } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(MESSAGES.loginFailed);
    expect(res.body.error).toBe('INVALID_CREDENTIALS');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect(res.body).not.toHaveProperty('accessToken');
  });

  it('answers an unknown address exactly as a wrong password', async () => {
    const { email } = await registerAndVerify(request, outboxDir);
    const wrong = await request<ErrorBody>('POST', '/users/login', { body: { email, password: 'Wrong!Passw0rd' } });
    const unknown = await request<ErrorBody>('POST', '/users/login', { body: { email: uniqueEmail('nobody'), password: 'Wrong!Passw0rd' } });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });

  it('tells an unverified account with the right password EMAIL_NOT_VERIFIED', async () => {
    const { email, password } = await registerUser(request);
    const res = await request<ErrorBody>('POST', '/users/login', { body: { email, password } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('EMAIL_NOT_VERIFIED');
    expect(res.body.message).toBe(MESSAGES.emailNotVerified);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('does not reveal that an unverified account exists to a wrong password', async () => {
    const { email } = await registerUser(request);
    const res = await request<ErrorBody>('POST', '/users/login', { body: { email, password: 'Wrong!Passw0rd' } });
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('INVALID_CREDENTIALS');
    expect(res.body.message).toBe(MESSAGES.loginFailed);
  });

  it.each([
    ['email', VALIDATION.emailRequired],
    ['password', VALIDATION.passwordRequired],
  ])('requires %s (400)', async (field, message) => {
    const body: Record<string, string> = { email: uniqueEmail(), password: 'Some!Passw0rd' };
    delete body[field];
    const res = await request<ErrorBody>('POST', '/users/login', { body });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect(res.body.details).toEqual([{ field, message }]);
  });

  it('answers 400 for an empty body and for malformed JSON', async () => {
    const empty = await request<ErrorBody>('POST', '/users/login', { rawBody: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.details?.map((d) => d.field).sort()).toEqual(['email', 'password']);
    const broken = await request<ErrorBody>('POST', '/users/login', { rawBody: '{email:' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toBe('INVALID_JSON');
  });

  it('writes the security log: login, failed login, unverified attempt', async () => {
    const ip = uniqueIp();
    const verified = await registerAndVerify(request, outboxDir);
    await request('POST', '/users/login', { body: { email: verified.email, password: 'Wrong!Passw0rd' }, ip });
    await loginAs(request, verified.email, verified.password, ip);
    const rows = await securityEvents(db, verified.user.id);
    const loginRows = rows.filter((r) => r.type.startsWith('login'));
    expect(loginRows).toEqual([
      { type: 'login_failed', success: false, ip },
      { type: 'login', success: true, ip },
    ]);

    const unverified = await registerUser(request);
    await request('POST', '/users/login', { body: { email: unverified.email, password: unverified.password }, ip });
    const unverifiedRows = await securityEvents(db, unverified.user.id);
    expect(unverifiedRows.filter((r) => r.type.startsWith('login'))).toEqual([{ type: 'login_failed', success: false, ip }]);
  });

  it('logs a failed attempt for an unknown address without a user', async () => {
    const ip = uniqueIp();
    const email = uniqueEmail('ghost');
    await request('POST', '/users/login', { body: { email, password: 'Wrong!Passw0rd' }, ip });
    const rows = await db<{ user_id: string | null; success: boolean; details: string }[]>`
      select user_id, success, details from security_log where type = 'login_failed' and ip = ${ip}`;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: null, success: false });
    expect(rows[0]!.details).toContain(email);
  });

  it('opens a new session per sign-in', async () => {
    const { email, password, user } = await registerAndVerify(request, outboxDir);
    const first = await loginAs(request, email, password);
    const second = await loginAs(request, email, password);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    const rows = await db`select id from sessions where user_id = ${user.id} and revoked_at is null and expires_at > now() + interval '1 day'`;
    expect(rows).toHaveLength(2);
    for (const token of [first.accessToken, second.accessToken]) {
      expect((await request('GET', '/users/validate-token', { token })).status).toBe(200);
    }
  });
});

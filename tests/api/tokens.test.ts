import { UnsecuredJWT } from 'jose';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES } from '@/lib/constants';
import { client } from '../helpers/http';
import {
  openDb,
  securityEvents,
  sessionIdOf,
  setCookies,
  signAccessToken,
  signedInUser,
  type ErrorBody,
  type PublicUser,
} from './helpers-auth';
import type { refreshToken } from '@/lib/contract/auth';
import type { ResponseOf } from '@/lib/contract/endpoint';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type RefreshBody = ResponseOf<typeof refreshToken>;

const refresh = (refreshToken: string) => request<RefreshBody & ErrorBody>('POST', '/users/refresh-token', { body: { refreshToken } });
const profileStatus = async (token: string) => (await request('GET', '/users/profile', { token })).status;

describe('POST /users/refresh-token', () => {
  it('rotates a refresh token from the body into accessToken and newRefreshToken', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await refresh(me.refreshToken);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['accessToken', 'newRefreshToken']);
    expect(res.body.newRefreshToken).not.toBe(me.refreshToken);
    expect(sessionIdOf(res.body.accessToken)).toBe(sessionIdOf(me.accessToken));
    expect(res.headers.get('x-csrf-token')).toBeTruthy();
    const cookies = setCookies(res.headers);
    expect(cookies.cadence_rt?.value).toBe(res.body.newRefreshToken);
    expect(cookies.cadence_at?.value).toBe(res.body.accessToken);

    const profile = await request<{ user: PublicUser }>('GET', '/users/profile', { token: res.body.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.user.id).toBe(me.user.id);
    // The new refresh token rotates again.
    const next = await refresh(res.body.newRefreshToken);
    expect(next.status).toBe(200);
  });

  it('takes the refresh token from the cookie when the body has none', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<RefreshBody>('POST', '/users/refresh-token', { headers: { cookie: `cadence_rt=${me.refreshToken}` } });
    expect(res.status).toBe(200);
    expect(res.body.newRefreshToken).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(res.body.newRefreshToken).not.toBe(me.refreshToken);
    expect(await profileStatus(res.body.accessToken)).toBe(200);
  });

  it('treats a rotated token presented again as theft: 401 REFRESH_TOKEN_REUSED and the session ends', async () => {
    const me = await signedInUser(request, outboxDir);
    const rotated = await refresh(me.refreshToken);
    expect(rotated.status).toBe(200);
    expect(await profileStatus(rotated.body.accessToken)).toBe(200);

    const reused = await refresh(me.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body.error).toBe('REFRESH_TOKEN_REUSED');
    expect(reused.body.message).toEqual(expect.any(String));

    expect((await refresh(rotated.body.newRefreshToken)).status).toBe(401);
    expect(await profileStatus(rotated.body.accessToken)).toBe(401);
    expect(await profileStatus(me.accessToken)).toBe(401);

    const events = await securityEvents(db, me.user.id);
    expect(events.filter((e) => e.type === 'token_refresh_reuse')).toEqual([expect.objectContaining({ success: false })]);
    const [session] = await db`select revoked_at, revoked_reason from sessions where id = ${sessionIdOf(me.accessToken)}`;
    expect(session!.revoked_at).not.toBeNull();
    expect(session!.revoked_reason).toBe('refresh_token_reuse');
  });

  it('leaves the user\'s other sessions alone when one session is revoked for reuse', async () => {
    const me = await signedInUser(request, outboxDir);
    const other = await request<{ accessToken: string; refreshToken: string }>('POST', '/users/login', { body: { email: me.email, password: me.password } });
    await refresh(me.refreshToken);
    expect((await refresh(me.refreshToken)).status).toBe(401);
    expect(await profileStatus(other.body.accessToken)).toBe(200);
    expect((await refresh(other.body.refreshToken)).status).toBe(200);
  });

  it('refuses a garbage refresh token with 401', async () => {
    for (const token of ['garbage', 'x'.repeat(43)]) {
      const res = await refresh(token);
      expect(res.status, token).toBe(401);
      expect(res.body.error, token).toBe('INVALID_REFRESH_TOKEN');
    }
  });

  it('answers 401 "No refresh token available" when there is none', async () => {
    for (const options of [{}, { body: {} }]) {
      const res = await request<ErrorBody>('POST', '/users/refresh-token', options);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(MESSAGES.noRefreshToken);
    }
  });

  it('refuses a refresh token of a session that has expired', async () => {
    const me = await signedInUser(request, outboxDir);
    await db`update sessions set expires_at = now() - interval '1 minute' where id = ${sessionIdOf(me.accessToken)}`;
    expect((await refresh(me.refreshToken)).status).toBe(401);
    expect(await profileStatus(me.accessToken)).toBe(401);
  });
});

describe('access tokens', () => {
  it('accepts a token signed like the server\'s (control for the forged-token tests)', async () => {
    const me = await signedInUser(request, outboxDir);
    const token = await signAccessToken({ sub: me.user.id, sid: sessionIdOf(me.accessToken) });
    expect(await profileStatus(token)).toBe(200);
  });

  it('refuses an expired access token with 401 and a message containing "expired"', async () => {
    const me = await signedInUser(request, outboxDir);
    const token = await signAccessToken({ sub: me.user.id, sid: sessionIdOf(me.accessToken) }, { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    const res = await request<ErrorBody>('GET', '/users/profile', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);
    const validate = await request<ErrorBody>('GET', '/users/validate-token', { token });
    expect(validate.status).toBe(401);
    expect(validate.body.message).toMatch(/expired/);
  });

  it('refuses an unsigned (alg none) token', async () => {
    const me = await signedInUser(request, outboxDir);
    const token = new UnsecuredJWT({ sid: sessionIdOf(me.accessToken), role: 'coach' })
      .setSubject(me.user.id)
      .setIssuer('cadence')
      .setIssuedAt()
      .setExpirationTime('10m')
      .encode();
    const res = await request<ErrorBody>('GET', '/users/profile', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).not.toMatch(/expired/);
  });

  it('refuses a token signed with another secret', async () => {
    const me = await signedInUser(request, outboxDir);
    const token = await signAccessToken({ sub: me.user.id, sid: sessionIdOf(me.accessToken) }, { secret: 'another-secret-that-is-long-enough-0123456789' });
    const res = await request<ErrorBody>('GET', '/users/profile', { token });
    expect(res.status).toBe(401);
    expect(res.body.message).not.toMatch(/expired/);
  });

  it('refuses a token from another issuer', async () => {
    const me = await signedInUser(request, outboxDir);
    const token = await signAccessToken({ sub: me.user.id, sid: sessionIdOf(me.accessToken) }, { issuer: 'someone-else' });
    expect(await profileStatus(token)).toBe(401);
  });

  it('refuses a validly signed token whose session does not exist or belongs to someone else', async () => {
    const me = await signedInUser(request, outboxDir);
    const other = await signedInUser(request, outboxDir);
    const unknownSession = await signAccessToken({ sub: me.user.id, sid: '00000000-0000-4000-8000-000000000000' });
    expect(await profileStatus(unknownSession)).toBe(401);
    const foreignSession = await signAccessToken({ sub: me.user.id, sid: sessionIdOf(other.accessToken) });
    expect(await profileStatus(foreignSession)).toBe(401);
  });

  it('refuses a token whose role claim is not a known role', async () => {
    const me = await signedInUser(request, outboxDir);
    const token = await signAccessToken({ sub: me.user.id, sid: sessionIdOf(me.accessToken), role: 'root' });
    expect(await profileStatus(token)).toBe(401);
  });

  it('refuses a missing or malformed Authorization header with 401', async () => {
    const none = await request<ErrorBody>('GET', '/users/profile');
    expect(none.status).toBe(401);
    expect(none.body.error).toBe('UNAUTHORIZED');
    expect((await request('GET', '/users/profile', { token: 'not.a.jwt' })).status).toBe(401);
    expect((await request('GET', '/users/validate-token')).status).toBe(401);
  });
});

describe('GET /users/validate-token and /users/profile', () => {
  it('validate-token answers valid and the user', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<{ valid: boolean; user: PublicUser }>('GET', '/users/validate-token', { token: me.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.valid).toBe(true);
    expect(res.body.user).toMatchObject({ id: me.user.id, _id: me.user.id, email: me.email, role: 'coach', isVerified: true });
  });

  it('profile answers the user', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<{ user: PublicUser }>('GET', '/users/profile', { token: me.accessToken });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: me.user.id, email: me.email, firstName: 'Ada', lastName: 'Lovelace' });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it('accepts the access cookie instead of the bearer header for reads, without a CSRF header', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<{ user: PublicUser }>('GET', '/users/profile', { headers: { cookie: `cadence_at=${me.accessToken}` } });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(me.user.id);
  });
});

describe('POST /users/logout', () => {
  it('revokes the session of the refresh token and clears the cookies', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<{ success: boolean }>('POST', '/users/logout', { body: { refreshToken: me.refreshToken } });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const cookies = setCookies(res.headers);
    for (const name of ['cadence_at', 'cadence_rt']) {
      expect(cookies[name]?.value, name).toBe('');
      expect(cookies[name]?.attributes, name).toContain('max-age=0');
    }
    expect(cookies.cadence_rt?.attributes).toContain('path=/api/users');

    expect(await profileStatus(me.accessToken)).toBe(401);
    const again = await refresh(me.refreshToken);
    expect(again.status).toBe(401);
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).toContain('logout');
  });

  it('revokes the session named by the bearer access token', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await request('POST', '/users/logout', { token: me.accessToken })).status).toBe(200);
    expect(await profileStatus(me.accessToken)).toBe(401);
    expect((await refresh(me.refreshToken)).status).toBe(401);
  });

  it('revokes the session named by the cookies when the CSRF token of that session comes with them', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await request('POST', '/users/logout', { headers: { cookie: `cadence_rt=${me.refreshToken}`, 'x-csrf-token': me.csrfToken! } });
    expect(res.status).toBe(200);
    expect((await refresh(me.refreshToken)).status).toBe(401);
    expect(await profileStatus(me.accessToken)).toBe(401);
  });

  it('refuses a sign-out by cookies alone (a cross-site form): 403 CSRF_INVALID, session and cookies kept', async () => {
    const me = await signedInUser(request, outboxDir);
    const cookie = `cadence_at=${me.accessToken}; cadence_rt=${me.refreshToken}`;
    const forged = await request<{ error: string }>('POST', '/users/logout', { headers: { cookie } });
    expect(forged.status).toBe(403);
    expect(forged.body.error).toBe('CSRF_INVALID');
    expect(forged.headers.getSetCookie()).toEqual([]);
    // A token of another session is no good either.
    const other = await signedInUser(request, outboxDir);
    expect((await request('POST', '/users/logout', { headers: { cookie, 'x-csrf-token': other.csrfToken! } })).status).toBe(403);
    expect(await profileStatus(me.accessToken)).toBe(200);
  });

  it('still ends the session when the access token has expired', async () => {
    const me = await signedInUser(request, outboxDir);
    const expired = await signAccessToken({ sub: me.user.id, sid: sessionIdOf(me.accessToken) }, { expiresAt: Math.floor(Date.now() / 1000) - 60 });
    expect((await request('POST', '/users/logout', { token: expired })).status).toBe(200);
    expect((await refresh(me.refreshToken)).status).toBe(401);
  });

  it('ends only the signed-out session', async () => {
    const me = await signedInUser(request, outboxDir);
    const second = await request<{ accessToken: string }>('POST', '/users/login', { body: { email: me.email, password: me.password } });
    await request('POST', '/users/logout', { body: { refreshToken: me.refreshToken } });
    expect(await profileStatus(me.accessToken)).toBe(401);
    expect(await profileStatus(second.body.accessToken)).toBe(200);
  });

  it('succeeds without any credentials', async () => {
    const res = await request<{ success: boolean }>('POST', '/users/logout');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });
});

describe('GET /auth/csrf-token', () => {
  it('returns a token in the x-csrf-token header, uncached', async () => {
    const res = await request<{ csrfToken: string }>('GET', '/auth/csrf-token');
    expect(res.status).toBe(200);
    const header = res.headers.get('x-csrf-token');
    expect(header).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(res.headers.get('cache-control')).toContain('no-store');
  });
});

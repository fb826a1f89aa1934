import { describe, expect, inject, it } from 'vitest';
import { DEFAULT_APPEARANCE_PREFERENCES } from '@/lib/preferences';
import { client } from '../helpers/http';
import { signedInUser, type ErrorBody } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');

const DARK = { ...DEFAULT_APPEARANCE_PREFERENCES, theme: 'dark' };

/** A signed-in browser: only the access cookie from the login's Set-Cookie, no bearer header. */
async function browserSession() {
  const me = await signedInUser(request, outboxDir);
  const cookie = me.cookies.cadence_at?.value;
  expect(cookie, 'cadence_at cookie from the login').toBeTruthy();
  expect(me.cookies.cadence_at!.attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=lax']));
  return { ...me, cookie: `cadence_at=${cookie}` };
}

async function csrfTokenFor(cookie?: string): Promise<string> {
  const res = await request('GET', '/auth/csrf-token', { headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(200);
  const token = res.headers.get('x-csrf-token');
  expect(token).toBeTruthy();
  return token!;
}

const putAppearance = (headers: Record<string, string>) =>
  request<ErrorBody & { appearancePreferences: unknown }>('PUT', '/users/appearance', { headers, body: { appearancePreferences: DARK } });

describe('CSRF protection of cookie-authenticated changes', () => {
  it('reads with the cookie alone (GET needs no CSRF header)', async () => {
    const me = await browserSession();
    const res = await request<{ user: { id: string } }>('GET', '/users/profile', { headers: { cookie: me.cookie } });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(me.user.id);
  });

  it('refuses a PUT with the cookie but no x-csrf-token: 403 CSRF_INVALID, nothing saved', async () => {
    const me = await browserSession();
    const res = await putAppearance({ cookie: me.cookie });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('CSRF_INVALID');
    const profile = await request<{ user: { appearancePreferences: unknown } }>('GET', '/users/profile', { token: me.accessToken });
    expect(profile.body.user.appearancePreferences).toEqual(DEFAULT_APPEARANCE_PREFERENCES);
  });

  it('accepts a token from GET /api/auth/csrf-token fetched with the same cookie', async () => {
    const me = await browserSession();
    const token = await csrfTokenFor(me.cookie);
    const res = await putAppearance({ cookie: me.cookie, 'x-csrf-token': token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.appearancePreferences).toEqual(DARK);
  });

  it('accepts the token the login answered in its x-csrf-token header', async () => {
    const me = await browserSession();
    expect(me.csrfToken).toBeTruthy();
    expect((await putAppearance({ cookie: me.cookie, 'x-csrf-token': me.csrfToken! })).status).toBe(200);
  });

  it('refuses a token bound to a different session', async () => {
    const me = await browserSession();
    const other = await browserSession();
    const foreign = await csrfTokenFor(other.cookie);
    const res = await putAppearance({ cookie: me.cookie, 'x-csrf-token': foreign });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('CSRF_INVALID');
  });

  it('refuses an anonymous token and a tampered one', async () => {
    const me = await browserSession();
    const anonymous = await csrfTokenFor();
    expect((await putAppearance({ cookie: me.cookie, 'x-csrf-token': anonymous })).status).toBe(403);
    const good = await csrfTokenFor(me.cookie);
    const [payload, signature] = good.split('.');
    const flipped = `${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect((await putAppearance({ cookie: me.cookie, 'x-csrf-token': flipped })).status).toBe(403);
    expect((await putAppearance({ cookie: me.cookie, 'x-csrf-token': 'garbage' })).status).toBe(403);
  });

  it('guards POST and DELETE as well', async () => {
    const me = await browserSession();
    const exportRes = await request<ErrorBody>('POST', '/users/data/export', { headers: { cookie: me.cookie } });
    expect(exportRes.status).toBe(403);
    expect(exportRes.body.error).toBe('CSRF_INVALID');
    const other = await request<{ sessions: { id: string; isCurrent: boolean }[] }>('GET', '/sessions', { token: me.accessToken });
    const target = other.body.sessions.find((s) => !s.isCurrent) ?? other.body.sessions[0]!;
    const del = await request<ErrorBody>('DELETE', `/sessions/${target.id}`, { headers: { cookie: me.cookie } });
    expect(del.status).toBe(403);
  });

  it('needs no CSRF header with a bearer token', async () => {
    const me = await browserSession();
    const res = await request('PUT', '/users/appearance', { token: me.accessToken, body: { appearancePreferences: DARK } });
    expect(res.status).toBe(200);
  });
});

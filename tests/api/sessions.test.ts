import { afterAll, describe, expect, inject, it } from 'vitest';
import { SETTINGS_TOASTS } from '@/lib/constants';
import { client, uniqueIp } from '../helpers/http';
import { loginAs, openDb, securityEvents, sessionIdOf, signedInUser, type ErrorBody } from './helpers-auth';
import type { ActiveSession } from '@/lib/schemas/account';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

type SessionEntry = ActiveSession;

const listSessions = async (token: string) => {
  const res = await request<{ sessions: SessionEntry[] }>('GET', '/sessions', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.sessions;
};
const profileStatus = async (token: string) => (await request('GET', '/users/profile', { token })).status;
const refreshStatus = async (refreshToken: string) => (await request('POST', '/users/refresh-token', { body: { refreshToken } })).status;

async function liveSessionIds(userId: string): Promise<string[]> {
  const rows = await db<{ id: string }[]>`
    select id from sessions where user_id = ${userId} and revoked_at is null and expires_at > now() order by id`;
  return rows.map((r) => r.id);
}

describe('GET /sessions', () => {
  it('lists every live session of the user, isCurrent on exactly the caller\'s', async () => {
    const me = await signedInUser(request, outboxDir);
    const second = await loginAs(request, me.email, me.password);
    const third = await loginAs(request, me.email, me.password);

    const sessions = await listSessions(second.accessToken);
    // Exactly the three sign-ins: the short session the verification link opened is not a device.
    expect(sessions.map((s) => s.id).sort()).toEqual([sessionIdOf(me.accessToken), sessionIdOf(second.accessToken), sessionIdOf(third.accessToken)].sort());
    expect((await liveSessionIds(me.user.id)).length).toBe(4);
    expect(sessions.filter((s) => s.isCurrent).map((s) => s.id)).toEqual([sessionIdOf(second.accessToken)]);
    for (const s of sessions) {
      expect(s._id).toBe(s.id);
      expect(new Date(s.lastActive).toISOString()).toBe(s.lastActive);
      expect(s).toEqual(expect.objectContaining({ device: expect.any(String), os: expect.any(String), ip: expect.any(String), location: expect.any(String) }));
    }
  });

  it('describes the device, os, ip and location of a Chrome-on-Windows sign-in', async () => {
    const me = await signedInUser(request, outboxDir);
    const ip = uniqueIp();
    const chrome = await loginAs(request, me.email, me.password, ip, { 'user-agent': CHROME_ON_WINDOWS });
    const entry = (await listSessions(me.accessToken)).find((s) => s.id === sessionIdOf(chrome.accessToken));
    expect(entry).toBeDefined();
    expect(entry!.device).toMatch(/^Chrome 120/);
    expect(entry!.os).toMatch(/^Windows 10/);
    expect(entry!.ip).toBe(ip);
    expect(entry!.location).toBe('Private network');
    expect(entry!.isCurrent).toBe(false);
  });

  it('never lists another user\'s sessions', async () => {
    const alice = await signedInUser(request, outboxDir);
    const bob = await signedInUser(request, outboxDir);
    const bobSecond = await loginAs(request, bob.email, bob.password);
    const aliceIds = (await listSessions(alice.accessToken)).map((s) => s.id);
    const bobIds = (await listSessions(bob.accessToken)).map((s) => s.id);
    expect(aliceIds).not.toContain(sessionIdOf(bob.accessToken));
    expect(aliceIds).not.toContain(sessionIdOf(bobSecond.accessToken));
    expect(aliceIds.filter((id) => bobIds.includes(id))).toEqual([]);
    const owners = await db<{ user_id: string }[]>`select distinct user_id from sessions where id = any(${aliceIds}::uuid[])`;
    expect(owners.map((o) => o.user_id)).toEqual([alice.user.id]);
  });

  it('leaves out a signed-out session', async () => {
    const me = await signedInUser(request, outboxDir);
    const other = await loginAs(request, me.email, me.password);
    expect((await request('POST', '/users/logout', { token: other.accessToken, body: { refreshToken: other.refreshToken } })).status).toBe(200);
    expect((await listSessions(me.accessToken)).map((s) => s.id)).not.toContain(sessionIdOf(other.accessToken));
  });

  it('needs an access token', async () => {
    expect((await request('GET', '/sessions')).status).toBe(401);
  });
});

describe('DELETE /sessions/:id', () => {
  it('signs out another own session: its access token gets 401 and its refresh token fails', async () => {
    const me = await signedInUser(request, outboxDir);
    const other = await loginAs(request, me.email, me.password);
    expect(await profileStatus(other.accessToken)).toBe(200);

    const res = await request<{ success: boolean; message: string }>('DELETE', `/sessions/${sessionIdOf(other.accessToken)}`, { token: me.accessToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(SETTINGS_TOASTS.sessionTerminated);

    expect(await profileStatus(other.accessToken)).toBe(401);
    expect(await refreshStatus(other.refreshToken)).toBe(401);
    expect(await profileStatus(me.accessToken)).toBe(200);
    expect((await listSessions(me.accessToken)).map((s) => s.id)).not.toContain(sessionIdOf(other.accessToken));
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).toContain('session_revoked');
  });

  it('answers 404 for another user\'s session, which keeps working', async () => {
    const alice = await signedInUser(request, outboxDir);
    const bob = await signedInUser(request, outboxDir);
    const res = await request<ErrorBody>('DELETE', `/sessions/${sessionIdOf(bob.accessToken)}`, { token: alice.accessToken });
    expect(res.status).toBe(404);
    expect(await profileStatus(bob.accessToken)).toBe(200);
    expect(await refreshStatus(bob.refreshToken)).toBe(200);
    const [row] = await db<{ revoked_at: Date | null }[]>`select revoked_at from sessions where id = ${sessionIdOf(bob.accessToken)}`;
    expect(row!.revoked_at).toBeNull();
  });

  it('answers 404 for an unknown or already ended session', async () => {
    const me = await signedInUser(request, outboxDir);
    const other = await loginAs(request, me.email, me.password);
    const id = sessionIdOf(other.accessToken);
    expect((await request('DELETE', `/sessions/${id}`, { token: me.accessToken })).status).toBe(200);
    expect((await request('DELETE', `/sessions/${id}`, { token: me.accessToken })).status).toBe(404);
    expect((await request('DELETE', '/sessions/00000000-0000-4000-8000-000000000000', { token: me.accessToken })).status).toBe(404);
  });

  it.each(['not-a-uuid', '123', "1' or '1'='1"])('answers 400 for the id %j', async (id) => {
    const me = await signedInUser(request, outboxDir);
    const res = await request<ErrorBody>('DELETE', `/sessions/${encodeURIComponent(id)}`, { token: me.accessToken });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['id']);
  });

  it('needs an access token', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await request('DELETE', `/sessions/${sessionIdOf(me.accessToken)}`)).status).toBe(401);
    expect(await profileStatus(me.accessToken)).toBe(200);
  });
});

describe('POST /sessions/revoke-others', () => {
  it('leaves only the current session', async () => {
    const me = await signedInUser(request, outboxDir);
    const others = [await loginAs(request, me.email, me.password), await loginAs(request, me.email, me.password)];
    const current = await loginAs(request, me.email, me.password);
    const before = await liveSessionIds(me.user.id);

    const res = await request<{ success: boolean; message: string; revoked: number }>('POST', '/sessions/revoke-others', { token: current.accessToken });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(SETTINGS_TOASTS.sessionsTerminated);
    expect(res.body.revoked).toBe(before.length - 1);

    const sessions = await listSessions(current.accessToken);
    expect(sessions.map((s) => ({ id: s.id, isCurrent: s.isCurrent }))).toEqual([{ id: sessionIdOf(current.accessToken), isCurrent: true }]);
    expect(await liveSessionIds(me.user.id)).toEqual([sessionIdOf(current.accessToken)]);
    for (const session of [me, ...others]) {
      expect(await profileStatus(session.accessToken)).toBe(401);
      expect(await refreshStatus(session.refreshToken)).toBe(401);
    }
    expect((await securityEvents(db, me.user.id)).map((e) => e.type)).toContain('sessions_revoked');
  });

  it('does not touch another user\'s sessions', async () => {
    const alice = await signedInUser(request, outboxDir);
    const bob = await signedInUser(request, outboxDir);
    expect((await request('POST', '/sessions/revoke-others', { token: alice.accessToken })).status).toBe(200);
    expect(await profileStatus(bob.accessToken)).toBe(200);
  });
});

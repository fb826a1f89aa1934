import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { MESSAGES, SETTINGS_VALIDATION } from '@/lib/constants';
import { client } from '../helpers/http';
import { loginAs, openDb, setCookies, signedInUser, type ErrorBody } from './helpers-auth';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const dataDir = inject('dataDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const deleteAccount = (token: string, body: unknown) => request<ErrorBody & { success: boolean }>('POST', '/users/account/delete', { token, body });

async function rowCounts(userId: string) {
  const [row] = await db<{ users: number; sessions: number; clients: number; log: number }[]>`
    select (select count(*)::int from users where id = ${userId}) as users,
           (select count(*)::int from sessions where user_id = ${userId}) as sessions,
           (select count(*)::int from clients where coach_id = ${userId}) as clients,
           (select count(*)::int from security_log where user_id = ${userId}) as log`;
  return row!;
}

/** A client row owned by the coach, so the test can see it go with the account. */
async function addClient(coachId: string) {
  await db`insert into clients (coach_id, first_name, last_name, email) values (${coachId}, 'Grace', 'Hopper', 'grace@example.com')`;
}

describe('POST /users/account/delete', () => {
  it.each([{}, { password: '' }])('answers 400 "Please enter your password to confirm account deletion" for %j', async (body) => {
    const me = await signedInUser(request, outboxDir);
    const res = await deleteAccount(me.accessToken, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.deletePassword);
    expect(res.body.details).toEqual([{ field: 'password', message: SETTINGS_VALIDATION.deletePassword }]);
    expect((await rowCounts(me.user.id)).users).toBe(1);
  });

  it('answers 400 for a wrong password and keeps the account', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await deleteAccount(me.accessToken, { password: 'Wrong!Passw0rd' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(SETTINGS_VALIDATION.passwordIncorrect);
    expect(res.body.details?.map((d) => d.field)).toEqual(['password']);
    expect((await request('GET', '/users/profile', { token: me.accessToken })).status).toBe(200);
    expect((await request('POST', '/users/login', { body: { email: me.email, password: me.password } })).status).toBe(200);
  });

  it('deletes the account with its rows, ends its sessions and leaves an anonymous audit row', async () => {
    const me = await signedInUser(request, outboxDir);
    const other = await loginAs(request, me.email, me.password);
    await addClient(me.user.id);
    expect(await rowCounts(me.user.id)).toMatchObject({ users: 1, clients: 1 });

    const res = await deleteAccount(me.accessToken, { password: me.password });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.message).toEqual(expect.any(String));
    const cookies = setCookies(res.headers);
    expect(cookies.cadence_at?.value).toBe('');

    const login = await request<ErrorBody>('POST', '/users/login', { body: { email: me.email, password: me.password } });
    expect(login.status).toBe(401);
    expect(login.body.message).toBe(MESSAGES.loginFailed);
    expect((await request('GET', '/users/profile', { token: me.accessToken })).status).toBe(401);
    expect((await request('GET', '/users/profile', { token: other.accessToken })).status).toBe(401);
    expect((await request('POST', '/users/refresh-token', { body: { refreshToken: other.refreshToken } })).status).toBe(401);

    expect(await rowCounts(me.user.id)).toEqual({ users: 0, sessions: 0, clients: 0, log: 0 });
    const audit = await db<{ user_id: string | null; success: boolean }[]>`
      select user_id, success from security_log where type = 'account_deleted' and details like ${`%${me.user.id}%`}`;
    expect(audit).toEqual([{ user_id: null, success: true }]);
  });

  it('removes the files of the account\'s data exports', async () => {
    const me = await signedInUser(request, outboxDir);
    const requested = await request<{ export: { id: string } }>('POST', '/users/data/export', { token: me.accessToken });
    expect(requested.status).toBe(200);
    const id = requested.body.export.id;
    const deadline = Date.now() + 10_000;
    let fileName: string | null = null;
    while (!fileName && Date.now() < deadline) {
      const [row] = await db<{ file_name: string | null; status: string }[]>`select file_name, status from data_exports where id = ${id}`;
      if (row?.status === 'ready') fileName = row.file_name;
      else await new Promise((r) => setTimeout(r, 200));
    }
    expect(fileName, 'export ready').toBeTruthy();
    const file = path.join(dataDir, 'exports', fileName!);
    expect(fs.existsSync(file)).toBe(true);

    expect((await deleteAccount(me.accessToken, { password: me.password })).status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
    expect(await db`select 1 from data_exports where id = ${id}`).toHaveLength(0);
  });

  it('frees the address for a new registration', async () => {
    const me = await signedInUser(request, outboxDir);
    expect((await deleteAccount(me.accessToken, { password: me.password })).status).toBe(200);
    const res = await request('POST', '/users/register', {
      body: { firstName: 'Ada', lastName: 'Again', email: me.email, phone: '+1 555 010 2030', password: me.password },
    });
    expect(res.status).toBe(201);
  });

  it('needs an access token', async () => {
    expect((await request('POST', '/users/account/delete', { body: { password: 'x' } })).status).toBe(401);
  });
});

describe('password re-checks are limited', () => {
  it('after 10 wrong passwords in 15 minutes even the right one is refused with 429, and each miss is logged', async () => {
    const me = await signedInUser(request, outboxDir);
    for (let i = 0; i < 10; i++) expect((await deleteAccount(me.accessToken, { password: `Wrong!Passw0rd${i}` })).status).toBe(400);
    const limited = await deleteAccount(me.accessToken, { password: me.password });
    expect(limited.status).toBe(429);
    expect((await request('GET', '/users/profile', { token: me.accessToken })).status).toBe(200);
    const misses = await db<{ n: number }[]>`select count(*)::int as n from security_log where user_id = ${me.user.id} and type = 'password_check_failed' and success = false`;
    expect(misses[0]!.n).toBe(10);
  });
});

import { afterAll, describe, expect, inject, it } from 'vitest';
import { SECURITY_LOG_PAGE_SIZE } from '@/lib/constants';
import { client } from '../helpers/http';
import { loginAs, openDb, signedInUser, type ErrorBody } from './helpers-auth';
import type { SecurityLogResponse } from '@/lib/schemas/account';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type LogPage = SecurityLogResponse;

const getLog = (token: string, query = '') => request<LogPage & ErrorBody>('GET', `/users/security-log${query}`, { token });

/** A user with a handful of events: register, verify, several sign-ins and a failed one. */
async function userWithEvents() {
  const me = await signedInUser(request, outboxDir);
  await loginAs(request, me.email, me.password);
  await loginAs(request, me.email, me.password);
  expect((await request('POST', '/users/login', { body: { email: me.email, password: 'Wrong!Passw0rd' } })).status).toBe(401);
  expect((await request('PUT', '/users/timezone', { token: me.accessToken, body: { timezone: 'Asia/Tokyo' } })).status).toBe(200);
  const [row] = await db<{ n: number }[]>`select count(*)::int as n from security_log where user_id = ${me.user.id}`;
  return { ...me, total: row!.n };
}

describe('GET /users/security-log', () => {
  it('pages the log with page/limit and answers pagination {page, limit, total, pages}', async () => {
    const me = await userWithEvents();
    expect(me.total).toBeGreaterThanOrEqual(6);

    const all = await getLog(me.accessToken, '?page=1&limit=100');
    expect(all.status).toBe(200);
    expect(all.body.logs).toHaveLength(me.total);

    const seen: string[] = [];
    const pages = Math.ceil(me.total / 2);
    for (let page = 1; page <= pages; page += 1) {
      const res = await getLog(me.accessToken, `?page=${page}&limit=2`);
      expect(res.status).toBe(200);
      expect(res.body.pagination).toEqual({ page, limit: 2, total: me.total, pages });
      expect(res.body.logs.length).toBe(page < pages ? 2 : me.total - 2 * (pages - 1));
      seen.push(...res.body.logs.map((l) => l.id));
    }
    expect(seen).toEqual(all.body.logs.map((l) => l.id));

    const beyond = await getLog(me.accessToken, `?page=${pages + 1}&limit=2`);
    expect(beyond.status).toBe(200);
    expect(beyond.body.logs).toEqual([]);
  });

  it('lists the newest first with timestamp, type, details, success and ip', async () => {
    const me = await userWithEvents();
    const res = await getLog(me.accessToken);
    expect(res.status).toBe(200);
    const times = res.body.logs.map((l) => Date.parse(l.timestamp));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(res.body.logs[0]).toMatchObject({ type: 'timezone_updated', success: true, details: expect.stringContaining('Asia/Tokyo') });
    expect(res.body.logs.at(-1)!.type).toBe('register');
    const failed = res.body.logs.find((l) => l.type === 'login_failed');
    expect(failed).toMatchObject({ success: false, ip: expect.any(String) });
    for (const entry of res.body.logs) {
      expect(Object.keys(entry).sort()).toEqual(['details', 'id', 'ip', 'success', 'timestamp', 'type']);
      expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
    }
  });

  it(`uses page 1 and limit ${SECURITY_LOG_PAGE_SIZE} when none is asked`, async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await getLog(me.accessToken);
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: SECURITY_LOG_PAGE_SIZE });
  });

  it.each([
    ['?limit=101', 'limit'],
    ['?limit=1000', 'limit'],
    ['?limit=0', 'limit'],
    ['?page=0', 'page'],
    ['?page=-1', 'page'],
    ['?page=abc', 'page'],
    ['?page=1.5', 'page'],
  ])('answers 400 for %s', async (query, field) => {
    const me = await signedInUser(request, outboxDir);
    const res = await getLog(me.accessToken, query);
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual([field]);
  });

  it('accepts limit 100', async () => {
    const me = await signedInUser(request, outboxDir);
    const res = await getLog(me.accessToken, '?limit=100');
    expect(res.status).toBe(200);
    expect(res.body.pagination.limit).toBe(100);
  });

  it('lists only the caller\'s own events', async () => {
    const alice = await userWithEvents();
    const bob = await userWithEvents();
    const aliceLog = await getLog(alice.accessToken, '?limit=100');
    const bobLog = await getLog(bob.accessToken, '?limit=100');
    expect(aliceLog.body.pagination.total).toBe(alice.total);
    const aliceIds = aliceLog.body.logs.map((l) => l.id);
    expect(aliceIds.filter((id) => bobLog.body.logs.some((l) => l.id === id))).toEqual([]);
    const owners = await db<{ user_id: string | null }[]>`select distinct user_id from security_log where id = any(${aliceIds}::uuid[])`;
    expect(owners).toEqual([{ user_id: alice.user.id }]);
  });

  it('needs an access token', async () => {
    expect((await request('GET', '/users/security-log')).status).toBe(401);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEST_NOTIFICATION_TEXT } from '@/lib/constants';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@/server/services/rate-limit';
import { startApp, type App } from '../helpers/stack';
import { client, readEmails, uniqueEmail, uniqueIp } from '../helpers/http';
import { eventually, listen } from './engine-helpers';
import { loginAs, openDb, registerAndVerify, sessionIdOf, type Db, type ErrorBody } from './helpers-auth';

/**
 * Two app instances on one Postgres, as behind a load balancer (docs/operations.md): A runs the
 * embedded database, B is pointed at it; both share the data folder and outbox like instances on
 * one shared volume would.
 */

let base: string;
let outboxDir: string;
let a: App;
let b: App;
let db: Db;
let onA: ReturnType<typeof client>;
let onB: ReturnType<typeof client>;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-scale-'));
  fs.chmodSync(base, 0o755);
  const dataDir = path.join(base, 'data');
  outboxDir = path.join(base, 'outbox');
  a = await startApp({ dataDir, outboxDir, env: { LOG_LEVEL: 'error' } });
  b = await startApp({ dataDir, outboxDir, databaseUrl: a.databaseUrl, env: { LOG_LEVEL: 'error' } });
  db = openDb(a.databaseUrl);
  onA = client(a.baseUrl);
  onB = client(b.baseUrl);
});

afterAll(async () => {
  await db?.end();
  await b?.stop();
  await a?.stop();
  if (base) fs.rmSync(base, { recursive: true, force: true });
});

describe('two instances on one database', () => {
  it('run side by side on different ports and one database', () => {
    expect(a.port).not.toBe(b.port);
    expect(a.socketPort).not.toBe(b.socketPort);
    expect(b.databaseUrl).toBe(a.databaseUrl);
  });

  it('deliver an event raised on A to a browser connected to B only', async () => {
    const coach = await registerAndVerify(onA, outboxDir);
    const session = await loginAs(onA, coach.email, coach.password);
    const socket = await listen(b.socketPort, session.accessToken);
    try {
      // The socket is this coach's alone, so the fixed test text is known to be this event.
      const message = TEST_NOTIFICATION_TEXT;
      const res = await onA<{ deliveryResults: Record<string, boolean> }>('POST', '/users/test-notification', { token: session.accessToken, body: {} });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // A counted B's socket (the presence table) and its event reached it.
      expect(res.body.deliveryResults).toMatchObject({ push: true, inApp: true });
      const received = await eventually(
        async () => socket.events.filter((e) => e.event === 'notification'),
        (events) => events.length > 0,
        5_000,
        'the notification on B',
      );
      expect(received.map((e) => e.payload.message)).toEqual([message]);
    } finally {
      socket.close();
    }
  });

  it("write a browser's presence while it is connected and remove it when it leaves", async () => {
    const coach = await registerAndVerify(onA, outboxDir);
    const session = await loginAs(onA, coach.email, coach.password);
    const rows = () => db<{ n: number }[]>`select count(*)::int as n from realtime_presence where user_id = ${session.user.id}`.then(([r]) => r!.n);
    const socket = await listen(b.socketPort, session.accessToken);
    // Written before the socket heard 'authenticated'.
    expect(await rows()).toBe(1);
    socket.close();
    await eventually(rows, (n) => n === 0, 5_000, 'the presence row removed');
  });

  it("relay a user's events to the other instances only while one of them holds the user's browser", async () => {
    const coach = await registerAndVerify(onA, outboxDir);
    const session = await loginAs(onA, coach.email, coach.password);
    // What A publishes through the adapter (LISTEN/NOTIFY), as the other instances receive it.
    const relayed: string[] = [];
    const listener = await db.listen('socket.io#/', (payload) => {
      if (payload.includes('"relay"') && payload.includes(session.user.id)) relayed.push(payload);
    });
    try {
      // Marking everything read tells the user's browsers, and no instance holds one yet.
      const readAll = await onA('POST', '/notifications/read-all', { token: session.accessToken, body: {} });
      expect(readAll.status).toBe(200);
      const socket = await listen(b.socketPort, session.accessToken);
      try {
        const res = await onA('POST', '/users/test-notification', { token: session.accessToken, body: {} });
        expect(res.status).toBe(200);
        await eventually(async () => relayed.filter((p) => p.includes(TEST_NOTIFICATION_TEXT)), (found) => found.length > 0, 5_000, 'the relay of the notification');
        // A relays in the order it emitted: had the read-all event been relayed, it would have come first.
        expect(relayed.filter((p) => p.includes('message-read'))).toEqual([]);
      } finally {
        socket.close();
      }
    } finally {
      await listener.unlisten();
    }
  });

  it('share sessions: signed in on A, used and refreshed on B, revoked on B, refused on A', async () => {
    const coach = await registerAndVerify(onA, outboxDir);
    const first = await loginAs(onA, coach.email, coach.password);
    const second = await loginAs(onA, coach.email, coach.password);
    expect((await onB('GET', '/users/profile', { token: first.accessToken })).status).toBe(200);

    const refreshed = await onB<{ accessToken: string; newRefreshToken: string }>('POST', '/users/refresh-token', { body: { refreshToken: first.refreshToken } });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect((await onA('GET', '/users/profile', { token: refreshed.body.accessToken })).status).toBe(200);

    const revoked = await onB('DELETE', `/sessions/${sessionIdOf(first.accessToken)}`, { token: second.accessToken });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await onA('GET', '/users/profile', { token: refreshed.body.accessToken })).status).toBe(401);
    expect((await onA('POST', '/users/refresh-token', { body: { refreshToken: refreshed.body.newRefreshToken } })).status).toBe(401);
    // The other session is untouched on both.
    expect((await onA('GET', '/users/profile', { token: second.accessToken })).status).toBe(200);
    expect((await onB('GET', '/users/profile', { token: second.accessToken })).status).toBe(200);
  });

  it('share rate limits: sign-in attempts alternating A and B are counted together', async () => {
    const ip = uniqueIp();
    const attempt = (i: number) => (i % 2 === 0 ? onA : onB)<ErrorBody>('POST', '/users/login', { body: { email: uniqueEmail('spray'), password: 'Wrong!Passw0rd' }, ip });
    for (let i = 0; i < RATE_LIMITS.loginIp.limit; i += 1) expect((await attempt(i)).status, `attempt ${i + 1}`).toBe(401);
    const onNext = await attempt(RATE_LIMITS.loginIp.limit);
    const onOther = await attempt(RATE_LIMITS.loginIp.limit + 1);
    for (const blocked of [onNext, onOther]) {
      expect(blocked.status).toBe(429);
      expect(blocked.body.error).toBe('RATE_LIMITED');
    }
  });

  it('take the client address the proxy appended last, not one the client wrote into X-Forwarded-For', async () => {
    const coach = await registerAndVerify(onA, outboxDir);
    const real = uniqueIp();
    const session = await loginAs(onB, coach.email, coach.password, undefined, { 'x-forwarded-for': `203.0.113.9, ${real}` });
    const listed = await onA<{ sessions: { id: string; ip: string }[] }>('GET', '/sessions', { token: session.accessToken });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions.find((s) => s.id === sessionIdOf(session.accessToken))?.ip).toBe(real);
  });

  it('run each queued job once: data exports requested on both instances each end in exactly one e-mail', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => registerAndVerify(onA, outboxDir)));
    const sessions = await Promise.all(users.map((u, i) => loginAs(i % 2 === 0 ? onA : onB, u.email, u.password)));
    await Promise.all(
      sessions.map(async (s, i) => {
        const res = await (i % 2 === 0 ? onB : onA)('POST', '/users/data/export', { token: s.accessToken });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
      }),
    );
    const ids = users.map((u) => u.user.id);
    await eventually(
      async () => db<{ status: string }[]>`select status from data_exports where user_id = any(${ids}::uuid[])`,
      (rows) => rows.length === ids.length && rows.every((r) => r.status === 'ready'),
      20_000,
      'every export ready',
    );
    // Both instances had time to pick a job up a second time if they were going to.
    await new Promise((r) => setTimeout(r, 1_500));
    for (const user of users) {
      const mails = readEmails(outboxDir).filter((m) => m.to === user.email && /export/i.test(m.subject));
      expect(mails, `export e-mails to ${user.email}`).toHaveLength(1);
    }
  });
});

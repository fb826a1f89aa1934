import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

/**
 * The presence table (server/realtime/presence.ts, decision 0102) on the test database, called
 * directly: what each instance writes when sockets come and go, what the others read before
 * relaying, and how rows nobody refreshes stop counting.
 */

type Presence = typeof import('../../server/realtime/presence');
let presence: Presence;
let closeDb: () => Promise<void>;
let db: postgres.Sql;

beforeAll(async () => {
  process.env.DATABASE_URL = inject('databaseUrl');
  presence = await import('../../server/realtime/presence');
  ({ closeDb } = await import('../../server/db/client'));
  db = postgres(inject('databaseUrl'), { max: 1, onnotice: () => {} });
});
afterAll(async () => {
  await db?.end();
  await closeDb?.();
});

const socket = (userId = randomUUID()) => ({ socketId: randomUUID(), userId });
const rowsOf = async (userIds: string[]) =>
  (await db<{ n: number }[]>`select count(*)::int as n from realtime_presence where user_id = any(${userIds}::uuid[])`)[0]!.n;

describe('realtime presence', () => {
  it("tells another instance which users have a browser here, never an instance its own, and counts a user's browsers everywhere", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const here = socket();
    const secondTab = socket(here.userId);
    const nobody = randomUUID();
    await presence.addSocket(a, here);
    await presence.addSocket(b, secondTab);
    expect(await presence.usersConnectedElsewhere(randomUUID(), [here.userId, nobody])).toEqual(new Set([here.userId]));
    expect(await presence.usersConnectedElsewhere(a, [here.userId])).toEqual(new Set([here.userId]));
    await presence.removeSocket(b, secondTab.socketId);
    expect(await presence.usersConnectedElsewhere(a, [here.userId])).toEqual(new Set());
    expect(await presence.socketsOfUser(here.userId)).toBe(1);
    await presence.removeInstance(a);
    expect(await presence.socketsOfUser(here.userId)).toBe(0);
  });

  it("heals a socket whose row was never written, and stops counting rows nobody refreshes, then deletes them", async () => {
    const [alive, dead] = [randomUUID(), randomUUID()];
    const missed = socket();
    const ofDead = socket();
    await presence.addSocket(dead, ofDead);
    await presence.writeInstancePresence(alive, [missed]);
    expect(await presence.socketsOfUser(missed.userId)).toBe(1);
    // The dead instance stopped refreshing its rows four minutes ago.
    await db`update realtime_presence set seen_at = now() - interval '4 minutes' where instance_id = ${dead}`;
    expect(await presence.usersConnectedElsewhere(alive, [ofDead.userId])).toEqual(new Set());
    expect(await presence.socketsOfUser(ofDead.userId)).toBe(0);
    await presence.writeInstancePresence(alive, [missed]);
    expect(await rowsOf([ofDead.userId])).toBe(0);
    expect(await rowsOf([missed.userId])).toBe(1);
    await presence.removeInstance(alive);
  });

  it('writes down more sockets than one statement has parameters', async () => {
    const instance = randomUUID();
    const sockets = Array.from({ length: 25_000 }, () => socket());
    await presence.writeInstancePresence(instance, sockets);
    await presence.writeInstancePresence(instance, sockets);
    expect((await db<{ n: number }[]>`select count(*)::int as n from realtime_presence where instance_id = ${instance}`)[0]!.n).toBe(25_000);
    await presence.removeInstance(instance);
  });
});

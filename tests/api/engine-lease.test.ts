import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../helpers/fake-openai';
import { startFakeTwilio, type FakeTwilio } from '../helpers/fake-twilio';
import { fakeProviderEnv } from '../helpers/fake-providers';
import { startApp, type App } from '../helpers/stack';
import { expectEachClientTextedOnce } from './engine-helpers';
import { openDb, type Db } from './helpers-auth';

/**
 * Texts that wait for a provider slot longer than their claim allows (decision 0107): Twilio is
 * slow, one call at a time, so a batch's last rows reach their turn after the lease would let
 * another batch take them over. Each is given back before its call instead, and every client gets
 * exactly one text. Without the deadline, the taker looked up a text still waiting in the first
 * batch's queue, found nothing and sent it, and then the first batch sent it too.
 */

const COUNT = 16;
const LATENCY_MS = 400;

let base: string;
let app: App;
let ai: FakeOpenAi;
let sms: FakeTwilio;
let db: Db;

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-lease-'));
  fs.chmodSync(base, 0o755);
  ai = await startFakeOpenAi();
  sms = await startFakeTwilio();
  app = await startApp({
    dataDir: path.join(base, 'data'),
    outboxDir: path.join(base, 'outbox'),
    env: {
      LOG_LEVEL: 'error',
      ...fakeProviderEnv(ai, sms),
      SCHEDULER_TICK_SECONDS: '1',
      // A hand-over may start until 4 × 0.9 − 1.5 = 2.1 s after the claim: about five of the sixteen.
      CHECKIN_CLAIM_LEASE_SECONDS: '4',
      TWILIO_TIMEOUT_SECONDS: '1.5',
      CHECKIN_REQUEUE_SECONDS: '1',
      CHECKIN_SEND_CONCURRENCY: '1',
    },
  });
  db = openDb(app.databaseUrl);
}, 120_000);

afterAll(async () => {
  await db?.end();
  await app?.stop();
  await ai?.close();
  await sms?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

describe('a text whose provider slot comes late in its claim', () => {
  it('is given back before the call, and no client is texted twice', async () => {
    const [coach] = await db<{ id: string }[]>`
      insert into users (username, email, password_hash, plan_id, is_verified) values ('lease-coach', 'lease-coach@example.com', 'x', 'full', true) returning id`;
    const clients = await db<{ id: string }[]>`
      insert into clients (coach_id, first_name, last_name, email, phone, timezone)
      select ${coach!.id}, 'Client' || i, 'Lease', 'lease' || i || '@example.com', '+1555' || lpad(i::text, 7, '0'), 'UTC'
      from generate_series(1, ${COUNT}) as i returning id`;
    sms.latency(LATENCY_MS);
    // Written by the coach (no AI call): the only wait is Twilio's.
    await db`
      insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for, source, ai_message)
      select ${coach!.id}, id, true, 'scheduled', now() + interval '2 seconds', 'manual', 'How did the week go?'
      from unnest(${db.array(clients.map((c) => c.id))}::uuid[]) as id`;

    await expectEachClientTextedOnce(db, sms, COUNT, 60_000);
    // Every given-back row lost its hand-over mark, so none had to be looked up at Twilio.
    expect(sms.lookups).toBe(0);
  }, 90_000);
});

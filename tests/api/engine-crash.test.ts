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
 * A worker killed (SIGKILL) while it drains a burst of due check-ins, with texts on their way to
 * Twilio at that instant: once an instance runs again on the same database, every check-in is
 * sent, and each client got exactly one text. The database lives in a third app process that
 * runs no jobs, so the kill leaves it alone.
 */

const COUNT = 120;
const KILL_AFTER = 40;

let base: string;
let holder: App;
let ai: FakeOpenAi;
let sms: FakeTwilio;
let db: Db;
const apps: App[] = [];

/** Short leases so orphaned rows return in seconds (the defaults are minutes). */
const workerEnv = (): Record<string, string> => ({
  LOG_LEVEL: 'error',
  ...fakeProviderEnv(ai, sms),
  SCHEDULER_TICK_SECONDS: '1',
  CHECKIN_CLAIM_LEASE_SECONDS: '3',
  // At most 0.4 of the lease (a hand-over must end within the claim, decision 0107).
  TWILIO_TIMEOUT_SECONDS: '1.2',
  CHECKIN_REQUEUE_SECONDS: '2',
  CHECKIN_SEND_CONCURRENCY: '8',
});

function worker(name: string): Promise<App> {
  return startApp({ databaseUrl: holder.databaseUrl, dataDir: path.join(base, name), outboxDir: path.join(base, `${name}-outbox`), env: workerEnv() }).then((app) => {
    apps.push(app);
    return app;
  });
}

beforeAll(async () => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-crash-'));
  fs.chmodSync(base, 0o755);
  ai = await startFakeOpenAi();
  sms = await startFakeTwilio();
  holder = await startApp({ dataDir: path.join(base, 'holder'), outboxDir: path.join(base, 'holder-outbox'), env: { JOBS_DISABLED: 'true', LOG_LEVEL: 'error' } });
  db = openDb(holder.databaseUrl);
}, 120_000);

afterAll(async () => {
  await db?.end();
  for (const app of apps) await app.stop();
  await holder?.stop();
  await ai?.close();
  await sms?.close();
  fs.rmSync(base, { recursive: true, force: true });
});

/** A coach with COUNT clients, each with one check-in due a few seconds from now. */
async function seedDueCheckIns(): Promise<void> {
  const [coach] = await db<{ id: string }[]>`
    insert into users (username, email, password_hash, plan_id, is_verified) values ('crash-coach', 'crash-coach@example.com', 'x', 'full', true) returning id`;
  const clients = await db<{ id: string }[]>`
    insert into clients (coach_id, first_name, last_name, email, phone, timezone)
    select ${coach!.id}, 'Client' || i, 'Crash', 'crash' || i || '@example.com', '+1555' || lpad(i::text, 7, '0'), 'UTC'
    from generate_series(1, ${COUNT}) as i returning id`;
  await db`
    insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for, source)
    select ${coach!.id}, id, true, 'scheduled', now() + interval '4 seconds', 'manual' from unnest(${db.array(clients.map((c) => c.id))}::uuid[]) as id`;
}

describe('a worker killed mid-drain', () => {
  it('loses nothing and doubles nothing once an instance runs again', async () => {
    await seedDueCheckIns();
    // Slow answers keep texts in flight; the kill comes as Twilio takes message KILL_AFTER, unanswered.
    sms.latency(300);
    const first = await worker('first');
    const killed = new Promise<void>((resolve) => {
      sms.onMessage(() => {
        if (sms.messages.length !== KILL_AFTER) return;
        void first.stop('SIGKILL').then(resolve);
      });
    });
    await killed;
    const [atKill] = await db<{ sent: number; started: number }[]>`
      select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'scheduled' and delivery_started_at is not null)::int as started from check_ins`;
    // Texts Twilio took whose answer never came back: the rows cannot know they went out.
    expect(atKill!.started).toBeGreaterThan(0);
    expect(atKill!.sent).toBeLessThan(COUNT);

    await worker('restarted');
    await expectEachClientTextedOnce(db, sms, COUNT, 45_000);
  }, 120_000);
});

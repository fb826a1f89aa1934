import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { chromium } from '@playwright/test';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type CheckInSchedule, type NotificationPreferences } from '@/lib/preferences';
import * as schema from '../../server/db/schema';
import type { Database } from '../../server/db/client';
import { readEmails } from '../helpers/http';

/**
 * The weekly digest and the daily reminder (decision 0089), called directly with an injected clock
 * against a database of their own on the API stack's Postgres (so the server's own minute tick and
 * the other files' coaches stay out of it), from two connections at once where the test says so.
 */

type Service = typeof import('../../server/services/scheduled-emails');

let service: Service;
let raw: postgres.Sql;
let admin: postgres.Sql;
let dbA: Database;
let dbB: Database;
let dbName: string;
let base: string;
let outbox: string;
const pools: postgres.Sql[] = [];

function open(url: string): { sql: postgres.Sql; db: Database } {
  const sql = postgres(url, { max: 4, onnotice: () => {} });
  pools.push(sql);
  return { sql, db: drizzle(sql, { schema }) };
}

beforeAll(async () => {
  const stackUrl = new URL(inject('databaseUrl'));
  dbName = `cadence_digest_${randomUUID().slice(0, 8)}`;
  admin = postgres(stackUrl.toString(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  const url = new URL(stackUrl);
  url.pathname = `/${dbName}`;
  base = fs.mkdtempSync(path.join(os.tmpdir(), 'cadence-digest-'));
  outbox = path.join(base, 'outbox');
  Object.assign(process.env, { DATABASE_URL: url.toString(), OUTBOX_DIR: outbox, DATA_DIR: path.join(base, 'data'), LOG_LEVEL: 'silent', APP_URL: 'https://app.cadence.test', JWT_SECRET: 'scheduled-emails-test-secret-of-32-characters' });
  for (const key of ['RESEND_API_KEY']) delete process.env[key];
  const { runMigrations } = await import('../../server/db/migrate');
  await runMigrations(url.toString());
  service = await import('../../server/services/scheduled-emails');
  const a = open(url.toString());
  raw = a.sql;
  dbA = a.db;
  dbB = open(url.toString()).db;
}, 60_000);

afterAll(async () => {
  for (const pool of pools) await pool.end({ timeout: 5 });
  const { closeDb } = await import('../../server/db/client');
  await closeDb();
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end({ timeout: 5 });
  fs.rmSync(base, { recursive: true, force: true });
});

beforeEach(async () => {
  await raw`truncate users cascade`;
  fs.rmSync(outbox, { recursive: true, force: true });
});

interface PrefsChange {
  email?: Partial<NotificationPreferences['email']>;
  schedule?: Partial<NotificationPreferences['schedule']>;
  globalEnabled?: boolean;
}

function prefs(change: PrefsChange): NotificationPreferences {
  const d = DEFAULT_NOTIFICATION_PREFERENCES;
  return { ...d, globalEnabled: change.globalEnabled ?? d.globalEnabled, email: { ...d.email, ...change.email }, schedule: { ...d.schedule, ...change.schedule } };
}

async function coach(zone: string, change: PrefsChange = {}, extra: { deleted?: boolean } = {}): Promise<{ id: string; email: string }> {
  const email = `coach-${randomUUID().slice(0, 8)}@example.com`;
  const p = prefs({ ...change, schedule: { timezone: zone, ...change.schedule } });
  const [row] = await raw<{ id: string }[]>`
    insert into users (username, email, password_hash, plan_id, is_verified, first_name, timezone, notification_preferences, deleted_at)
    values ('coach', ${email}, 'x', 'full', true, 'Maya', ${zone}, ${JSON.stringify(p)}::jsonb, ${extra.deleted ? '2026-01-01T00:00:00Z' : null})
    returning id`;
  return { id: row!.id, email };
}

async function client(coachId: string, firstName: string, schedule: CheckInSchedule = {}, zone = 'America/New_York'): Promise<string> {
  const [row] = await raw<{ id: string }[]>`
    insert into clients (coach_id, first_name, last_name, phone, timezone, check_in_schedule)
    values (${coachId}, ${firstName}, 'Test', ${`+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`}, ${zone}, ${JSON.stringify(schedule)}::jsonb)
    returning id`;
  return row!.id;
}

interface Seeded {
  sentAt: string;
  respondedAt?: string;
  motivation?: 'high' | 'medium' | 'low';
  engagement?: 'great' | 'okay' | 'bad';
  concerns?: string[];
}

async function checkIn(coachId: string, clientId: string, c: Seeded): Promise<void> {
  await raw`
    insert into check_ins (coach_id, client_id, status, sent_at, responded_at, motivation, engagement_assessment, concerns, scheduled_for)
    values (${coachId}, ${clientId}, ${c.respondedAt ? 'responded' : 'sent'}, ${c.sentAt}, ${c.respondedAt ?? null}, ${c.motivation ?? null}, ${c.engagement ?? null},
      ${c.concerns ? JSON.stringify(c.concerns) : null}::jsonb, ${c.sentAt})`;
}

const mailsTo = (email: string) => readEmails(outbox).filter((m) => m.to === email);
const run = (at: string, db: Database = dbA) => service.runScheduledEmails({ now: new Date(at), db });

describe('the weekly digest', () => {
  it('holds the week per client from the records, ranks who needs attention, and renders light and dark', async () => {
    // Week Mon 9 – Sun 15 March 2026 in New York (EDT since 8 March); the week before is 2–8 March.
    const me = await coach('America/New_York');
    const ana = await client(me.id, 'Ana');
    const ben = await client(me.id, 'Ben');
    const cleo = await client(me.id, 'Cleo');
    await client(me.id, 'Dan');
    // Ana: 3 sent, 2 answered (high, medium → 75; great, okay, unanswered → 5/9 = 55.6) against 100 and 100 before; one concern.
    await checkIn(me.id, ana, { sentAt: '2026-03-03T14:00:00Z', respondedAt: '2026-03-03T15:00:00Z', motivation: 'high', engagement: 'great' });
    await checkIn(me.id, ana, { sentAt: '2026-03-05T14:00:00Z', respondedAt: '2026-03-05T15:00:00Z', motivation: 'high', engagement: 'great' });
    await checkIn(me.id, ana, { sentAt: '2026-03-10T13:00:00Z', respondedAt: '2026-03-10T14:00:00Z', motivation: 'high', engagement: 'great', concerns: ['Sleeping badly before the race'] });
    await checkIn(me.id, ana, { sentAt: '2026-03-12T13:00:00Z', respondedAt: '2026-03-12T16:00:00Z', motivation: 'medium', engagement: 'okay' });
    await checkIn(me.id, ana, { sentAt: '2026-03-14T13:00:00Z' });
    // Ben: 2 sent, none answered (went quiet); one answered the week before (medium, okay).
    await checkIn(me.id, ben, { sentAt: '2026-03-06T14:00:00Z', respondedAt: '2026-03-06T18:00:00Z', motivation: 'medium', engagement: 'okay' });
    await checkIn(me.id, ben, { sentAt: '2026-03-11T13:00:00Z' });
    // Answered only after the week ended (Monday 00:30 local): unanswered in the week.
    await checkIn(me.id, ben, { sentAt: '2026-03-15T22:00:00Z', respondedAt: '2026-03-16T04:30:00Z', motivation: 'high', engagement: 'great' });
    // Cleo: 1 sent, answered, nothing the week before: no trend. Sunday 23:30 local is still this week.
    await checkIn(me.id, cleo, { sentAt: '2026-03-16T03:30:00Z', respondedAt: '2026-03-16T03:40:00Z', motivation: 'high', engagement: 'great' });
    // Ana's goal moved twice and was reached this week; Cleo's moved only the week before.
    const [anaGoal] = await raw<{ id: string }[]>`insert into goals (coach_id, client_id, title, status, completed_at) values (${me.id}, ${ana}, 'Run 10k', 'completed', '2026-03-13T20:00:00Z') returning id`;
    const [cleoGoal] = await raw<{ id: string }[]>`insert into goals (coach_id, client_id, title) values (${me.id}, ${cleo}, 'Read') returning id`;
    await raw`insert into goal_progress_history (goal_id, progress, created_at) values (${anaGoal!.id}, 50, '2026-03-11T12:00:00Z'), (${anaGoal!.id}, 100, '2026-03-13T20:00:00Z'), (${cleoGoal!.id}, 20, '2026-03-07T12:00:00Z')`;

    const result = await run('2026-03-16T12:00:00Z'); // Monday 08:00 EDT
    expect(result.sent).toBe(1);
    const [mail, ...more] = mailsTo(me.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Your week with your clients · Mon, Mar 9 – Sun, Mar 15, 2026');
    expect(mail!.text).toContain('6 check-ins sent, 3 answered, 1 goal moved, 1 reached, 1 concern raised, 1 client went quiet.');
    // Ben and Ana both have 4 points (Ben: quiet 3 + engagement down 1; Ana: concern 2 + motivation and engagement down); fewer answers first.
    expect(mail!.text).toMatch(/Needing attention\n {2}1\. Ben Test — went quiet \(2 check-ins unanswered\), engagement fell\n {2}2\. Ana Test — 1 concern: Sleeping badly before the race, motivation fell, engagement fell\n\n/);
    expect(mail!.text).toContain('Ana Test: 3 / 2 · 75 (down) · 56 (down) · 1 / 1 · 1');
    expect(mail!.text).toContain('Ben Test: 2 / 0 · — · 0 (down) · 0 / 0 · 0 · went quiet');
    expect(mail!.text).toContain('Cleo Test: 1 / 1 · 100 · 100 · 0 / 0 · 0');
    expect(mail!.text).toContain('Dan Test: 0 / 0 · — · — · 0 / 0 · 0');
    expect(mail!.text).toContain('https://app.cadence.test/dashboard');
    expect(mail!.html).toContain('Needing attention');
    expect(mail!.html).toContain('href="https://app.cadence.test/dashboard"');
    expect(mail!.html).toContain('prefers-color-scheme: dark');
    // One-click unsubscribe (RFC 8058) of this list only, in the headers and the footer.
    const unsubscribe = /^<https:\/\/app\.cadence\.test\/api\/unsubscribe\/([A-Za-z0-9_-]+)>$/.exec(mail!.headers?.['List-Unsubscribe'] ?? '');
    expect(unsubscribe, JSON.stringify(mail!.headers)).not.toBeNull();
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const { readUnsubscribeToken } = await import('../../server/services/unsubscribe');
    expect(readUnsubscribeToken(unsubscribe![1]!)).toEqual({ userId: me.id, list: 'weeklyDigest' });
    expect(mail!.text).toContain(`Unsubscribe from the weekly digest: https://app.cadence.test/unsubscribe/${unsubscribe![1]}`);
    expect(mail!.html).toContain(`href="https://app.cadence.test/unsubscribe/${unsubscribe![1]}"`);
    // Recorded as its own kind, not as a capped notification.
    expect(await raw`select kind, period::text, outcome from scheduled_emails where user_id = ${me.id}`).toEqual([{ kind: 'weekly', period: '2026-03-16', outcome: 'sent' }]);
    expect(await raw`select 1 from notifications where user_id = ${me.id}`).toHaveLength(0);
    expect((await run('2026-03-16T12:05:00Z')).sent).toBe(0);

    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
    try {
      const page = await browser.newPage({ viewport: { width: 680, height: 900 } });
      await page.setContent(mail!.html!);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: path.resolve('docs/images', `weekly-digest-${scheme}.png`), fullPage: true });
      }
    } finally {
      await browser.close();
    }
  });

  it('goes at Monday 08:00 in each coach’s own zone, also on the Monday after a DST change', async () => {
    const berlin = await coach('Europe/Berlin');
    const la = await coach('America/Los_Angeles');
    await client(berlin.id, 'Ana');
    await client(la.id, 'Ben');
    // 30 March 2026: Berlin moved to CEST (UTC+2) on the 29th, so 08:00 is 06:00Z, not 07:00Z.
    expect((await run('2026-03-30T05:59:00Z')).sent).toBe(0);
    expect((await run('2026-03-30T06:00:00Z')).sent).toBe(1);
    expect(mailsTo(berlin.email)).toHaveLength(1);
    expect(mailsTo(la.email)).toHaveLength(0);
    // Los Angeles (PDT, UTC-7): 15:00Z.
    expect((await run('2026-03-30T14:59:00Z')).sent).toBe(0);
    expect((await run('2026-03-30T15:00:00Z')).sent).toBe(1);
    expect(mailsTo(la.email)).toHaveLength(1);
    // The Monday after clocks go back (1 November): Los Angeles is PST, UTC-8, so 16:00Z.
    expect((await run('2026-11-02T15:59:00Z')).sent).toBe(1); // Berlin's digest of that week
    expect(mailsTo(la.email)).toHaveLength(1);
    expect((await run('2026-11-02T16:00:00Z')).sent).toBe(1);
    expect(mailsTo(la.email)).toHaveLength(2);
  });

  it('waits out quiet hours (07:00–09:00 → 09:00)', async () => {
    const me = await coach('America/New_York', { schedule: { quietHours: { enabled: true, startTime: '07:00', endTime: '09:00' } } });
    await client(me.id, 'Ana');
    expect(await run('2026-03-16T12:00:00Z')).toMatchObject({ sent: 0, waiting: 1 });
    expect((await run('2026-03-16T12:59:00Z')).sent).toBe(0);
    expect((await run('2026-03-16T13:00:00Z')).sent).toBe(1);
    expect(mailsTo(me.email)).toHaveLength(1);
  });

  it('sends nothing with the digest, e-mail or master switch off, to a deleted account, or to a coach without clients', async () => {
    const off = [
      await coach('America/New_York', { email: { weeklyDigest: false } }),
      await coach('America/New_York', { email: { enabled: false } }),
      await coach('America/New_York', { globalEnabled: false }),
      await coach('America/New_York', {}, { deleted: true }),
    ];
    for (const c of off) await client(c.id, 'Ana');
    await coach('America/New_York');
    expect(await run('2026-03-16T12:00:00Z')).toEqual({ sent: 0, empty: 0, late: 0, waiting: 0 });
    expect(readEmails(outbox)).toEqual([]);
    expect(await raw`select 1 from scheduled_emails`).toHaveLength(0);
  });

  it('is sent once when two instances run the same minute on two connections', async () => {
    const coaches = await Promise.all([0, 1, 2].map(() => coach('America/New_York')));
    for (const c of coaches) await client(c.id, 'Ana');
    const [a, b] = await Promise.all([run('2026-03-16T12:00:00Z', dbA), run('2026-03-16T12:00:00Z', dbB)]);
    expect(a.sent + b.sent).toBe(3);
    for (const c of coaches) expect(mailsTo(c.email)).toHaveLength(1);
  });

  it('gives up a week whose send time is long past instead of sending it late', async () => {
    const me = await coach('America/New_York');
    await client(me.id, 'Ana');
    expect(await run('2026-03-18T12:00:00Z')).toMatchObject({ sent: 0, late: 1 });
    expect(await run('2026-03-18T12:01:00Z')).toMatchObject({ sent: 0, late: 0 });
    expect(readEmails(outbox)).toEqual([]);
  });
});

describe('the daily reminder', () => {
  it('lists today’s check-ins (planned rows and the projection) and yesterday’s unanswered ones at 08:00', async () => {
    const me = await coach('America/New_York', { email: { dailyReminders: true, weeklyDigest: false } });
    // Wednesday 18 March 2026 (index 2): Ana has a slot at 17:30 New York time.
    const ana = await client(me.id, 'Ana', { '2': [{ id: randomUUID(), time: '17:30', enabled: true }] });
    const ben = await client(me.id, 'Ben');
    await checkIn(me.id, ben, { sentAt: '2026-03-17T14:15:00Z' });
    await checkIn(me.id, ben, { sentAt: '2026-03-17T15:00:00Z', respondedAt: '2026-03-17T16:00:00Z' });
    expect((await run('2026-03-18T11:59:00Z')).sent).toBe(0);
    expect((await run('2026-03-18T12:00:00Z')).sent).toBe(1);
    const [mail] = mailsTo(me.email);
    expect(mail!.subject).toBe("Today's check-ins · Wed, Mar 18, 2026");
    expect(mail!.text).toContain('Check-ins going out today (America/New_York):\n  17:30  Ana Test\n');
    expect(mail!.text).toContain('Sent yesterday and not answered yet (America/New_York):\n  10:15  Ben Test\n');
    expect(mail!.html).toContain('Ana Test');
    expect(mail!.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toMatch(/Unsubscribe from daily reminders: https:\/\/app\.cadence\.test\/unsubscribe\/[A-Za-z0-9_-]+/);
    expect(ana).toBeTruthy();
  });

  it('with workdays only, skips the weekend instead of sending Saturday’s on Monday', async () => {
    const me = await coach('America/New_York', { email: { dailyReminders: true, weeklyDigest: false }, schedule: { workdaysOnly: true } });
    await client(me.id, 'Ana', Object.fromEntries(['0', '1', '2', '3', '4', '5', '6'].map((d) => [d, [{ id: randomUUID(), time: '17:30', enabled: true }]])));
    expect(await run('2026-03-21T12:00:00Z')).toMatchObject({ sent: 0, waiting: 1 }); // Saturday 08:00
    expect(await run('2026-03-23T04:00:00Z')).toMatchObject({ sent: 0, late: 1 }); // Monday 00:00: Sunday's, off its day
    expect((await run('2026-03-23T12:00:00Z')).sent).toBe(1); // Monday 08:00
    expect(mailsTo(me.email).map((m) => m.subject)).toEqual(["Today's check-ins · Mon, Mar 23, 2026"]);
  });

  it('is skipped when there is nothing to say, and stays opt-in', async () => {
    const me = await coach('America/New_York', { email: { dailyReminders: true, weeklyDigest: false } });
    await client(me.id, 'Ana');
    const other = await coach('America/New_York', { email: { weeklyDigest: false } });
    await client(other.id, 'Ben', { '2': [{ id: randomUUID(), time: '17:30', enabled: true }] });
    expect(await run('2026-03-18T12:00:00Z')).toMatchObject({ sent: 0, empty: 1 });
    expect(readEmails(outbox)).toEqual([]);
    expect(await raw`select outcome from scheduled_emails where user_id = ${me.id}`).toEqual([{ outcome: 'empty' }]);
    expect(await raw`select 1 from scheduled_emails where user_id = ${other.id}`).toHaveLength(0);
  });
});

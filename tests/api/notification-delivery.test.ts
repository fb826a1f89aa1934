import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';
import type { Database } from '../../server/db/client';
import { ownPostgresSuite } from './own-postgres';

/**
 * Held coach notifications (decision 0090) against a real PostgreSQL of their own, with an injected
 * clock: notifyCoach at chosen instants, then the delivery pass at chosen instants, from two
 * database connections at once where the test says so. E-mail is the local outbox.
 */

type Service = typeof import('../../server/services/notifications') & typeof import('../../server/services/notification-centre');

const own = ownPostgresSuite('notify', { truncate: ['users', 'clients', 'check_ins', 'notifications'] });
let svc: Service;
let a: Database;
let b: Database;
let raw: postgres.Sql;

beforeAll(async () => {
  svc = { ...(await import('../../server/services/notifications')), ...(await import('../../server/services/notification-centre')) };
  a = own.connect().db;
  b = own.connect().db;
  raw = own.raw;
});

async function coach(change: (p: NotificationPreferences) => void): Promise<{ id: string; email: string }> {
  const prefs = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  // Push has no device here and no tab is open: e-mail is what the outbox shows.
  prefs.push.enabled = false;
  change(prefs);
  const email = `coach-${randomUUID()}@example.com`;
  const [row] = await raw<{ id: string }[]>`
    insert into users (username, email, password_hash, plan_id, is_verified, notification_preferences)
    values ('coach', ${email}, 'x', 'full', true, ${raw.json(prefs as unknown as postgres.JSONValue)}) returning id`;
  return { id: row!.id, email };
}

function mailTo(email: string): { subject: string; text: string }[] {
  const file = path.join(own.outbox, 'email.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; subject: string; text: string })
    .filter((m) => m.to === email);
}

const at = (iso: string) => new Date(iso);
const reply = (name: string, text: string) => ({ type: 'checkin_response' as const, message: `${name} replied to the check-in: "${text}"`, details: { clientName: name } });
const goal = (name: string) => ({ type: 'goal_completed' as const, message: `${name} reached the target of "Run 5 km".`, details: { clientName: name } });
const missed = (name: string) => ({ type: 'missed_checkin' as const, message: `${name} did not reply to the check-in within 24 h.`, details: { clientName: name } });
const bell = async (userId: string) => (await svc.listNotifications(userId, { limit: 50 })).notifications.map((n) => n.message);

describe('quiet hours defer instead of dropping', () => {
  it('across midnight: 23:30 in Paris waits to 07:00 the next morning, then reaches e-mail and the bell', async () => {
    const me = await coach((p) => {
      p.schedule.timezone = 'Europe/Paris';
      p.schedule.quietHours = { enabled: true, startTime: '22:00', endTime: '07:00' };
    });
    // January: Paris is UTC+1.
    const out = await svc.notifyCoach(me.id, reply('Ana', 'Ran twice'), at('2026-01-14T22:30:00Z'));
    expect(out).toMatchObject({ heldReason: 'quiet_hours', deferredUntil: at('2026-01-15T06:00:00Z') });
    expect(out.suppressedReason).toBeUndefined();
    expect(await bell(me.id)).toEqual([]);

    expect(await svc.deliverDueNotifications(at('2026-01-15T05:59:00Z'), a)).toEqual({ messages: 0, notifications: 0 });
    expect(mailTo(me.email)).toEqual([]);
    expect(await svc.deliverDueNotifications(at('2026-01-15T06:00:00Z'), a)).toEqual({ messages: 1, notifications: 1 });
    expect(mailTo(me.email)).toMatchObject([{ subject: 'Cadence notification', text: 'Ana replied to the check-in: "Ran twice"\n\n— Cadence' }]);
    expect(await bell(me.id)).toEqual(['Ana replied to the check-in: "Ran twice"']);
    // Delivered once: a later pass finds nothing.
    expect(await svc.deliverDueNotifications(at('2026-01-15T06:01:00Z'), a)).toEqual({ messages: 0, notifications: 0 });
  });

  it('across the spring DST change: 23:00 EST Saturday waits to 08:00 EDT Sunday (12:00Z, not 13:00Z)', async () => {
    const me = await coach((p) => {
      p.schedule.timezone = 'America/New_York';
      p.schedule.quietHours = { enabled: true, startTime: '22:00', endTime: '08:00' };
    });
    // Clocks go forward at 02:00 on Sunday 2026-03-08.
    const out = await svc.notifyCoach(me.id, missed('Ben'), at('2026-03-08T04:00:00Z'));
    expect(out.deferredUntil).toEqual(at('2026-03-08T12:00:00Z'));
    expect((await svc.deliverDueNotifications(at('2026-03-08T11:59:00Z'), a)).notifications).toBe(0);
    expect((await svc.deliverDueNotifications(at('2026-03-08T12:00:00Z'), a)).notifications).toBe(1);
    expect(mailTo(me.email)).toHaveLength(1);
  });

  it('workdays only: Friday 23:00 in quiet hours waits to Monday 07:00, not Saturday', async () => {
    const me = await coach((p) => {
      p.schedule.timezone = 'Europe/Paris';
      p.schedule.workdaysOnly = true;
      p.schedule.quietHours = { enabled: true, startTime: '22:00', endTime: '07:00' };
    });
    // Friday 2026-03-13 23:00 Paris (UTC+1) → Monday 2026-03-16 07:00 = 06:00Z.
    expect(await svc.notifyCoach(me.id, goal('Cleo'), at('2026-03-13T22:00:00Z'))).toMatchObject({ heldReason: 'quiet_hours', deferredUntil: at('2026-03-16T06:00:00Z') });
    // Saturday itself (a rest day, outside quiet hours) is held too, to the same instant.
    expect(await svc.notifyCoach(me.id, reply('Cleo', 'Weekend run'), at('2026-03-14T10:00:00Z'))).toMatchObject({ heldReason: 'workdays_only', deferredUntil: at('2026-03-16T06:00:00Z') });
    expect((await svc.deliverDueNotifications(at('2026-03-14T06:00:00Z'), a)).notifications).toBe(0);
    expect(await svc.deliverDueNotifications(at('2026-03-16T06:00:00Z'), a)).toEqual({ messages: 1, notifications: 2 });
    // Held together, they arrive as one message.
    expect(mailTo(me.email)).toMatchObject([{ subject: 'Cadence: 2 notifications' }]);
  });

  it('notifications switched off still drop, recorded with the reason', async () => {
    const me = await coach((p) => (p.globalEnabled = false));
    expect(await svc.notifyCoach(me.id, reply('Dan', 'Hi'), at('2026-01-14T12:00:00Z'))).toMatchObject({ suppressedReason: 'disabled' });
    const rows = await raw<{ suppressed_reason: string }[]>`select suppressed_reason from notifications where user_id = ${me.id}`;
    expect(rows).toEqual([{ suppressed_reason: 'disabled' }]);
    expect(await bell(me.id)).toEqual([]);
  });
});

describe('content.frequency bundles a period into one message per channel', () => {
  it('hourly: three notifications between 10:05 and 10:40 go at 11:00 as one e-mail that starts with the overview', async () => {
    const me = await coach((p) => {
      p.schedule.timezone = 'Europe/Paris';
      p.content = { frequency: 'hourly', summary: true, detailLevel: 'standard' };
    });
    // March 10: Paris is UTC+1, so 10:05 local is 09:05Z.
    await svc.notifyCoach(me.id, reply('Ana', 'Ran twice'), at('2026-03-10T09:05:00Z'));
    await svc.notifyCoach(me.id, goal('Ben'), at('2026-03-10T09:20:00Z'));
    const last = await svc.notifyCoach(me.id, reply('Cleo', 'Tired'), at('2026-03-10T09:40:00Z'));
    expect(last).toMatchObject({ heldReason: 'bundle', deferredUntil: at('2026-03-10T10:00:00Z') });
    expect((await svc.deliverDueNotifications(at('2026-03-10T09:59:00Z'), a)).notifications).toBe(0);
    expect(await svc.deliverDueNotifications(at('2026-03-10T10:00:00Z'), a)).toEqual({ messages: 1, notifications: 3 });
    const mail = mailTo(me.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Cadence: 3 notifications');
    expect(mail[0]!.text).toBe(
      [
        '2 replies, 1 goal reached',
        '',
        '• Ana replied to the check-in: "Ran twice"',
        '• Ben reached the target of "Run 5 km".',
        '• Cleo replied to the check-in: "Tired"',
        '',
        '— Cadence',
      ].join('\n'),
    );
    // The bell lists each one, once the bundle went.
    expect(await bell(me.id)).toHaveLength(3);
    const bundles = await raw<{ n: number }[]>`select count(distinct bundle_id)::int as n from notifications where user_id = ${me.id}`;
    expect(bundles[0]!.n).toBe(1);
  });

  it('daily: the next 08:00 local, minimal detail and no overview when summary is off; urgent still goes at once', async () => {
    const me = await coach((p) => {
      p.schedule.timezone = 'America/New_York';
      p.content = { frequency: 'daily', summary: false, detailLevel: 'minimal' };
    });
    // 2026-03-10 15:00 and 20:00 EDT (UTC-4) → 2026-03-11 08:00 EDT = 12:00Z.
    await svc.notifyCoach(me.id, reply('Ana', 'private words'), at('2026-03-10T19:00:00Z'));
    expect(await svc.notifyCoach(me.id, missed('Ben'), at('2026-03-11T00:00:00Z'))).toMatchObject({ heldReason: 'bundle', deferredUntil: at('2026-03-11T12:00:00Z') });
    const urgent = await svc.notifyCoach(me.id, { type: 'system', message: 'Your account needs attention', urgent: true }, at('2026-03-11T00:05:00Z'));
    expect(urgent.delivered.email).toBe(false);
    expect(urgent.deferredUntil).toBeUndefined();
    expect(await bell(me.id)).toEqual(['Your account needs attention']);
    await svc.deliverDueNotifications(at('2026-03-11T12:00:00Z'), a);
    expect(mailTo(me.email)).toEqual([expect.objectContaining({ subject: 'Cadence: 2 notifications', text: '• Ana replied\n• Ben missed a check-in\n\n— Cadence' })]);
  });
});

describe('content.detailLevel', () => {
  async function replyWithAnalysis(coachId: string): Promise<string> {
    const [client] = await raw<{ id: string }[]>`
      insert into clients (coach_id, first_name, last_name, email, timezone) values (${coachId}, 'Ana', 'Lopez', ${`ana-${randomUUID()}@example.com`}, 'Europe/Paris') returning id`;
    const changes = [{ goalId: randomUUID(), title: 'Runs per week', from: 1, to: 2, unit: 'runs', completed: false }];
    const [row] = await raw<{ id: string }[]>`
      insert into check_ins (client_id, coach_id, status, coach_summary, progress_updates)
      values (${client!.id}, ${coachId}, 'completed', 'Two runs, knee better.', ${raw.json(changes)}) returning id`;
    return row!.id;
  }

  for (const [level, expected] of [
    ['minimal', 'Ana Lopez replied'],
    ['standard', 'Ana Lopez replied to the check-in: "Ran twice"'],
    ['detailed', 'Ana Lopez replied to the check-in: "Ran twice"\nSummary: Two runs, knee better.\nGoal: Runs per week: 1 runs → 2 runs'],
  ] as const) {
    it(`${level}: ${expected.split('\n').length} line(s), the summary read from the analysed check-in`, async () => {
      const me = await coach((p) => (p.content.detailLevel = level));
      const checkInId = await replyWithAnalysis(me.id);
      await svc.notifyCoach(me.id, { ...reply('Ana Lopez', 'Ran twice'), details: { clientName: 'Ana Lopez', checkInId } }, at('2026-03-10T12:00:00Z'));
      expect(mailTo(me.email).map((m) => m.text)).toEqual([`${expected}\n\n— Cadence`]);
    });
  }
});

describe('maxDailyNotifications', () => {
  it('over the cap waits to the next local day and counts there; a bundle counts as one message', async () => {
    const me = await coach((p) => {
      p.schedule.timezone = 'Europe/Paris';
      p.schedule.maxDailyNotifications = 2;
    });
    await svc.notifyCoach(me.id, reply('Ana', 'one'), at('2026-03-10T09:00:00Z'));
    await svc.notifyCoach(me.id, reply('Ana', 'two'), at('2026-03-10T10:00:00Z'));
    expect(await svc.notifyCoach(me.id, reply('Ana', 'three'), at('2026-03-10T11:00:00Z'))).toMatchObject({ heldReason: 'daily_cap', deferredUntil: at('2026-03-10T23:00:00Z') });
    expect(await svc.notifyCoach(me.id, goal('Ben'), at('2026-03-10T12:00:00Z'))).toMatchObject({ heldReason: 'daily_cap' });
    expect(mailTo(me.email)).toHaveLength(2);
    // Local midnight: both held ones arrive as one message, the first of the new day.
    expect(await svc.deliverDueNotifications(at('2026-03-10T23:00:00Z'), a)).toEqual({ messages: 1, notifications: 2 });
    // One message counted today, so one more may go at once; the next is held again.
    expect((await svc.notifyCoach(me.id, reply('Ana', 'four'), at('2026-03-11T08:00:00Z'))).delivered.email).toBe(true);
    expect(await svc.notifyCoach(me.id, reply('Ana', 'five'), at('2026-03-11T09:00:00Z'))).toMatchObject({ heldReason: 'daily_cap', deferredUntil: at('2026-03-11T23:00:00Z') });
    expect(mailTo(me.email).map((m) => m.subject)).toEqual(['Cadence notification', 'Cadence notification', 'Cadence: 2 notifications', 'Cadence notification']);
  });

  it('a bundle due when the cap is already reached waits to the next day', async () => {
    const me = await coach((p) => {
      p.schedule.timezone = 'Europe/Paris';
      p.schedule.maxDailyNotifications = 1;
      p.content.frequency = 'hourly';
    });
    await svc.notifyCoach(me.id, { type: 'system', message: 'Urgent', urgent: true }, at('2026-03-10T09:00:00Z'));
    await svc.notifyCoach(me.id, reply('Ana', 'x'), at('2026-03-10T09:10:00Z'));
    expect((await svc.deliverDueNotifications(at('2026-03-10T10:00:00Z'), a)).notifications).toBe(0);
    const [held] = await raw<{ deliver_at: Date; held_reason: string }[]>`select deliver_at, held_reason from notifications where user_id = ${me.id} and type = 'checkin_response'`;
    expect(held).toEqual({ deliver_at: at('2026-03-10T23:00:00Z'), held_reason: 'daily_cap' });
  });
});

describe('once-only across instances', () => {
  it('two delivery passes at once on two connections send each coach’s bundle once', async () => {
    const coaches = await Promise.all(
      Array.from({ length: 4 }, () =>
        coach((p) => {
          p.schedule.timezone = 'Europe/Paris';
          p.content.frequency = 'hourly';
        }),
      ),
    );
    for (const c of coaches) {
      await svc.notifyCoach(c.id, reply('Ana', 'a'), at('2026-03-10T09:10:00Z'));
      await svc.notifyCoach(c.id, missed('Ben'), at('2026-03-10T09:20:00Z'));
    }
    const now = at('2026-03-10T10:00:00Z');
    const [x, y] = await Promise.all([svc.deliverDueNotifications(now, a), svc.deliverDueNotifications(now, b)]);
    expect(x.notifications + y.notifications).toBe(8);
    expect(x.messages + y.messages).toBe(4);
    for (const c of coaches) expect(mailTo(c.email)).toHaveLength(1);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { HELD_BY_COACH_REASON, HOLD_PARAM } from '@/lib/nudges';
import { DEFAULT_NOTIFICATION_PREFERENCES, type CheckInSchedule, type NotificationPreferences } from '@/lib/preferences';
import type { EngineDb, EngineQueue } from '../../server/services/engine/runtime';
import { ownPostgresSuite } from './own-postgres';

/**
 * Nudges (issue 18 item 6, decision 0091) against a real PostgreSQL with an injected clock: the
 * engine's no-reply and reply steps, the goal-deadline and session-reminder passes and the hold are
 * called directly, from two database connections at once where "once" is the point.
 */

type Engine = typeof import('../../server/services/engine/dispatcher') & typeof import('../../server/services/engine/conversation') & typeof import('../../server/services/engine/send');
type Nudges = typeof import('../../server/services/nudges');

const own = ownPostgresSuite('nudges', {
  truncate: ['users', 'clients', 'goals', 'check_ins', 'schedules', 'scheduler_state', 'api_usage', 'notifications', 'coach_nudges'],
  env: { JWT_SECRET: 'nudges-test-secret-of-at-least-32-characters' },
});
let engine: Engine;
let nudges: Nudges;
let a: EngineDb;
let b: EngineDb;
let raw: postgres.Sql;

const queue: EngineQueue = { sendJobs: async () => {}, replyJob: async () => {} };

beforeAll(async () => {
  engine = {
    ...(await import('../../server/services/engine/dispatcher')),
    ...(await import('../../server/services/engine/conversation')),
    ...(await import('../../server/services/engine/send')),
  };
  nudges = await import('../../server/services/nudges');
  a = own.connect();
  b = own.connect();
  raw = own.raw;
});

let counter = 0;

/** A coach whose cap never gets in the way (every test counts its own notifications). */
async function coach(prefs: Partial<NotificationPreferences> = {}): Promise<{ id: string; timezone: string; planId: string }> {
  const notificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES, schedule: { ...DEFAULT_NOTIFICATION_PREFERENCES.schedule, timezone: 'UTC', maxDailyNotifications: 50 }, ...prefs };
  const [row] = await raw<{ id: string }[]>`
    insert into users (username, email, password_hash, plan_id, is_verified, timezone, notification_preferences)
    values ('coach', ${`coach-${randomUUID()}@example.com`}, 'x', 'full', true, 'UTC', ${raw.json(notificationPreferences as unknown as postgres.JSONValue)}) returning id`;
  return { id: row!.id, timezone: 'UTC', planId: 'full' };
}

async function client(coachId: string, schedule: CheckInSchedule = {}, firstName = 'Ana'): Promise<{ id: string; phone: string }> {
  counter += 1;
  const phone = `+1555${String(counter).padStart(7, '0')}`;
  const [row] = await raw<{ id: string }[]>`
    insert into clients (coach_id, first_name, last_name, email, phone, timezone, check_in_schedule)
    values (${coachId}, ${firstName}, ${`Lima${counter}`}, ${`n${counter}@example.com`}, ${phone}, 'UTC', ${raw.json(schedule as postgres.JSONValue)})
    returning id`;
  return { id: row!.id, phone };
}

async function notes(coachId: string, type: string) {
  return raw<{ message: string; link: string | null; suppressed_reason: string | null }[]>`
    select message, link, suppressed_reason from notifications where user_id = ${coachId} and type = ${type} order by created_at`;
}

/** A check-in that went out at `sentAt`, answered (completed) or still waiting. */
async function sentCheckIn(coachId: string, clientId: string, sentAt: string, answered = false): Promise<string> {
  const [row] = await raw<{ id: string }[]>`
    insert into check_ins (coach_id, client_id, is_global_check_in, status, sent_at, responded_at, channel, source)
    values (${coachId}, ${clientId}, true, ${answered ? 'completed' : 'sent'}, ${sentAt}, ${answered ? sentAt : null}, 'sms', 'manual') returning id`;
  return row!.id;
}

/** The no-reply sweep a day and a bit after the check-in. */
const sweep = (id: string, sentAt: string, db = a) => engine.markNoResponse({ checkInId: id }, { now: new Date(new Date(sentAt).getTime() + 25 * 3_600_000), db });

describe('client has gone quiet', () => {
  it('tells the coach at the 2nd unanswered check-in in a row, not at the 3rd, and again after an answer and a new silence', async () => {
    const c = await coach();
    const cl = await client(c.id);
    const days = ['2026-03-02', '2026-03-03', '2026-03-04'].map((d) => `${d}T09:00:00Z`);
    for (const [i, at] of days.entries()) {
      await sweep(await sentCheckIn(c.id, cl.id, at), at);
      expect((await notes(c.id, 'client_quiet')).length, `after unanswered check-in ${i + 1}`).toBe(i === 0 ? 0 : 1);
    }
    const [first] = await notes(c.id, 'client_quiet');
    expect(first!.message).toMatch(/^Ana Lima\d+ has not answered the last 2 check-ins/);
    expect(first!.link).toBe(`/dashboard?client=${cl.id}`);

    await sentCheckIn(c.id, cl.id, '2026-03-05T09:00:00Z', true);
    const later = ['2026-03-06T09:00:00Z', '2026-03-07T09:00:00Z'];
    await sweep(await sentCheckIn(c.id, cl.id, later[0]!), later[0]!);
    expect(await notes(c.id, 'client_quiet')).toHaveLength(1);
    await sweep(await sentCheckIn(c.id, cl.id, later[1]!), later[1]!);
    expect(await notes(c.id, 'client_quiet')).toHaveLength(2);
    // Each unanswered check-in is still told on its own.
    expect(await notes(c.id, 'missed_checkin')).toHaveLength(5);
  });

  it('follows the coach’s N, and tells once when two sweeps mark the streak’s check-ins at the same moment', async () => {
    const c = await coach({ nudges: { clientQuietAfter: 3 } });
    const cl = await client(c.id);
    const at = ['2026-03-02T09:00:00Z', '2026-03-03T09:00:00Z', '2026-03-04T09:00:00Z'];
    await sweep(await sentCheckIn(c.id, cl.id, at[0]!), at[0]!);
    const second = await sentCheckIn(c.id, cl.id, at[1]!);
    const third = await sentCheckIn(c.id, cl.id, at[2]!);
    await Promise.all([sweep(second, at[2]!, a), sweep(third, at[2]!, b)]);
    const quiet = await notes(c.id, 'client_quiet');
    expect(quiet).toHaveLength(1);
    expect(quiet[0]!.message).toContain('the last 3 check-ins');
  });
});

describe('goal due in 3 days', () => {
  async function goal(coachId: string, clientId: string, targetDate: string, status: 'incomplete' | 'completed' = 'incomplete', title = 'Run 10 km') {
    await raw`insert into goals (coach_id, client_id, title, type, status, archived, target_date) values (${coachId}, ${clientId}, ${title}, 'task', ${status}, ${status === 'completed'}, ${targetDate})`;
  }

  it('is sent once per goal and date, after 09:00 in the settings’ zone, even from two instances at once, never for a completed goal', async () => {
    const c = await coach({ schedule: { ...DEFAULT_NOTIFICATION_PREFERENCES.schedule, timezone: 'Europe/Berlin', maxDailyNotifications: 50 } });
    const cl = await client(c.id);
    await goal(c.id, cl.id, '2026-12-15');
    await goal(c.id, cl.id, '2026-12-15', 'completed', 'Done already');
    await goal(c.id, cl.id, '2026-12-16', 'incomplete', 'Later goal');

    // 08:59 in Berlin (UTC+1) on the 12th: not yet.
    expect(await nudges.sendGoalDeadlineNudges({ now: new Date('2026-12-12T07:59:00Z'), db: a.db })).toBe(0);
    const [x, y] = await Promise.all([
      nudges.sendGoalDeadlineNudges({ now: new Date('2026-12-12T08:01:00Z'), db: a.db }),
      nudges.sendGoalDeadlineNudges({ now: new Date('2026-12-12T08:01:00Z'), db: b.db }),
    ]);
    expect(x + y).toBe(1);
    expect(await nudges.sendGoalDeadlineNudges({ now: new Date('2026-12-12T15:00:00Z'), db: a.db })).toBe(0);
    const due = await notes(c.id, 'goal_deadline');
    expect(due.map((n) => n.message)).toEqual([`"Run 10 km" (Ana Lima${counter}) is due in 3 days, on Tue 15 Dec.`]);
    expect(due[0]!.link).toBe(`/dashboard?client=${cl.id}`);

    // The next day the later goal's turn comes; moving the first goal's date makes it due anew.
    await raw`update goals set target_date = '2026-12-16' where title = 'Run 10 km'`;
    expect(await nudges.sendGoalDeadlineNudges({ now: new Date('2026-12-13T08:30:00Z'), db: a.db })).toBe(2);
  });
});

describe('AI insight', () => {
  async function replied(coachId: string, clientId: string, reply: string): Promise<string> {
    const [row] = await raw<{ id: string }[]>`
      insert into check_ins (coach_id, client_id, is_global_check_in, status, sent_at, responded_at, channel, source, ai_message, client_response)
      values (${coachId}, ${clientId}, true, 'responded', '2026-03-02T09:00:00Z', '2026-03-02T10:00:00Z', 'email', 'manual', 'How did the week go?', ${reply}) returning id`;
    return row!.id;
  }

  it('tells the coach the concern a reply raises, with a link to the client, and nothing for a reply without one', async () => {
    const c = await coach();
    const cl = await client(c.id);
    const now = new Date('2026-03-02T10:00:05Z');
    const calm = await engine.processReply(await replied(c.id, cl.id, 'Great week, ran three times and felt strong!'), { now, db: a, queue });
    expect(calm.status, calm.reason).toBe('completed');
    expect(await notes(c.id, 'ai_insight')).toHaveLength(0);

    const worrying = await replied(c.id, cl.id, 'I missed two sessions, my knee hurts and I feel low.');
    expect((await engine.processReply(worrying, { now, db: a, queue })).status).toBe('completed');
    const insight = await notes(c.id, 'ai_insight');
    expect(insight).toHaveLength(1);
    expect(insight[0]!.message).toMatch(/^Ana Lima\d+'s reply raises a concern: \S/);
    expect(insight[0]!.link).toBe(`/dashboard?client=${cl.id}`);
    const [stored] = await raw<{ concerns: string[] }[]>`select concerns from check_ins where id = ${worrying}`;
    expect(insight[0]!.message).toContain(stored!.concerns[0]);
  });
});

describe('session reminder and its hold', () => {
  const monday9 = (): CheckInSchedule => ({ '0': [{ id: randomUUID(), time: '09:00', enabled: true }] });
  const smsTo = (phone: string) => {
    const file = path.join(own.outbox, 'sms.jsonl');
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).filter((l) => (JSON.parse(l) as { to: string }).to === phone) : [];
  };

  it('reminds once 15 minutes ahead; the hold stops that send only, is idempotent, and shows in the history', async () => {
    const c = await coach();
    const held = await client(c.id, monday9(), 'Ana');
    const other = await client(c.id, monday9(), 'Ben');
    // Monday 6 July 2026, 08:44: nothing yet; 08:45 from two instances: one reminder per check-in.
    expect(await nudges.sendSessionReminders({ now: new Date('2026-07-06T08:44:00Z'), db: a.db })).toBe(0);
    const [x, y] = await Promise.all([
      nudges.sendSessionReminders({ now: new Date('2026-07-06T08:45:00Z'), db: a.db }),
      nudges.sendSessionReminders({ now: new Date('2026-07-06T08:45:00Z'), db: b.db }),
    ]);
    expect(x + y).toBe(2);
    expect(await nudges.sendSessionReminders({ now: new Date('2026-07-06T08:46:00Z'), db: a.db })).toBe(0);
    const reminders = await notes(c.id, 'session_reminder');
    expect(reminders.map((r) => r.message).sort()).toEqual([`Check-in to Ana Lima${counter - 1} at 9:00 — hold it?`, `Check-in to Ben Lima${counter} at 9:00 — hold it?`]);
    const link = reminders.find((r) => r.message.startsWith('Check-in to Ana'))!.link!;
    const key = new URL(link, 'http://x').searchParams.get(HOLD_PARAM)!;
    expect(link.startsWith(`/dashboard?client=${held.id}&`)).toBe(true);
    expect(key).toBe(`${held.id}:2026-07-06:09:00`);

    // The hold, twice (a double click): the row is held before the scheduler plans it.
    const first = await nudges.holdCheckIn(c, key, new Date('2026-07-06T08:47:00Z'));
    expect(first.alreadyHeld).toBe(false);
    expect(first.checkIn).toMatchObject({ status: 'cancelled', failureReason: HELD_BY_COACH_REASON, scheduledFor: '2026-07-06T09:00:00.000Z' });
    expect((await nudges.holdCheckIn(c, key, new Date('2026-07-06T08:47:30Z'))).alreadyHeld).toBe(true);

    const stats = await engine.dispatch({ now: new Date('2026-07-06T08:52:00Z'), db: a, queue });
    expect(stats.planned).toBe(1);
    const rows = await raw<{ client_id: string; id: string; status: string }[]>`select client_id, id, status from check_ins order by client_id`;
    const otherRow = rows.find((r) => r.client_id === other.id)!;
    expect(rows.find((r) => r.client_id === held.id)!.status).toBe('cancelled');
    expect(otherRow.status).toBe('scheduled');
    expect((await engine.sendCheckIn(otherRow.id, { now: new Date('2026-07-06T09:00:01Z'), db: a, queue })).status).toBe('sent');
    expect(smsTo(other.phone)).toHaveLength(1);
    expect(smsTo(held.phone)).toHaveLength(0);
    // A held check-in's slot is no longer upcoming: no second reminder, no new row.
    await raw`delete from coach_nudges`;
    expect(await nudges.sendSessionReminders({ now: new Date('2026-07-06T08:50:00Z'), db: a.db })).toBe(0);
  });

  it('gives a coach with many check-ins at the same minute one reminder for them all, once across instances', async () => {
    const c = await coach();
    for (const name of ['Ana', 'Ben', 'Cy', 'Dee']) await client(c.id, monday9(), name);
    const [x, y] = await Promise.all([
      nudges.sendSessionReminders({ now: new Date('2026-07-06T08:45:00Z'), db: a.db }),
      nudges.sendSessionReminders({ now: new Date('2026-07-06T08:45:00Z'), db: b.db }),
    ]);
    expect(x + y).toBe(1);
    expect(await nudges.sendSessionReminders({ now: new Date('2026-07-06T08:46:00Z'), db: a.db })).toBe(0);
    const reminders = await notes(c.id, 'session_reminder');
    expect(reminders.map((r) => [r.message, r.link])).toEqual([['Check-ins to 4 clients at 9:00 — hold any?', '/dashboard']]);
  });

  it('holds a check-in the scheduler already planned, until a send has taken it', async () => {
    const c = await coach();
    const cl = await client(c.id, monday9());
    await engine.dispatch({ now: new Date('2026-07-06T08:52:00Z'), db: a, queue });
    const [row] = await raw<{ id: string; dedupe_key: string }[]>`select id, dedupe_key from check_ins where client_id = ${cl.id}`;
    const heldAnswer = await nudges.holdCheckIn(c, row!.dedupe_key, new Date('2026-07-06T08:53:00Z'));
    expect(heldAnswer.checkIn.id).toBe(row!.id);
    expect((await engine.sendCheckIn(row!.id, { now: new Date('2026-07-06T09:00:01Z'), db: a, queue })).status).not.toBe('sent');
    expect(smsTo(cl.phone)).toHaveLength(0);

    // Another coach's key, a slot that does not exist, and one already sent are refused.
    const stranger = await coach();
    await expect(nudges.holdCheckIn(stranger, row!.dedupe_key)).rejects.toMatchObject({ status: 404 });
    await expect(nudges.holdCheckIn(c, `${cl.id}:2026-07-06:03:17`, new Date('2026-07-06T01:00:00Z'))).rejects.toMatchObject({ status: 404 });
    await expect(nudges.holdCheckIn(c, 'not-a-key')).rejects.toMatchObject({ status: 400 });
    await expect(nudges.holdCheckIn(c, `${'-'.repeat(36)}:2026-07-06:09:00`)).rejects.toMatchObject({ status: 400 });
    const sentRow = await sentCheckIn(c.id, cl.id, '2026-07-13T09:00:00Z');
    await raw`update check_ins set dedupe_key = ${`${cl.id}:2026-07-13:09:00`} where id = ${sentRow}`;
    await expect(nudges.holdCheckIn(c, `${cl.id}:2026-07-13:09:00`, new Date('2026-07-13T08:50:00Z'))).rejects.toMatchObject({ status: 409 });
  });
});

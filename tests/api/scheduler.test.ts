import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CheckInSchedule } from '@/lib/preferences';
import type { EngineDb, EngineQueue, SendJob } from '../../server/services/engine/runtime';
import { ownPostgresSuite } from './own-postgres';

/**
 * The scheduler against a real PostgreSQL of its own, with an injected clock: the dispatch pass and
 * the send step are called directly, from two database connections at once where the test says so.
 * Providers are the local ones (built-in AI writer, SMS outbox file).
 */

type Engine = typeof import('../../server/services/engine/dispatcher') & typeof import('../../server/services/engine/conversation') & typeof import('../../server/services/engine/send');

const own = ownPostgresSuite('scheduler', {
  // Each scenario starts with no clients and a scheduler that has never run.
  truncate: ['users', 'clients', 'goals', 'check_ins', 'schedules', 'scheduler_state', 'api_usage', 'notifications'],
});
let engine: Engine;
let a: EngineDb;
let b: EngineDb;
let raw: postgres.Sql;
/** An instance's pool: as many connections as a scheduler pass uses at once. */
const engineDb = () => own.connect(8);

interface Recorder extends EngineQueue {
  sends: SendJob[];
  replies: string[];
}

function recorder(): Recorder {
  const rec: Recorder = {
    sends: [],
    replies: [],
    sendJobs: async (jobs) => void rec.sends.push(...jobs),
    replyJob: async (id) => void rec.replies.push(id),
  };
  return rec;
}

beforeAll(async () => {
  engine = {
    ...(await import('../../server/services/engine/dispatcher')),
    ...(await import('../../server/services/engine/conversation')),
    ...(await import('../../server/services/engine/send')),
  };
  a = engineDb();
  b = engineDb();
  raw = own.raw;
});

let phoneCounter = 0;

async function coach(): Promise<string> {
  const [row] = await raw<{ id: string }[]>`
    insert into users (username, email, password_hash, plan_id, is_verified) values ('coach', ${`coach-${randomUUID()}@example.com`}, 'x', 'full', true) returning id`;
  return row!.id;
}

async function client(coachId: string, timezone: string, schedule: CheckInSchedule, extra: { held?: boolean } = {}): Promise<{ id: string; phone: string }> {
  phoneCounter += 1;
  const phone = `+1555${String(phoneCounter).padStart(7, '0')}`;
  const [row] = await raw<{ id: string }[]>`
    insert into clients (coach_id, first_name, last_name, email, phone, timezone, check_in_schedule, check_ins_held)
    values (${coachId}, 'Test', ${String(phoneCounter)}, ${`c${phoneCounter}@example.com`}, ${phone}, ${timezone}, ${raw.json(schedule as postgres.JSONValue)}, ${extra.held ?? false})
    returning id`;
  return { id: row!.id, phone };
}

const slot = (time: string) => [{ id: randomUUID(), time, enabled: true }];
const onMonday = (time: string): CheckInSchedule => ({ '0': slot(time) });

function smsTo(phone: string): { to: string; text: string }[] {
  const file = path.join(own.outbox, 'sms.jsonl');
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { to: string; text: string })
    .filter((m) => m.to === phone);
}

async function rowsOf(clientId: string) {
  return raw<{ id: string; status: string; scheduled_for: Date; sent_at: Date | null; failure_reason: string | null; dedupe_key: string }[]>`
    select id, status, scheduled_for, sent_at, failure_reason, dedupe_key from check_ins where client_id = ${clientId} order by scheduled_for`;
}

describe('a Monday 09:00 America/New_York slot', () => {
  const cases = [
    { season: 'summer (EDT, UTC-4)', planAt: '2026-07-06T12:55:00Z', due: '2026-07-06T13:00:00.000Z' },
    { season: 'winter (EST, UTC-5)', planAt: '2026-01-05T13:55:00Z', due: '2026-01-05T14:00:00.000Z' },
    { season: 'the day after clocks go forward', planAt: '2026-03-09T12:51:00Z', due: '2026-03-09T13:00:00.000Z' },
    { season: 'the day after clocks go back', planAt: '2026-11-02T13:51:00Z', due: '2026-11-02T14:00:00.000Z' },
  ];
  for (const c of cases) {
    it(`fires at ${c.due.slice(11, 16)}Z in ${c.season}`, async () => {
      const coachId = await coach();
      const cl = await client(coachId, 'America/New_York', onMonday('09:00'));
      const queue = recorder();
      const stats = await engine.dispatch({ now: new Date(c.planAt), db: a, queue });
      expect(stats.planned).toBe(1);
      const [row] = await rowsOf(cl.id);
      expect(row!.scheduled_for.toISOString()).toBe(c.due);
      expect(queue.sends).toEqual([{ checkInId: row!.id, startAfter: new Date(c.due) }]);

      const due = new Date(c.due);
      expect((await engine.sendCheckIn(row!.id, { now: new Date(due.getTime() - 10_000), db: a, queue })).status).toBe('early');
      const sent = await engine.sendCheckIn(row!.id, { now: new Date(due.getTime() + 400), db: a, queue });
      expect(sent.status).toBe('sent');
      expect(sent.checkIn!.sentAt!.toISOString()).toBe(new Date(due.getTime() + 400).toISOString());
      expect(smsTo(cl.phone)).toHaveLength(1);
      // The greeting varies from one check-in to the next, but never mistakes the client's morning for another part of the day.
      expect(smsTo(cl.phone)[0]!.text).toMatch(/^Cadence here, texting you check-ins for your coach [^\n]*\n\n[^\n]*\bTest\b/);
      expect(smsTo(cl.phone)[0]!.text).not.toMatch(/Good (afternoon|evening)/);
    });
  }

  it('reads the same wall-clock time in another zone (Europe/London 09:00 is 08:00Z in summer, 09:00Z in winter)', async () => {
    const coachId = await coach();
    const cl = await client(coachId, 'Europe/London', onMonday('09:00'));
    await engine.dispatch({ now: new Date('2026-07-06T07:55:00Z'), db: a, queue: recorder() });
    await raw`delete from scheduler_state`;
    await engine.dispatch({ now: new Date('2026-01-05T08:55:00Z'), db: a, queue: recorder() });
    expect((await rowsOf(cl.id)).map((r) => r.scheduled_for.toISOString())).toEqual(['2026-01-05T09:00:00.000Z', '2026-07-06T08:00:00.000Z']);
  });
});

describe('two schedulers on one database', () => {
  it('plan, queue and send each check-in exactly once', async () => {
    const coachId = await coach();
    const clients = [];
    for (let i = 0; i < 150; i++) clients.push(await client(coachId, 'America/New_York', onMonday(i % 2 ? '10:00' : '10:01')));
    const planAt = new Date('2026-07-06T13:52:00Z');
    const qa = recorder();
    const qb = recorder();
    const [sa, sb] = await Promise.all([engine.dispatch({ now: planAt, db: a, queue: qa }), engine.dispatch({ now: planAt, db: b, queue: qb })]);
    expect(sa.planned + sb.planned).toBe(150);
    const count = await raw<{ n: number }[]>`select count(*)::int as n from check_ins`;
    expect(count[0]!.n).toBe(150);
    const jobs = [...qa.sends, ...qb.sends];
    expect(jobs).toHaveLength(150);
    expect(new Set(jobs.map((j) => j.checkInId)).size).toBe(150);

    // Every job delivered twice (as after a retry), to both workers at once.
    const sendAt = new Date('2026-07-06T14:01:02Z');
    const outcomes = await Promise.all(
      jobs.flatMap((j) => [engine.sendCheckIn(j.checkInId, { now: sendAt, db: a, queue: qa }), engine.sendCheckIn(j.checkInId, { now: sendAt, db: b, queue: qb })]),
    );
    expect(outcomes.filter((o) => o.status === 'sent')).toHaveLength(150);
    expect(outcomes.filter((o) => o.status === 'skipped')).toHaveLength(150);
    for (const c of clients) expect(smsTo(c.phone)).toHaveLength(1);

    // Later passes of both find nothing new to plan or queue.
    const again = await Promise.all([engine.dispatch({ now: sendAt, db: a, queue: qa }), engine.dispatch({ now: sendAt, db: b, queue: qb })]);
    expect(again.map((s) => s.planned + s.queued)).toEqual([0, 0]);
    const statuses = await raw<{ status: string; n: number }[]>`select status, count(*)::int as n from check_ins group by status`;
    expect(statuses).toEqual([{ status: 'sent', n: 150 }]);
  });
});

describe('a restart', () => {
  it('between planning and queueing loses nothing: the next pass queues the rows', async () => {
    const coachId = await coach();
    const cl = await client(coachId, 'UTC', onMonday('09:00'));
    const crashing: EngineQueue = { ...recorder(), sendJobs: async () => Promise.reject(new Error('process killed')) };
    await expect(engine.dispatch({ now: new Date('2026-07-06T08:55:00Z'), db: a, queue: crashing })).rejects.toThrow('process killed');
    const [planned] = await rowsOf(cl.id);
    expect(planned!.status).toBe('scheduled');

    const restarted = engineDb();
    const queue = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T08:55:30Z'), db: restarted, queue });
    expect(queue.sends.map((j) => j.checkInId)).toEqual([planned!.id]);
    expect((await engine.sendCheckIn(planned!.id, { now: new Date('2026-07-06T09:00:01Z'), db: restarted, queue })).status).toBe('sent');
    expect(smsTo(cl.phone)).toHaveLength(1);
  });

  it('after a worker took a row but before it sent, the row is sent once the claim lapses', async () => {
    const coachId = await coach();
    const cl = await client(coachId, 'UTC', onMonday('09:00'));
    const queue = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T08:55:00Z'), db: a, queue });
    const [row] = await rowsOf(cl.id);
    // A worker claimed it at 09:00 and the process died.
    await raw`update check_ins set claimed_at = '2026-07-06T09:00:00Z' where id = ${row!.id}`;
    expect((await engine.sendCheckIn(row!.id, { now: new Date('2026-07-06T09:00:30Z'), db: b, queue })).status).toBe('skipped');
    const early = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T09:03:00Z'), db: b, queue: early });
    expect(early.sends).toEqual([]);
    const lapsed = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T09:06:00Z'), db: b, queue: lapsed });
    expect(lapsed.sends.map((j) => j.checkInId)).toEqual([row!.id]);
    expect((await engine.sendCheckIn(row!.id, { now: new Date('2026-07-06T09:06:01Z'), db: b, queue })).status).toBe('sent');
    expect((await engine.sendCheckIn(row!.id, { now: new Date('2026-07-06T09:06:02Z'), db: a, queue })).status).toBe('skipped');
    expect(smsTo(cl.phone)).toHaveLength(1);
  });

  it('while an e-mail was being handed over never sends it again (recorded as failed)', async () => {
    const coachId = await coach();
    const cl = await client(coachId, 'UTC', onMonday('09:00'));
    const queue = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T08:55:00Z'), db: a, queue });
    const [row] = await rowsOf(cl.id);
    await raw`update check_ins set claimed_at = '2026-07-06T09:00:00Z', delivery_started_at = '2026-07-06T09:00:01Z', channel = 'email', ai_message = 'Hi' where id = ${row!.id}`;
    const after = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T09:06:00Z'), db: b, queue: after });
    expect(after.sends).toEqual([]);
    const [settled] = await rowsOf(cl.id);
    expect(settled).toMatchObject({ status: 'failed', failure_reason: 'Delivery was interrupted and is not repeated, so the client is never texted twice' });
    expect((await engine.sendCheckIn(row!.id, { now: new Date('2026-07-06T09:06:01Z'), db: b, queue })).status).toBe('skipped');
  });

  it('while an SMS was being handed over asks the provider, and the client gets it once whether it went out or not', async () => {
    const coachId = await coach();
    const reached = await client(coachId, 'UTC', onMonday('09:00'));
    const lost = await client(coachId, 'UTC', onMonday('09:00'));
    await engine.dispatch({ now: new Date('2026-07-06T08:55:00Z'), db: a, queue: recorder() });
    const [reachedRow] = await rowsOf(reached.id);
    const [lostRow] = await rowsOf(lost.id);
    await raw`
      update check_ins set claimed_at = '2026-07-06T09:00:00Z', delivery_started_at = '2026-07-06T09:00:01Z', channel = 'sms', ai_message = 'How did the week go?'
      where id in ${raw([reachedRow!.id, lostRow!.id])}`;
    // The worker died as the provider took the first text; the second never left.
    fs.mkdirSync(own.outbox, { recursive: true });
    fs.appendFileSync(path.join(own.outbox, 'sms.jsonl'), `${JSON.stringify({ to: reached.phone, text: 'How did the week go?', createdAt: '2026-07-06T09:00:02Z', id: 'reached-1' })}\n`);
    const beforeLapse = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T09:03:00Z'), db: b, queue: beforeLapse });
    expect(beforeLapse.sends).toEqual([]);
    const queue = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T09:06:00Z'), db: b, queue });
    expect(queue.sends.map((j) => j.checkInId).sort()).toEqual([reachedRow!.id, lostRow!.id].sort());
    const outcomes = await engine.sendCheckIns([reachedRow!.id, lostRow!.id], { now: new Date('2026-07-06T09:06:01Z'), db: b, queue });
    expect([...outcomes.values()].map((o) => o.status)).toEqual(['sent', 'sent']);
    expect(smsTo(reached.phone).map((m) => m.text)).toEqual(['How did the week go?']);
    expect(smsTo(lost.phone).map((m) => m.text)).toEqual(['How did the week go?']);
    const rows = await raw<{ id: string; status: string; provider_message_id: string }[]>`select id, status, provider_message_id from check_ins where id in ${raw([reachedRow!.id, lostRow!.id])}`;
    expect(rows.find((r) => r.id === reachedRow!.id)).toMatchObject({ status: 'sent', provider_message_id: 'reached-1' });
    expect(rows.find((r) => r.id === lostRow!.id)!.provider_message_id).not.toBe('reached-1');
  });

  it('after downtime sends slots less than an hour late and records older ones as missed', async () => {
    const coachId = await coach();
    const cl = await client(coachId, 'UTC', { '0': [...slot('08:00'), ...slot('08:40'), ...slot('09:25')] });
    await engine.dispatch({ now: new Date('2026-07-06T07:30:00Z'), db: a, queue: recorder() });
    // Every instance is down from 07:30 to 09:10.
    const queue = recorder();
    const stats = await engine.dispatch({ now: new Date('2026-07-06T09:10:00Z'), db: b, queue });
    expect(stats).toMatchObject({ planned: 1, missed: 1 });
    const rows = await rowsOf(cl.id);
    expect(rows.map((r) => [r.scheduled_for.toISOString().slice(11, 16), r.status])).toEqual([
      ['08:00', 'missed'],
      ['08:40', 'scheduled'],
    ]);
    expect(queue.sends.map((j) => j.checkInId)).toEqual([rows[1]!.id]);
    expect((await engine.sendCheckIn(rows[1]!.id, { now: new Date('2026-07-06T09:10:02Z'), db: b, queue })).status).toBe('sent');
    // A row planned before the downtime but never sent: more than an hour late, it is missed too.
    const other = await client(coachId, 'UTC', onMonday('11:00'));
    await engine.dispatch({ now: new Date('2026-07-06T10:55:00Z'), db: a, queue: recorder() });
    const [stale] = await rowsOf(other.id);
    expect((await engine.sendCheckIn(stale!.id, { now: new Date('2026-07-06T12:00:00Z'), db: a, queue })).status).toBe('missed');
    expect(smsTo(other.phone)).toHaveLength(0);
  });
});

describe('schedule changes', () => {
  it('a removed slot, a held client and a new zone each reach the rows already planned', async () => {
    const coachId = await coach();
    const removed = await client(coachId, 'UTC', onMonday('10:00'));
    const held = await client(coachId, 'UTC', onMonday('10:00'));
    const moved = await client(coachId, 'UTC', onMonday('10:00'));
    const queue = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T09:55:00Z'), db: a, queue });
    expect(queue.sends).toHaveLength(3);

    await raw`update clients set check_in_schedule = '{}'::jsonb where id = ${removed.id}`;
    await raw`update clients set check_ins_held = true where id = ${held.id}`;
    await raw`update clients set timezone = 'Europe/Paris' where id = ${moved.id}`;
    // The send step re-checks on its own, even before any pass ran again.
    const [removedRow] = await rowsOf(removed.id);
    const cancelled = await engine.sendCheckIn(removedRow!.id, { now: new Date('2026-07-06T10:00:01Z'), db: a, queue });
    expect(cancelled).toMatchObject({ status: 'cancelled', reason: 'The schedule no longer has this slot' });
    // The next pass cancels and moves the rest.
    const stats = await engine.dispatch({ now: new Date('2026-07-06T09:56:00Z'), db: b, queue: recorder() });
    expect(stats).toMatchObject({ cancelled: 1, moved: 1 });
    expect((await rowsOf(held.id))[0]).toMatchObject({ status: 'cancelled', failure_reason: 'Check-ins are on hold for this client' });
    expect((await rowsOf(moved.id))[0]!.scheduled_for.toISOString()).toBe('2026-07-06T08:00:00.000Z');
    for (const c of [removed, held, moved]) expect(smsTo(c.phone)).toHaveLength(0);
  });

  it('a global slot covers a goal slot at the same minute: one check-in, not two', async () => {
    const coachId = await coach();
    const cl = await client(coachId, 'UTC', onMonday('09:00'));
    await raw`insert into goals (coach_id, client_id, title, type, target, unit, check_in_schedule) values (${coachId}, ${cl.id}, 'Run', 'progress', 100, 'km', ${raw.json(onMonday('09:00') as postgres.JSONValue)})`;
    await raw`insert into schedules (coach_id, client_id, time_slots, client_timezone, custom_days) values (${coachId}, ${cl.id}, ${raw.json([{ time: '09:00' }, { time: '09:05' }])}, 'UTC', ${['monday']})`;
    await engine.dispatch({ now: new Date('2026-07-06T08:58:00Z'), db: a, queue: recorder() });
    const rows = await rowsOf(cl.id);
    expect(rows.map((r) => r.dedupe_key.split(':').slice(2, 4).join(':'))).toEqual(['09:00', '09:05']);
  });
});

describe('a paused AI schedule (decision 0079)', () => {
  it('plans nothing while paused, its planned check-in cancelled; resumed, it plans only slots from then on, even after a scheduler outage', async () => {
    const { setAiSchedulePaused } = await import('../../server/services/ai-schedules');
    const coachId = await coach();
    const me = { id: coachId, timezone: 'UTC', planId: 'full' };
    const cl = await client(coachId, 'UTC', {});
    const [schedule] = await raw<{ id: string }[]>`
      insert into schedules (coach_id, client_id, time_slots, client_timezone, custom_days)
      values (${coachId}, ${cl.id}, ${raw.json([{ time: '09:00' }, { time: '10:00' }, { time: '11:00' }])}, 'UTC', ${['monday']}) returning id`;
    const queue = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T08:55:00Z'), db: a, queue });
    const [planned] = await rowsOf(cl.id);
    expect(planned).toMatchObject({ status: 'scheduled', scheduled_for: new Date('2026-07-06T09:00:00Z') });

    const paused = await setAiSchedulePaused(me, schedule!.id, true, new Date('2026-07-06T08:56:00Z'));
    expect(paused).toMatchObject({ paused: true, pausedAt: '2026-07-06T08:56:00.000Z', nextCheckIns: [], timeSlots: [{ time: '09:00' }, { time: '10:00' }, { time: '11:00' }] });
    expect((await rowsOf(cl.id))[0]).toMatchObject({ status: 'cancelled', failure_reason: 'The AI schedule is paused' });
    // Pausing again changes nothing (the first instant stays).
    expect((await setAiSchedulePaused(me, schedule!.id, true, new Date('2026-07-06T08:57:00Z'))).pausedAt).toBe('2026-07-06T08:56:00.000Z');
    // Another coach's pause or resume is a 404, and changes nothing.
    const stranger = { id: await coach(), timezone: 'UTC', planId: 'full' };
    await expect(setAiSchedulePaused(stranger, schedule!.id, false, new Date('2026-07-06T08:58:00Z'))).rejects.toMatchObject({ status: 404 });

    // The engine clock moves past 09:00: the paused schedule plans nothing, sends nothing.
    const job = queue.sends.find((j) => j.checkInId === planned!.id)!;
    expect((await engine.sendCheckIn(job.checkInId, { now: new Date('2026-07-06T09:00:01Z'), db: a, queue })).status).toBe('skipped');
    await engine.dispatch({ now: new Date('2026-07-06T09:01:00Z'), db: a, queue: recorder() });
    expect((await rowsOf(cl.id)).map((r) => r.status)).toEqual(['cancelled']);

    // No scheduler ran after 09:01. Resumed at 10:40, the next pass would catch up the 10:00 slot
    // (40 minutes late, within the hour) for any other schedule; this one plans nothing before its resume.
    const resumed = await setAiSchedulePaused(me, schedule!.id, false, new Date('2026-07-06T10:40:00Z'));
    expect(resumed).toMatchObject({ paused: false, pausedAt: null });
    expect(resumed.nextCheckIns[0]).toBe('2026-07-06T11:00:00.000Z');
    expect((await setAiSchedulePaused(me, schedule!.id, false, new Date('2026-07-06T10:41:00Z'))).paused).toBe(false);
    const late = await engine.dispatch({ now: new Date('2026-07-06T10:41:00Z'), db: a, queue: recorder() });
    expect(late).toMatchObject({ planned: 0, missed: 0 });
    const next = recorder();
    await engine.dispatch({ now: new Date('2026-07-06T10:55:00Z'), db: a, queue: next });
    const rows = await rowsOf(cl.id);
    expect(rows.map((r) => [r.dedupe_key.split(':').slice(2, 4).join(':'), r.status])).toEqual([
      ['09:00', 'cancelled'],
      ['11:00', 'scheduled'],
    ]);
    expect((await engine.sendCheckIn(rows[1]!.id, { now: new Date('2026-07-06T11:00:01Z'), db: a, queue: next })).status).toBe('sent');
    expect(smsTo(cl.phone)).toHaveLength(1);
  });
});

describe('an AI schedule with frequency daily (decision 0110)', () => {
  it('stores every day, answers them, and plans its Saturday and Sunday check-ins', async () => {
    const { createAiSchedule, clientAiSchedules, scheduleDto } = await import('../../server/services/ai-schedules');
    const { aiScheduleSchema } = await import('@/lib/schemas/ai-schedule');
    const coachId = await coach();
    const me = { id: coachId, timezone: 'UTC', planId: 'full' };
    const cl = await client(coachId, 'UTC', {});
    const created = await createAiSchedule(me, aiScheduleSchema.parse({ clientId: cl.id, frequency: 'daily', timeSlots: [{ time: '09:00' }] }));
    const everyDay = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
    expect(created.customDays).toEqual(everyDay);
    const [row] = await raw<{ custom_days: string[] }[]>`select custom_days from schedules where id = ${created.id}`;
    expect(row!.custom_days).toEqual(everyDay);

    // Seen on Friday 2026-07-10 at noon: the next five are Saturday to Wednesday.
    const { schedules } = await import('../../server/db/schema');
    const { eq } = await import('drizzle-orm');
    const { getDb } = await import('../../server/db/client');
    const [stored] = await getDb().select().from(schedules).where(eq(schedules.id, created.id));
    expect(scheduleDto(stored!, coachId, new Date('2026-07-10T12:00:00Z')).nextCheckIns).toEqual(
      ['11', '12', '13', '14', '15'].map((d) => `2026-07-${d}T09:00:00.000Z`),
    );

    // The scheduler plans the weekend's check-ins the schedule answers.
    await engine.dispatch({ now: new Date('2026-07-11T08:55:00Z'), db: a, queue: recorder() });
    await engine.dispatch({ now: new Date('2026-07-12T08:55:00Z'), db: a, queue: recorder() });
    expect((await rowsOf(cl.id)).map((r) => r.scheduled_for.toISOString())).toEqual(['2026-07-11T09:00:00.000Z', '2026-07-12T09:00:00.000Z']);

    // A row saved before the decision, Monday to Friday under daily, answers the days it runs on.
    await raw`update schedules set custom_days = ${['monday', 'tuesday', 'wednesday', 'thursday', 'friday']} where id = ${created.id}`;
    expect((await clientAiSchedules(me, cl.id)).map((s) => s.customDays)).toEqual([everyDay]);
  });
});

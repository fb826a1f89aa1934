import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EngineDb } from '../../server/services/engine/runtime';
import { ownPostgresSuite } from './own-postgres';

/**
 * Sending paced per sender number (issue 19 item 3, decision 0100), against a real PostgreSQL:
 * slots reserved on the sender's shared clock from two connections (two instances) never overlap,
 * a batch takes only what starts within its horizon, and a paced send hands the rest back to the queue.
 */

type Pacing = typeof import('../../server/services/engine/pacing');
type Send = typeof import('../../server/services/engine/send');

const RATE = 5;
const STEP_MS = 1000 / RATE;
/** Half of it is a batch's pacing horizon: 600 ms, so three slots at 5 a second. */
const LEASE_SECONDS = '1.2';
/** The outbox answers at once; a short Twilio timeout leaves the hand-overs the lease's 1.03 s (decision 0107). */
const TWILIO_TIMEOUT_SECONDS = '0.05';

const own = ownPostgresSuite('pacing', {
  truncate: ['users', 'clients', 'goals', 'check_ins', 'api_usage', 'sender_pacing', 'sms_consents'],
  env: { JWT_SECRET: 'pacing-test-secret-of-at-least-32-characters', SMS_SENDER_RATE_PER_SECOND: String(RATE), CHECKIN_CLAIM_LEASE_SECONDS: LEASE_SECONDS, TWILIO_TIMEOUT_SECONDS: TWILIO_TIMEOUT_SECONDS },
});
let pacing: Pacing;
let send: Send;
let a: EngineDb;
let b: EngineDb;
let raw: postgres.Sql;

beforeAll(async () => {
  pacing = await import('../../server/services/engine/pacing');
  send = await import('../../server/services/engine/send');
  a = own.connect();
  b = own.connect();
  raw = own.raw;
});

describe('slots on a sender clock', () => {
  it('spaces one batch at the rate, starting now', async () => {
    const [grant] = await pacing.reserveSlots(a, [{ sender: '+15550000001', count: 3 }], RATE, 10_000);
    expect(grant!.granted).toBe(3);
    expect(grant!.delaysMs[0]).toBeLessThan(50);
    expect(grant!.delaysMs[1]! - grant!.delaysMs[0]!).toBeCloseTo(STEP_MS, 5);
    expect(grant!.delaysMs[2]! - grant!.delaysMs[0]!).toBeCloseTo(2 * STEP_MS, 5);
  });

  it('gives two instances reserving at once slots that follow each other, never the same ones', async () => {
    const sender = '+15550000002';
    // The sender's clock is the database's now(), which cannot be injected: only the elapsed
    // milliseconds since this instant are compared, never a date, so no midnight or DST can fall between.
    const before = Date.now();
    const grants = await Promise.all([a, b].map((edb) => pacing.reserveSlots(edb, [{ sender, count: 4 }], RATE, 10_000)));
    const granted = grants.map(([g]) => g!);
    expect(granted.map((g) => g.granted)).toEqual([4, 4]);
    const [row] = await raw<{ next: Date }[]>`select next_free_at as next from sender_pacing where sender = ${sender}`;
    // Eight slots in all: the sender's clock moved 8 steps past the first reservation's start.
    const moved = row!.next.getTime() - before;
    expect(moved).toBeGreaterThanOrEqual(8 * STEP_MS - 50);
    expect(moved).toBeLessThan(8 * STEP_MS + 1_000);
    // On the sender's clock the eight slots follow each other a step apart: one instance's four after the other's.
    const slots = granted.flatMap((g) => g.delaysMs.map((d) => g.firstSlotAt!.getTime() + d - g.delaysMs[0]!)).sort((x, y) => x - y);
    // Within a millisecond: the database keeps microseconds, a Date milliseconds.
    for (let i = 1; i < slots.length; i++) expect(Math.abs(slots[i]! - slots[i - 1]! - STEP_MS)).toBeLessThanOrEqual(1);
  });

  it('grants only the slots within the horizon, and none when the sender is booked past it', async () => {
    const sender = '+15550000003';
    const [first] = await pacing.reserveSlots(a, [{ sender, count: 10 }], RATE, 500);
    expect(first!.granted).toBe(3);
    const [second] = await pacing.reserveSlots(b, [{ sender, count: 10 }], RATE, 100);
    expect(second!.granted).toBe(0);
    expect(second!.delaysMs).toEqual([]);
  });

  it('keeps each sender on its own clock', async () => {
    const grants = await pacing.reserveSlots(
      a,
      [
        { sender: '+15550000004', count: 2 },
        { sender: '+15550000005', count: 2 },
      ],
      RATE,
      10_000,
    );
    for (const g of grants) expect(g.delaysMs[0]).toBeLessThan(50);
  });
});

describe('a paced send batch', () => {
  it('sends the rows that fit within half the claim lease at the rate, and hands the others back to the queue', async () => {
    const [coach] = await raw<{ id: string }[]>`
      insert into users (username, email, password_hash, plan_id, is_verified, timezone)
      values ('pacer', ${`coach-${randomUUID()}@example.com`}, 'x', 'full', true, 'UTC') returning id`;
    const ids: string[] = [];
    // The engine's instant is an input: the night Europe's clocks go back. Only the slots' spacing
    // is real time (the database's clock and the outbox's), compared as elapsed time below.
    const now = new Date('2026-10-25T01:30:00Z');
    for (let i = 0; i < 5; i++) {
      const [client] = await raw<{ id: string }[]>`
        insert into clients (coach_id, first_name, last_name, phone, timezone)
        values (${coach!.id}, 'Ana', ${`Pace${i}`}, ${`+1555100000${i}`}, 'UTC') returning id`;
      const [row] = await raw<{ id: string }[]>`
        insert into check_ins (coach_id, client_id, is_global_check_in, status, scheduled_for, source, ai_message)
        values (${coach!.id}, ${client!.id}, true, 'scheduled', ${now}, 'manual', ${`Hello ${i}, how did the week go?`}) returning id`;
      ids.push(row!.id);
    }
    const started = performance.now();
    // Compared only as elapsed time with the outbox's timestamps (real time, like the slots).
    const startedAt = Date.now();
    const outcomes = await send.sendCheckIns(ids, { now, db: a });
    const statuses = ids.map((id) => outcomes.get(id)!.status);
    expect(statuses.filter((s) => s === 'sent')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'paced')).toHaveLength(2);
    // The third text waited for its slot, two steps after the first.
    expect(performance.now() - started).toBeGreaterThanOrEqual(2 * STEP_MS - 20);

    const rows = await raw<{ id: string; status: string; claimed_at: Date | null; enqueued_at: Date | null }[]>`
      select id, status, claimed_at, enqueued_at from check_ins where id in ${raw(ids)}`;
    const handedBack = rows.filter((r) => r.status === 'scheduled');
    expect(handedBack).toHaveLength(2);
    for (const r of handedBack) expect([r.claimed_at, r.enqueued_at]).toEqual([null, null]);

    const texts = fs
      .readFileSync(path.join(own.outbox, 'sms.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { createdAt: string });
    expect(texts).toHaveLength(3);
    // No text before its slot (a busy machine may send one later, never earlier).
    const times = texts.map((t) => new Date(t.createdAt).getTime()).sort((x, y) => x - y);
    times.forEach((t, i) => expect(t).toBeGreaterThanOrEqual(startedAt + i * STEP_MS - 20));
  });
});

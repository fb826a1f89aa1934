import { randomInt } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import { WEEKDAYS } from '@/lib/constants';
import type { CheckInDto, CheckInPage } from '@/lib/schemas/checkins';
import { zonedParts } from '@/lib/zoned-time';
import type { FakeTwilio } from '../helpers/fake-twilio';
import { uniquePhone } from '../helpers/http';
import type { ApiRequest, Db } from './helpers-auth';

export { uniquePhone };

/**
 * The weekday (Monday 0, and its name) and wall-clock HH:MM in `zone`, `minutesAhead` from now, all
 * read from one instant: a slot the scheduler plans within its 10-minute horizon, whatever day it is.
 */
export function slotAhead(zone: string, minutesAhead: number): { dayIndex: number; day: (typeof WEEKDAYS)[number]; time: string } {
  const at = zonedParts(zone, new Date(Date.now() + minutesAhead * 60_000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return { dayIndex: at.weekday, day: WEEKDAYS[at.weekday]!, time: `${pad(at.hour)}:${pad(at.minute)}` };
}

export interface CreatedClient {
  id: string;
  firstName: string;
  phone: string;
  goalId: string | null;
}

/** A client (with a progress goal when `goal` is given) of the signed-in coach. */
export async function createClient(
  request: ApiRequest,
  token: string,
  options: { firstName?: string; phone?: string | null; timezone?: string; goal?: { title: string; target: number; unit: string } } = {},
): Promise<CreatedClient> {
  const firstName = options.firstName ?? `Client${randomInt(0, 1_000_000)}`;
  const phone = options.phone ?? uniquePhone();
  const res = await request<{ client: { _id: string } }>('POST', '/coach/clients', {
    token,
    body: {
      firstName,
      lastName: 'Tester',
      email: `${firstName.toLowerCase()}-${randomInt(0, 1_000_000)}@example.com`,
      phone,
      timezone: options.timezone ?? 'America/New_York',
      ...(options.goal ? { goalTitle: options.goal.title, goalType: 'progress', metric: options.goal.unit, targetValue: options.goal.target } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const id = res.body.client._id;
  let goalId: string | null = null;
  if (options.goal) {
    const goals = await request<{ goals: { _id: string }[] }>('GET', `/dashboard/client-goals/${id}`, { token });
    goalId = goals.body.goals[0]!._id;
  }
  return { id, firstName, phone, goalId };
}

export async function createGoal(request: ApiRequest, token: string, clientId: string, goal: { title: string; type?: string; target?: number; unit?: string }): Promise<string> {
  const res = await request<{ goal: { _id: string } }>('POST', '/goals/create', { token, body: { clientId, type: goal.type ?? 'progress', ...goal } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.goal._id;
}

export async function checkInsOf(request: ApiRequest, token: string, clientId: string): Promise<CheckInDto[]> {
  const res = await request<CheckInPage>('GET', `/dashboard/client-checkins/${clientId}?limit=50`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkIns;
}

/** Polls until `read` answers something `accept` takes (then returns it), or fails after `timeoutMs`. */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000, what = 'condition'): Promise<T> {
  // A duration, so the monotonic clock: a wall clock moved by time-travel runs or NTP cannot end it early or late.
  const deadline = performance.now() + timeoutMs;
  let last: T | undefined;
  while (performance.now() < deadline) {
    last = await read();
    if (accept(last)) return last;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}; last value: ${JSON.stringify(last)?.slice(0, 2000)}`);
}

export interface RecordedEvent {
  event: string;
  payload: Record<string, unknown>;
}

/** A coach's realtime connection recording every event it gets. */
export async function listen(socketPort: number, token: string): Promise<{ events: RecordedEvent[]; close(): void }> {
  const events: RecordedEvent[] = [];
  const socket: Socket = io(`http://localhost:${socketPort}`, { path: '/socket.io/', auth: { token }, transports: ['websocket'], reconnection: false });
  socket.onAny((event: string, payload: Record<string, unknown>) => events.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    socket.once('authenticated', () => resolve());
    socket.once('connect_error', reject);
  });
  return { events, close: () => void socket.close() };
}

/**
 * Every check-in of the database sent, each of `count` clients texted exactly once, and each row
 * naming the very message its client got (the exactly-once promise, decision 0036).
 */
export async function expectEachClientTextedOnce(db: Db, sms: FakeTwilio, count: number, within: number): Promise<void> {
  const done = await eventually(
    () => db<{ status: string; n: number }[]>`select status, count(*)::int as n from check_ins group by status`,
    (rows) => rows.length === 1 && rows[0]!.status === 'sent',
    within,
    'every check-in sent',
  );
  expect(done).toEqual([{ status: 'sent', n: count }]);
  const perPhone = new Map<string, number>();
  for (const m of sms.messages) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1);
  expect(perPhone.size).toBe(count);
  expect([...perPhone.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  const rows = await db<{ provider_message_id: string }[]>`select provider_message_id from check_ins`;
  expect(new Set(rows.map((r) => r.provider_message_id))).toEqual(new Set(sms.messages.map((m) => m.sid)));
}

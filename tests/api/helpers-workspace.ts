import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import type { PlanId } from '@/lib/plans';
import { addDays, weekDates, zonedTimeToInstant } from '@/lib/zoned-time';
import type { CheckInDto } from '@/lib/schemas/checkins';
import type { ClientDto } from '@/lib/schemas/clients';
import type { ClientGoal } from '@/lib/schemas/goals';
import { uniqueEmail, uniquePhone } from '../helpers/http';
import { signedInUser, type ApiRequest, type Db } from './helpers-auth';

export type { ClientDto, CheckInDto };

export interface Coach {
  id: string;
  email: string;
  password: string;
  token: string;
}

/** A fresh verified and signed-in coach (own e-mail, own client IP); optionally on a plan or in a zone. */
export async function newCoach(request: ApiRequest, outboxDir: string, db: Db, options: { plan?: PlanId; timezone?: string } = {}): Promise<Coach> {
  const session = await signedInUser(request, outboxDir);
  if (options.plan) await db`update users set plan_id = ${options.plan} where id = ${session.user.id}`;
  if (options.timezone) await db`update users set timezone = ${options.timezone} where id = ${session.user.id}`;
  return { id: session.user.id, email: session.email, password: session.password, token: session.accessToken };
}

/**
 * The seven local dates (Monday first) of the current week in `zone`, read at least `margin` ms
 * before the week turns: a test that places check-ins in "this week" and then asks the server,
 * which reads its own clock, would otherwise straddle Sunday midnight. In the week's last moments
 * it waits for the next week.
 */
export async function currentWeekAwayFromItsTurn(zone: string, margin = 60_000): Promise<string[]> {
  for (;;) {
    const now = Date.now();
    const week = weekDates(zone, new Date(now));
    const left = zonedTimeToInstant(zone, addDays(week[6]!, 1), '00:00').getTime() - now;
    if (left > margin) return week;
    await new Promise((resolve) => setTimeout(resolve, left + 1_000));
  }
}

/** A valid new-client form (product §2.3) with a unique e-mail address and phone number (one coach's clients never share either, decision 0111). */
export function clientPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('client'), phone: uniquePhone(), ...overrides };
}

export async function createClient(request: ApiRequest, coach: Coach, overrides: Record<string, unknown> = {}): Promise<ClientDto> {
  const res = await request<{ success: boolean; client: ClientDto }>('POST', '/coach/clients', { token: coach.token, body: clientPayload(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client;
}

export async function createGoal(request: ApiRequest, coach: Coach, clientId: string, overrides: Record<string, unknown> = {}): Promise<ClientGoal> {
  const res = await request<{ success: boolean; goal: ClientGoal }>('POST', '/goals/create', {
    token: coach.token,
    body: { clientId, title: 'Run 100 km', type: 'progress', target: 100, unit: 'km', ...overrides },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.goal;
}

export async function getClient(request: ApiRequest, coach: Coach, clientId: string): Promise<ClientDto> {
  const res = await request<{ client: ClientDto }>('GET', `/clients/${clientId}`, { token: coach.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.client;
}

export async function clientGoals(request: ApiRequest, coach: Coach, clientId: string, archived = false): Promise<ClientGoal[]> {
  const res = await request<{ goals: ClientGoal[] }>('GET', `/dashboard/${archived ? 'client-archived-goals' : 'client-goals'}/${clientId}`, { token: coach.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.goals;
}

export type CheckInStatus = 'scheduled' | 'sent' | 'responded' | 'completed' | 'no_response' | 'missed' | 'cancelled' | 'failed';

export interface CheckInRow {
  coachId: string;
  clientId: string;
  goalId?: string | null;
  status?: CheckInStatus;
  sentAt?: Date | null;
  respondedAt?: Date | null;
  scheduledFor?: Date | null;
  createdAt?: Date;
  isGlobalCheckIn?: boolean;
  cancelledGoals?: string[];
  executiveSummary?: string | null;
  aiMessage?: string | null;
  clientResponse?: string | null;
}

/**
 * Check-ins are written by the AI engine (a later issue); tests insert the rows directly. Returns
 * the ids in the order given.
 */
export async function insertCheckIns(db: Db, rows: CheckInRow[]): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    // As when a real reply is stored, its analysis job counts as queued now: the engine's sweep takes
    // a responded row with no job over at once, and would analyse it while the test reads it.
    const enqueuedAt = r.status === 'responded' ? new Date() : null;
    const [row] = await db<{ id: string }[]>`
      insert into check_ins (coach_id, client_id, goal_id, status, sent_at, responded_at, scheduled_for, created_at, enqueued_at,
                             is_global_check_in, cancelled_goals, executive_summary, ai_message, client_response)
      values (${r.coachId}, ${r.clientId}, ${r.goalId ?? null}, ${r.status ?? 'completed'}, ${r.sentAt ?? null}, ${r.respondedAt ?? null},
              ${r.scheduledFor ?? null}, ${r.createdAt ?? new Date()}, ${enqueuedAt}, ${r.isGlobalCheckIn ?? false},
              ${db.array(r.cancelledGoals ?? [])}::uuid[], ${r.executiveSummary ?? null}, ${r.aiMessage ?? null}, ${r.clientResponse ?? null})
      returning id`;
    ids.push(row!.id);
  }
  return ids;
}

export const DAY_MS = 86_400_000;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real, decodable RGB PNG of one colour. */
export function png(width = 2, height = 2, rgb: [number, number, number] = [200, 40, 90]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

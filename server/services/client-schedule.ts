import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { CheckInSchedule, DayKey, ScheduleSlot } from '@/lib/preferences';
import { getDb } from '../db/client';
import { clients, goals } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { getOwnedClient, publishClient, type CoachRef } from './clients';
import { getOwnedGoal } from './goals';

interface Target {
  goalId?: string | null;
}

/** The weekly schedule being edited: the client's, or one goal's own (product §2.3). */
async function loadSchedule(coach: CoachRef, clientId: string, target: Target): Promise<CheckInSchedule> {
  const client = await getOwnedClient(coach.id, clientId);
  if (!target.goalId) return client.checkInSchedule;
  const goal = await getOwnedGoal(coach.id, target.goalId);
  if (goal.clientId !== clientId) throw notFound('Goal');
  return goal.checkInSchedule;
}

async function saveSchedule(coach: CoachRef, clientId: string, target: Target, schedule: CheckInSchedule) {
  const db = getDb();
  if (target.goalId) {
    await db.update(goals).set({ checkInSchedule: schedule, updatedAt: sql`now()` }).where(and(eq(goals.id, target.goalId), eq(goals.coachId, coach.id)));
  } else {
    await db.update(clients).set({ checkInSchedule: schedule, updatedAt: sql`now()` }).where(and(eq(clients.id, clientId), eq(clients.coachId, coach.id)));
  }
  await publishClient(coach, clientId);
}

const key = (dayIndex: number) => String(dayIndex) as DayKey;

/** Adds a time to a day; answers the new schedule and the slot made. */
export async function addSlot(coach: CoachRef, clientId: string, input: { dayIndex: number; time: string; goalId?: string | null }): Promise<{ schedule: CheckInSchedule; slot: ScheduleSlot }> {
  const schedule = await loadSchedule(coach, clientId, input);
  const slots = schedule[key(input.dayIndex)] ?? [];
  if (slots.some((s) => s.time === input.time)) throw conflict(`A check-in at ${input.time} is already scheduled that day`, 'time');
  const slot = { id: randomUUID(), time: input.time, enabled: true };
  const next = { ...schedule, [key(input.dayIndex)]: [...slots, slot].sort((a, b) => a.time.localeCompare(b.time)) };
  await saveSchedule(coach, clientId, input, next);
  return { schedule: next, slot };
}

/** Removes a time from a day; answers the new schedule and the day's remaining slots. */
export async function removeSlot(
  coach: CoachRef,
  clientId: string,
  input: { dayIndex: number; checkInId: string; time?: string; goalId?: string | null },
): Promise<{ schedule: CheckInSchedule; remaining: ScheduleSlot[] }> {
  const schedule = await loadSchedule(coach, clientId, input);
  const slots = schedule[key(input.dayIndex)] ?? [];
  // Slots are named by id; a caller that only knows the time may name it by time instead.
  const byId = slots.some((s) => s.id === input.checkInId);
  const remaining = slots.filter((s) => (byId ? s.id !== input.checkInId : s.time !== input.time));
  if (remaining.length === slots.length) throw notFound('Scheduled check-in');
  const next = { ...schedule, [key(input.dayIndex)]: remaining };
  if (remaining.length === 0) delete next[key(input.dayIndex)];
  await saveSchedule(coach, clientId, input, next);
  return { schedule: next, remaining };
}

/** Switches one slot (`checkInId`) or a whole day on or off: a day goes off when any slot is on, else on. */
export async function toggleDay(coach: CoachRef, clientId: string, input: { dayIndex: number; goalId?: string | null; checkInId?: string }): Promise<CheckInSchedule> {
  const schedule = await loadSchedule(coach, clientId, input);
  const slots = schedule[key(input.dayIndex)] ?? [];
  const targets = input.checkInId ? slots.filter((s) => s.id === input.checkInId) : slots;
  if (targets.length === 0) throw notFound('Scheduled check-in');
  const enable = !targets.some((s) => s.enabled);
  const next = { ...schedule, [key(input.dayIndex)]: slots.map((s) => (targets.includes(s) ? { ...s, enabled: enable } : s)) };
  await saveSchedule(coach, clientId, input, next);
  return next;
}

import { and, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { aiScheduleDayNames } from '@/lib/ai-schedule-days';
import type { AiScheduleInput } from '@/lib/schemas/ai-schedule';
import { offsetMinutes } from '@/lib/timezones';
import { getDb } from '../db/client';
import { schedules } from '../db/schema';
import { notFound } from '../http/errors';
import { getOwnedClient, publishClient, type CoachRef } from './clients';
import { getOwnedGoal } from './goals';
import { reconcileClient } from './engine/dispatcher';
import { aiSlotSource } from './engine/sources';
import { nextAiScheduleCheckIns } from '@/lib/schedule-slots';

type ScheduleRow = typeof schedules.$inferSelect;

/** A schedule as the AI scheduling calls answer it (product §2.3 Schedule), with its next instants. */
export function scheduleDto(s: ScheduleRow, coachId: string, now = new Date()) {
  const next = s.active ? nextAiScheduleCheckIns(aiSlotSource(s), { id: s.clientId, coachId, timezone: s.clientTimezone }, now) : [];
  return {
    _id: s.id,
    id: s.id,
    clientId: s.clientId,
    goalId: s.goalId,
    timeSlots: s.timeSlots,
    clientTimezone: s.clientTimezone,
    clientTimezoneOffset: offsetMinutes(s.clientTimezone, now),
    frequency: s.frequency,
    // The days it runs on, as the scheduler reads them: a row saved before decision 0110 may list
    // Monday to Friday under `daily`.
    customDays: aiScheduleDayNames(s),
    promptTemplate: s.promptTemplate,
    active: s.active,
    paused: s.pausedAt !== null,
    pausedAt: s.pausedAt?.toISOString() ?? null,
    nextCheckIns: next,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

async function assertTargets(coach: CoachRef, input: Pick<AiScheduleInput, 'clientId' | 'goalId'>) {
  const client = await getOwnedClient(coach.id, input.clientId);
  if (input.goalId) {
    const goal = await getOwnedGoal(coach.id, input.goalId);
    if (goal.clientId !== client.id) throw notFound('Goal');
  }
  return client;
}

/** POST /ai-schedule/create: a new schedule, in the client's zone unless another is given. */
export async function createAiSchedule(coach: CoachRef, input: AiScheduleInput) {
  const client = await assertTargets(coach, input);
  const [row] = await getDb()
    .insert(schedules)
    .values({
      coachId: coach.id,
      clientId: client.id,
      goalId: input.goalId,
      timeSlots: input.timeSlots,
      clientTimezone: input.clientTimezone ?? client.timezone,
      frequency: input.frequency,
      customDays: input.customDays,
      promptTemplate: input.promptTemplate,
    })
    .returning();
  await publishClient(coach, client.id);
  return scheduleDto(row!, coach.id);
}

/**
 * POST /ai/schedule-check-in: the one active schedule of a client (or of one goal) is replaced by
 * the data sent; the scheduler reads it on its next pass, and check-ins queued for slots it no
 * longer has are cancelled before they go out.
 */
export async function saveAiSchedule(coach: CoachRef, input: AiScheduleInput) {
  const client = await assertTargets(coach, input);
  const db = getDb();
  const row = await db.transaction(async (tx) => {
    const scope = and(eq(schedules.coachId, coach.id), eq(schedules.clientId, client.id), input.goalId ? eq(schedules.goalId, input.goalId) : isNull(schedules.goalId), eq(schedules.active, true));
    const [existing] = await tx.select({ id: schedules.id }).from(schedules).where(scope).orderBy(desc(schedules.updatedAt)).limit(1).for('update');
    const values = {
      timeSlots: input.timeSlots,
      clientTimezone: input.clientTimezone ?? client.timezone,
      frequency: input.frequency,
      customDays: input.customDays,
      promptTemplate: input.promptTemplate,
    };
    if (existing) {
      const [updated] = await tx.update(schedules).set({ ...values, updatedAt: sql`now()` }).where(eq(schedules.id, existing.id)).returning();
      return updated!;
    }
    const [created] = await tx.insert(schedules).values({ ...values, coachId: coach.id, clientId: client.id, goalId: input.goalId }).returning();
    return created!;
  });
  await reconcileClient(client.id);
  await publishClient(coach, client.id);
  return scheduleDto(row, coach.id);
}

/** The coach's active schedules of one client or one goal, newest first. */
async function activeSchedules(coach: CoachRef, of: SQL) {
  const rows = await getDb()
    .select()
    .from(schedules)
    .where(and(eq(schedules.coachId, coach.id), of, eq(schedules.active, true)))
    .orderBy(desc(schedules.createdAt));
  return rows.map((s) => scheduleDto(s, coach.id));
}

export async function clientAiSchedules(coach: CoachRef, clientId: string) {
  await getOwnedClient(coach.id, clientId);
  return activeSchedules(coach, eq(schedules.clientId, clientId));
}

export async function goalAiSchedules(coach: CoachRef, goalId: string) {
  await getOwnedGoal(coach.id, goalId);
  return activeSchedules(coach, eq(schedules.goalId, goalId));
}

/** DELETE /ai-schedule/{id}: the schedule stops; its upcoming check-ins are cancelled by the scheduler. */
export async function deleteAiSchedule(coach: CoachRef, scheduleId: string): Promise<void> {
  const [row] = await getDb()
    .update(schedules)
    .set({ active: false, updatedAt: sql`now()` })
    .where(and(eq(schedules.id, scheduleId), eq(schedules.coachId, coach.id), eq(schedules.active, true)))
    .returning();
  if (!row) throw notFound('Schedule');
  await reconcileClient(row.clientId);
  await publishClient(coach, row.clientId);
}

/**
 * POST /ai-schedule/{id}/pause and /resume: the schedule keeps its slots, days, zone and prompt.
 * Pausing cancels its planned check-ins at once (reason "paused"); resuming plans from `now` on,
 * since the planner skips every slot before `resumedAt`. Asking for the state it is already in
 * changes nothing and answers it as it is.
 */
export async function setAiSchedulePaused(coach: CoachRef, scheduleId: string, paused: boolean, now = new Date()) {
  const mine = and(eq(schedules.id, scheduleId), eq(schedules.coachId, coach.id), eq(schedules.active, true));
  const [changed] = await getDb()
    .update(schedules)
    .set(paused ? { pausedAt: now, updatedAt: now } : { pausedAt: null, resumedAt: now, updatedAt: now })
    .where(and(mine, paused ? isNull(schedules.pausedAt) : isNotNull(schedules.pausedAt)))
    .returning();
  if (!changed) {
    const [current] = await getDb().select().from(schedules).where(mine);
    if (!current) throw notFound('Schedule');
    return scheduleDto(current, coach.id, now);
  }
  await reconcileClient(changed.clientId, { now });
  await publishClient(coach, changed.clientId);
  return scheduleDto(changed, coach.id, now);
}

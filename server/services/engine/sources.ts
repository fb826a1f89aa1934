import { and, eq, isNotNull, or } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { clients, goals, schedules, type Client, type Goal } from '../../db/schema';
import type { ScheduleSources, SlotAiSchedule } from '@/lib/schedule-slots';

type AiSchedule = typeof schedules.$inferSelect;

/** Why a client gets no scheduled check-ins right now; null when it does. */
export function ineligibility(client: Pick<Client, 'archived' | 'checkInsHeld' | 'smsOptedOut' | 'phone' | 'email'>): string | null {
  if (client.archived) return 'The client is archived';
  if (client.checkInsHeld) return 'Check-ins are on hold for this client';
  if (client.smsOptedOut) return 'The client replied STOP and gets no messages until they reply START';
  if (!client.phone && !client.email) return 'The client has no phone number or e-mail address';
  return null;
}

/** SQL twin of ineligibility() === null. */
export const eligibleClient = and(
  eq(clients.archived, false),
  eq(clients.checkInsHeld, false),
  eq(clients.smsOptedOut, false),
  or(isNotNull(clients.phone), isNotNull(clients.email)),
);

/**
 * The schedules of the given clients (all eligible clients when `clientIds` is undefined), read
 * fresh: the dispatcher never works from a cached copy, so a changed schedule counts at once.
 */
export async function loadSources(db: Executor, clientIds?: string[]): Promise<Map<string, ScheduleSources>> {
  if (clientIds && clientIds.length === 0) return new Map();
  const clientRows = await db
    .select({ id: clients.id, coachId: clients.coachId, timezone: clients.timezone, checkInSchedule: clients.checkInSchedule })
    .from(clients)
    .where(clientIds ? and(eligibleClient, anyOf(clients.id, clientIds)) : eligibleClient);
  if (clientRows.length === 0) return new Map();
  const ids = clientIds ? clientRows.map((c) => c.id) : undefined;
  const [goalRows, aiRows] = await Promise.all([
    db
      .select({ id: goals.id, clientId: goals.clientId, checkInSchedule: goals.checkInSchedule })
      .from(goals)
      .where(and(eq(goals.archived, false), eq(goals.status, 'incomplete'), ids ? anyOf(goals.clientId, ids) : undefined)),
    db
      .select()
      .from(schedules)
      .where(and(eq(schedules.active, true), ids ? anyOf(schedules.clientId, ids) : undefined)),
  ]);
  const out = new Map<string, ScheduleSources>();
  for (const c of clientRows) out.set(c.id, { client: c, goals: [], aiSchedules: [] });
  for (const g of goalRows) out.get(g.clientId)?.goals.push({ id: g.id, checkInSchedule: g.checkInSchedule });
  for (const s of aiRows) out.get(s.clientId)?.aiSchedules.push(aiSlotSource(s));
  return out;
}

export const aiSlotSource = (s: AiSchedule): SlotAiSchedule => ({
  id: s.id,
  goalId: s.goalId,
  timeSlots: s.timeSlots,
  clientTimezone: s.clientTimezone,
  frequency: s.frequency,
  customDays: s.customDays,
  promptTemplate: s.promptTemplate,
  pausedAt: s.pausedAt,
  resumedAt: s.resumedAt,
});

/** The same sources from rows already loaded (the send step has the client and its goals). */
export function sourcesOf(client: Pick<Client, 'id' | 'coachId' | 'timezone' | 'checkInSchedule'>, activeGoals: Pick<Goal, 'id' | 'checkInSchedule'>[], aiRows: AiSchedule[]): ScheduleSources {
  return {
    client: { id: client.id, coachId: client.coachId, timezone: client.timezone, checkInSchedule: client.checkInSchedule },
    goals: activeGoals.map((g) => ({ id: g.id, checkInSchedule: g.checkInSchedule })),
    aiSchedules: aiRows.map(aiSlotSource),
  };
}

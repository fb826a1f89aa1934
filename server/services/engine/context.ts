import { and, asc, eq, isNotNull, not, sql } from 'drizzle-orm';
import { anyOf } from '../../db/any-of';
import type { Executor } from '../../db/client';
import { checkIns, clients, goals, milestones, users, type CheckIn, type Client, type Goal, type User } from '../../db/schema';
import type { AiGoal, CheckInContext } from '../../providers/ai';
import { groupBy } from '@/lib/group-by';
import { localTimeLabel } from '@/lib/schedule-slots';

export interface Participants {
  client: Client;
  coach: User;
  /** The client's active goals (not archived, not completed). */
  activeGoals: Goal[];
}

/** The participants of many clients in three queries; a client or coach that is gone is left out. */
export async function loadParticipantsOf(db: Executor, clientIds: string[]): Promise<Map<string, Participants>> {
  const out = new Map<string, Participants>();
  const ids = [...new Set(clientIds)];
  if (ids.length === 0) return out;
  const clientRows = await db.select().from(clients).where(anyOf(clients.id, ids));
  if (clientRows.length === 0) return out;
  const [coachRows, goalRows] = await Promise.all([
    db
      .select()
      .from(users)
      .where(anyOf(users.id, [...new Set(clientRows.map((c) => c.coachId))])),
    db
      .select()
      .from(goals)
      .where(and(anyOf(goals.clientId, ids), eq(goals.archived, false), eq(goals.status, 'incomplete')))
      .orderBy(asc(goals.createdAt)),
  ]);
  const coaches = new Map(coachRows.map((c) => [c.id, c]));
  const goalsOf = groupBy(goalRows, (g) => g.clientId);
  for (const client of clientRows) {
    const coach = coaches.get(client.coachId);
    if (!coach || coach.deletedAt) continue;
    out.set(client.id, { client, coach, activeGoals: goalsOf.get(client.id) ?? [] });
  }
  return out;
}

export async function loadParticipants(db: Executor, clientId: string): Promise<Participants | null> {
  return (await loadParticipantsOf(db, [clientId])).get(clientId) ?? null;
}

/** The goals a check-in is about: its own goal, or every active goal it was not cancelled for. */
export function coveredGoals(row: Pick<CheckIn, 'goalId' | 'cancelledGoals'>, activeGoals: Goal[]): Goal[] {
  if (row.goalId) return activeGoals.filter((g) => g.id === row.goalId);
  return activeGoals.filter((g) => !row.cancelledGoals.includes(g.id));
}

export async function aiGoals(db: Executor, list: Goal[]): Promise<AiGoal[]> {
  if (list.length === 0) return [];
  const rows = await db
    .select()
    .from(milestones)
    .where(anyOf(milestones.goalId, list.map((g) => g.id)))
    .orderBy(asc(milestones.position), asc(milestones.createdAt));
  const milestonesOf = groupBy(rows, (m) => m.goalId);
  return list.map((g) => ({
    id: g.id,
    title: g.title,
    type: g.type,
    description: g.description,
    target: g.target,
    unit: g.unit,
    currentValue: g.currentValue,
    progress: g.progress,
    milestones: (milestonesOf.get(g.id) ?? []).map((m) => ({ title: m.title, completed: m.completed, targetValue: m.targetValue })),
  }));
}

export const coachName = (coach: User) => `${coach.firstName} ${coach.lastName}`.trim() || coach.username;

/** The exchanges the AI sees of a client's past check-ins. */
const RECENT_EXCHANGES = 3;

/** A check-in's fields the context reads; a preview has no row yet, so no id. */
export type ContextRow = Pick<CheckIn, 'clientId' | 'goalId' | 'cancelledGoals'> & { id?: string };

export interface ContextRequest {
  row: ContextRow;
  p: Participants;
  at: Date;
  promptTemplate?: string;
}

/**
 * What the AI writes check-ins (and reads replies) from, for many at once: one query for the
 * goals' milestones and one for every client's latest exchanges.
 */
export async function checkInContexts(db: Executor, requests: ContextRequest[]): Promise<CheckInContext[]> {
  if (requests.length === 0) return [];
  const covered = requests.map((r) => coveredGoals(r.row, r.p.activeGoals));
  const latest = db
    .select({
      clientId: checkIns.clientId,
      at: checkIns.respondedAt,
      aiMessage: checkIns.aiMessage,
      clientResponse: checkIns.clientResponse,
      motivation: checkIns.motivation,
      rank: sql<number>`row_number() over (partition by ${checkIns.clientId} order by ${checkIns.respondedAt} desc)`.as('rank'),
    })
    .from(checkIns)
    .where(
      and(
        anyOf(checkIns.clientId, [...new Set(requests.map((r) => r.row.clientId))]),
        not(
          anyOf(
            checkIns.id,
            requests.flatMap((r) => (r.row.id ? [r.row.id] : [])),
          ),
        ),
        isNotNull(checkIns.clientResponse),
        isNotNull(checkIns.respondedAt),
      ),
    )
    .as('latest');
  const [goalsForAi, recent] = await Promise.all([
    aiGoals(db, [...new Map(covered.flat().map((g) => [g.id, g])).values()]),
    db.select().from(latest).where(sql`${latest.rank} <= ${RECENT_EXCHANGES}`).orderBy(latest.clientId, sql`${latest.at} desc`),
  ]);
  const aiGoalById = new Map(goalsForAi.map((g) => [g.id, g]));
  const recentOf = groupBy(recent, (r) => r.clientId);
  return requests.map(({ row, p, at, promptTemplate }, i) => ({
    coach: { name: coachName(p.coach), firstName: p.coach.firstName || coachName(p.coach), survey: p.coach.coachingSurvey ?? null },
    client: { firstName: p.client.firstName, lastName: p.client.lastName, timezone: p.client.timezone, language: p.client.language },
    goals: covered[i]!.map((g) => aiGoalById.get(g.id)!),
    isGlobal: !row.goalId,
    recent: (recentOf.get(row.clientId) ?? []).map((r) => ({ at: r.at!.toISOString(), aiMessage: r.aiMessage, clientResponse: r.clientResponse, motivation: r.motivation })),
    localTime: localTimeLabel(p.client.timezone, at),
    ...(promptTemplate ? { promptTemplate } : {}),
  }));
}

/** What the AI writes a check-in (and reads a reply) from. */
export async function checkInContext(db: Executor, row: ContextRow, p: Participants, at: Date, promptTemplate?: string): Promise<CheckInContext> {
  const [ctx] = await checkInContexts(db, [{ row, p, at, promptTemplate }]);
  return ctx!;
}

import { and, asc, desc, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { checkIns, clients, goals, milestones, users, type CheckIn, type Client, type Goal, type User } from '../../db/schema';
import type { AiGoal, CheckInContext } from '../../providers/ai';
import { localTimeLabel } from './slots';

export interface Participants {
  client: Client;
  coach: User;
  /** The client's active goals (not archived, not completed). */
  activeGoals: Goal[];
}

export async function loadParticipants(db: Executor, clientId: string): Promise<Participants | null> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId)).limit(1);
  if (!client) return null;
  const [[coach], activeGoals] = await Promise.all([
    db.select().from(users).where(eq(users.id, client.coachId)).limit(1),
    db
      .select()
      .from(goals)
      .where(and(eq(goals.clientId, clientId), eq(goals.archived, false), eq(goals.status, 'incomplete')))
      .orderBy(asc(goals.createdAt)),
  ]);
  if (!coach || coach.deletedAt) return null;
  return { client, coach, activeGoals };
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
    .where(inArray(milestones.goalId, list.map((g) => g.id)))
    .orderBy(asc(milestones.position), asc(milestones.createdAt));
  return list.map((g) => ({
    id: g.id,
    title: g.title,
    type: g.type,
    description: g.description,
    target: g.target,
    unit: g.unit,
    currentValue: g.currentValue,
    progress: g.progress,
    milestones: rows.filter((m) => m.goalId === g.id).map((m) => ({ title: m.title, completed: m.completed, targetValue: m.targetValue })),
  }));
}

export const coachName = (coach: User) => `${coach.firstName} ${coach.lastName}`.trim() || coach.username;

/** What the AI writes a check-in (and reads a reply) from. */
export async function checkInContext(db: Executor, row: CheckIn, p: Participants, at: Date, promptTemplate?: string): Promise<CheckInContext> {
  const covered = coveredGoals(row, p.activeGoals);
  const [goalsForAi, recent] = await Promise.all([
    aiGoals(db, covered),
    db
      .select({ at: checkIns.respondedAt, aiMessage: checkIns.aiMessage, clientResponse: checkIns.clientResponse, motivation: checkIns.motivation })
      .from(checkIns)
      .where(and(eq(checkIns.clientId, row.clientId), ne(checkIns.id, row.id), isNotNull(checkIns.clientResponse), isNotNull(checkIns.respondedAt)))
      .orderBy(desc(checkIns.respondedAt))
      .limit(3),
  ]);
  return {
    coach: { name: coachName(p.coach), survey: p.coach.coachingSurvey ?? null },
    client: { firstName: p.client.firstName, lastName: p.client.lastName, timezone: p.client.timezone },
    goals: goalsForAi,
    isGlobal: !row.goalId,
    recent: recent.map((r) => ({ at: r.at!.toISOString(), aiMessage: r.aiMessage, clientResponse: r.clientResponse, motivation: r.motivation })),
    localTime: localTimeLabel(p.client.timezone, at),
    ...(promptTemplate ? { promptTemplate } : {}),
  };
}

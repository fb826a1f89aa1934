import { and, count, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { EXECUTIVE_SUMMARIES_PER_PAGE, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import { formatGoalAmount } from '@/lib/goal-units';
import { PROGRESS_UNDO_MESSAGES as U, type CheckInDto, type CheckInPage, type ProgressUndone, type ProgressUpdate } from '@/lib/schemas/checkins';
import { getDb } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { checkIns, clients, goalProgressHistory, goals } from '../db/schema';
import { AppError, conflict, notFound } from '../http/errors';
import { emitToUser } from '../realtime';
import { checkInSummary, checkInSummaryColumns, type CoachRef } from './clients';
import { getOwnedGoal, progressPercent } from './goals';

/**
 * The history's statements, built once for the whole history and once for one goal's (a goal's
 * own check-ins and the global ones that did not cancel it).
 */
function historyStatements(oneGoal: boolean) {
  return preparedQuery((db) => {
    const clientId = sql.placeholder('clientId');
    const coachId = sql.placeholder('coachId');
    const goalId = sql.placeholder('goalId');
    const scope = and(
      eq(checkIns.clientId, clientId),
      eq(checkIns.coachId, coachId),
      oneGoal ? or(eq(checkIns.goalId, goalId), and(eq(checkIns.isGlobalCheckIn, true), sql`not (${goalId}::uuid = any(${checkIns.cancelledGoals}))`)) : undefined,
    );
    const name = oneGoal ? 'goal_history' : 'history';
    return {
      owned: db.select({ id: clients.id }).from(clients).where(and(eq(clients.id, clientId), eq(clients.coachId, coachId))).limit(1).prepare('history_owned_client'),
      page: db
        .select(checkInSummaryColumns)
        .from(checkIns)
        .where(scope)
        .orderBy(desc(sql`coalesce(${checkIns.sentAt}, ${checkIns.scheduledFor}, ${checkIns.createdAt})`))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'))
        .prepare(`${name}_page`),
      total: db.select({ n: count() }).from(checkIns).where(scope).prepare(`${name}_total`),
      goalTitles: db.select({ id: goals.id, title: goals.title }).from(goals).where(eq(goals.clientId, clientId)).prepare('history_goal_titles'),
      summaries: db
        .select({ id: checkIns.id, executiveSummary: checkIns.executiveSummary, createdAt: checkIns.createdAt, respondedAt: checkIns.respondedAt })
        .from(checkIns)
        .where(and(scope, isNotNull(checkIns.executiveSummary)))
        .orderBy(desc(checkIns.createdAt))
        .limit(EXECUTIVE_SUMMARIES_PER_PAGE * 20)
        .prepare(`${name}_summaries`),
    };
  });
}

const clientHistory = historyStatements(false);
const goalHistory = historyStatements(true);

/** A client's check-ins, newest first, paged; optionally one goal's only, and the executive summaries. */
export async function checkInHistory(coach: CoachRef, clientId: string, query: { page: number; limit: number; withSummaries: boolean; goalId?: string }): Promise<CheckInPage> {
  const q = query.goalId ? goalHistory() : clientHistory();
  const values = { clientId, coachId: coach.id, goalId: query.goalId };
  // The ownership check runs alongside the reads (all scoped by coach but the goal titles, which
  // are dropped with a 404): one round trip less on the coach's most frequent request.
  const [[owned], rows, [total], goalRows, summaries] = await Promise.all([
    q.owned.execute(values),
    q.page.execute({ ...values, limit: query.limit, offset: (query.page - 1) * query.limit }),
    q.total.execute(values),
    q.goalTitles.execute(values),
    query.withSummaries ? q.summaries.execute(values) : Promise.resolve([]),
  ]);
  if (!owned) throw notFound('Client');
  const titles = new Map(goalRows.map((g) => [g.id, g.title]));
  const totalCount = total?.n ?? 0;
  return {
    checkIns: rows.map((c) => checkInSummary(c, titles)),
    pagination: { page: query.page, limit: query.limit, total: totalCount, pages: Math.max(1, Math.ceil(totalCount / query.limit)) },
    ...(query.withSummaries
      ? { executiveSummaries: summaries.map((s) => ({ id: s.id, summary: s.executiveSummary, date: (s.respondedAt ?? s.createdAt).toISOString() })) }
      : {}),
  };
}

async function getOwnedCheckIn(coach: CoachRef, checkInId: string) {
  const [row] = await getDb()
    .select()
    .from(checkIns)
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.coachId, coach.id)))
    .limit(1);
  if (!row) throw notFound('Check-in');
  return row;
}

/** Only upcoming check-ins can be deleted (product §2.4). */
export async function deleteCheckIn(coach: CoachRef, checkInId: string): Promise<void> {
  const row = await getOwnedCheckIn(coach, checkInId);
  if (row.status !== 'scheduled') throw new AppError(409, 'CONFLICT', V.onlyUpcomingDeletable);
  // A row whose message is being handed to the SMS provider right now is no longer upcoming.
  const deleted = await getDb()
    .delete(checkIns)
    .where(and(eq(checkIns.id, checkInId), eq(checkIns.coachId, coach.id), eq(checkIns.status, 'scheduled'), isNull(checkIns.deliveryStartedAt)))
    .returning({ id: checkIns.id });
  if (deleted.length === 0) throw new AppError(409, 'CONFLICT', V.onlyUpcomingDeletable);
}

/** A global (all goals) check-in leaves one goal out; a goal's own upcoming check-in is cancelled. */
export async function cancelForGoal(coach: CoachRef, checkInId: string, input: { goalId: string; clientId: string }): Promise<CheckInDto> {
  const row = await getOwnedCheckIn(coach, checkInId);
  if (row.clientId !== input.clientId) throw notFound('Check-in');
  const goal = await getOwnedGoal(coach.id, input.goalId);
  if (goal.clientId !== row.clientId) throw notFound('Goal');
  if (row.status !== 'scheduled') throw new AppError(409, 'CONFLICT', 'Only upcoming check-ins can be cancelled');
  const db = getDb();
  if (row.isGlobalCheckIn) {
    await db
      .update(checkIns)
      .set({ cancelledGoals: sql`array_append(array_remove(${checkIns.cancelledGoals}, ${input.goalId}::uuid), ${input.goalId}::uuid)`, updatedAt: sql`now()` })
      .where(eq(checkIns.id, checkInId));
  } else if (row.goalId === input.goalId) {
    await db.update(checkIns).set({ status: 'cancelled', updatedAt: sql`now()` }).where(eq(checkIns.id, checkInId));
  } else {
    throw new AppError(409, 'CONFLICT', 'This check-in is not about that goal');
  }
  const [updated] = await db.select().from(checkIns).where(eq(checkIns.id, checkInId));
  return checkInSummary(updated!, new Map());
}

/**
 * The check-in's own value (`check_ins.value`) from the changes that still stand: its goal's new
 * value, or a global check-in's only moved numeric goal's (as the reply job sets it).
 */
function ownValue(goalId: string | null, updates: ProgressUpdate[]): number | null {
  const moves = updates.filter((u) => u.to !== null && !u.undoneAt);
  const own = goalId ? moves.find((u) => u.goalId === goalId) : moves.length === 1 ? moves[0] : undefined;
  return own?.to ?? null;
}

/**
 * Undoes what a reply did to one goal (decision 0082): the goal goes back to the change's `from`
 * value (its progress, and so a reached target, recomputed) and the change is marked undone, in one
 * transaction. Refused when the goal moved since (a later reply or the coach): undoing would
 * overwrite a newer value the coach may not have seen.
 */
export async function undoProgressUpdate(coach: CoachRef, checkInId: string, goalId: string, now: Date): Promise<ProgressUndone> {
  const { row, goal, update } = await getDb().transaction(async (tx) => {
    // Locked in the order check-in, goal: two undo clicks of one change must not both pass the check.
    const [locked] = await tx
      .select()
      .from(checkIns)
      .where(and(eq(checkIns.id, checkInId), eq(checkIns.coachId, coach.id)))
      .for('update');
    if (!locked) throw notFound('Check-in');
    const index = locked.progressUpdates.findIndex((u) => u.goalId === goalId);
    const change = locked.progressUpdates[index];
    if (!change) throw new AppError(404, 'NOT_FOUND', U.notInUpdate);
    if (change.undoneAt) throw conflict(U.alreadyUndone);
    if (change.from === null || change.to === null) throw conflict(U.noValue);
    const current = await getOwnedGoal(coach.id, goalId, tx, true);
    if (current.currentValue !== change.to) throw conflict(U.changedSince(current.title, formatGoalAmount(current.currentValue, current.unit)));
    if (current.status === 'completed') throw conflict(U.goalCompleted);
    const progress = progressPercent(change.from, current.target);
    await tx.update(goals).set({ currentValue: change.from, progress, updatedAt: now }).where(eq(goals.id, goalId));
    await tx.insert(goalProgressHistory).values({
      goalId,
      value: change.from,
      progress,
      source: 'coach',
      note: `Undid the change from a check-in reply (${formatGoalAmount(change.to, current.unit)} back to ${formatGoalAmount(change.from, current.unit)})`,
    });
    const updates = locked.progressUpdates.map((u, i) => (i === index ? { ...u, undoneAt: now.toISOString() } : u));
    const [saved] = await tx
      .update(checkIns)
      .set({ progressUpdates: updates, value: ownValue(locked.goalId, updates), updatedAt: now })
      .where(eq(checkIns.id, checkInId))
      .returning();
    return { row: saved!, goal: { id: goalId, clientId: current.clientId, currentValue: change.from, progress }, update: { ...change, unit: current.unit } };
  });
  const titles = new Map<string, string>();
  if (row.goalId) {
    const [own] = await getDb().select({ title: goals.title }).from(goals).where(eq(goals.id, row.goalId));
    if (own) titles.set(row.goalId, own.title);
  }
  const dto = checkInSummary(row, titles);
  // The events a reply's own change sends, so open goal cards and histories refresh the same way.
  emitToUser(coach.id, 'goalProgressUpdated', { goalId, clientId: goal.clientId, progress: goal.progress });
  emitToUser(coach.id, 'clientProfileUpdated', { clientId: row.clientId, checkIn: dto });
  return { success: true, message: U.undone(update.title, formatGoalAmount(goal.currentValue, update.unit)), checkIn: dto, goal };
}

import { eq } from 'drizzle-orm';
import { getDb } from '../../db/client';
import { goals, type CheckIn, type Client, type Goal } from '../../db/schema';
import { emitToUser } from '../../realtime';
import { checkInSummary } from '../clients';

/**
 * What every engine step says of a check-in: the coach's open screens told of it, a client named, a
 * reply or an error cut to size. Its own module so the steps (send, inbound, follow-ups, nudges…)
 * need not import one another to say it.
 */

export const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
export const clientName = (c: Pick<Client, 'firstName' | 'lastName'>) => `${c.firstName} ${c.lastName}`.trim();
export const excerpt = (text: string, max = 120) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Tells the coach's open screens: the check-in as the history shows it, and the client's new state. */
export async function publishCheckIn(row: CheckIn, created = false, knownGoals: Pick<Goal, 'id' | 'title'>[] = []): Promise<void> {
  const titles = new Map(knownGoals.map((g) => [g.id, g.title]));
  if (row.goalId && !titles.has(row.goalId)) {
    const [goal] = await getDb().select({ title: goals.title }).from(goals).where(eq(goals.id, row.goalId));
    if (goal) titles.set(row.goalId, goal.title);
  }
  const dto = checkInSummary(row, titles);
  if (created) emitToUser(row.coachId, 'checkInCreated', { clientId: row.clientId, checkIn: dto });
  emitToUser(row.coachId, 'clientProfileUpdated', { clientId: row.clientId, lastCheckIn: row.sentAt?.toISOString(), checkIn: dto });
}

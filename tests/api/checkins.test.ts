import { afterAll, describe, expect, inject, it } from 'vitest';
import { CHECK_IN_HISTORY_LIMIT, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import type { CheckInChanged, CheckInPage } from '@/lib/schemas/checkins';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { createClient, createGoal, insertCheckIns, newCoach, DAY_MS, type Coach } from './helpers-workspace';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

async function history(coach: Coach, clientId: string, query = ''): Promise<CheckInPage> {
  const res = await request<CheckInPage>('GET', `/dashboard/client-checkins/${clientId}${query}`, { token: coach.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function setup() {
  const coach = await newCoach(request, outboxDir, db);
  const c = await createClient(request, coach);
  return { coach, clientId: c.id };
}

const cancelForGoal = (coach: Coach, checkInId: string, body: Record<string, unknown>) =>
  request<CheckInChanged & ErrorBody>('PATCH', `/checkins/${checkInId}/cancel-for-goal`, { token: coach.token, body });

describe('GET /dashboard/client-checkins/{clientId}', () => {
  it('pages the history newest first', async () => {
    const { coach, clientId } = await setup();
    const now = Date.now();
    // Sent 1..7 days ago, inserted in a shuffled order.
    const daysAgo = [4, 1, 7, 3, 6, 2, 5];
    const ids = await insertCheckIns(
      db,
      daysAgo.map((d) => ({ coachId: coach.id, clientId, status: 'completed' as const, sentAt: new Date(now - d * DAY_MS), createdAt: new Date(now - d * DAY_MS) })),
    );
    const newestFirst = [...daysAgo.keys()].sort((x, y) => daysAgo[x]! - daysAgo[y]!).map((i) => ids[i]!);

    const page1 = await history(coach, clientId, '?page=1&limit=3');
    expect(page1.checkIns.map((c) => c.id)).toEqual(newestFirst.slice(0, 3));
    expect(page1.pagination).toEqual({ page: 1, limit: 3, total: 7, pages: 3 });
    const page2 = await history(coach, clientId, '?page=2&limit=3');
    expect(page2.checkIns.map((c) => c.id)).toEqual(newestFirst.slice(3, 6));
    const page3 = await history(coach, clientId, '?page=3&limit=3');
    expect(page3.checkIns.map((c) => c.id)).toEqual(newestFirst.slice(6));
    expect(page3.pagination).toEqual({ page: 3, limit: 3, total: 7, pages: 3 });
    // Past the end is an empty page, not an error.
    expect((await history(coach, clientId, '?page=4&limit=3')).checkIns).toEqual([]);

    // The defaults: page 1, limit 50 (product §2.9); no summaries unless asked.
    const all = await history(coach, clientId);
    expect(all.pagination).toEqual({ page: 1, limit: CHECK_IN_HISTORY_LIMIT, total: 7, pages: 1 });
    expect(all.checkIns.map((c) => c.id)).toEqual(newestFirst);
    expect(all).not.toHaveProperty('executiveSummaries');
  });

  it('answers the documented check-in fields', async () => {
    const { coach, clientId } = await setup();
    const goal = await createGoal(request, coach, clientId, { title: 'Hydrate' });
    const sentAt = new Date(Date.now() - 3_600_000);
    const respondedAt = new Date(Date.now() - 1_800_000);
    const [id] = await insertCheckIns(db, [
      { coachId: coach.id, clientId, goalId: goal.id, status: 'responded', sentAt, respondedAt, aiMessage: 'How did it go?', clientResponse: 'Great', executiveSummary: 'On track' },
    ]);
    const [c] = (await history(coach, clientId)).checkIns;
    expect(c).toMatchObject({
      _id: id,
      id,
      status: 'responded',
      sentAt: sentAt.toISOString(),
      respondedAt: respondedAt.toISOString(),
      goal: { _id: goal.id, id: goal.id, title: 'Hydrate' },
      isGlobalCheckIn: false,
      cancelledGoals: [],
      aiMessage: 'How did it go?',
      clientResponse: 'Great',
      executiveSummary: 'On track',
      insights: [],
      concerns: [],
    });
    for (const key of ['createdAt', 'updatedAt', 'aiResponse', 'coachSummary', 'motivation', 'engagementAssessment', 'value']) expect(c).toHaveProperty(key);
  });

  it("shows only this client's check-ins, with an empty first page when there are none", async () => {
    const { coach, clientId } = await setup();
    const other = await createClient(request, coach);
    await insertCheckIns(db, [{ coachId: coach.id, clientId: other.id, status: 'completed', sentAt: new Date() }]);
    const empty = await history(coach, clientId);
    expect(empty.checkIns).toEqual([]);
    expect(empty.pagination).toEqual({ page: 1, limit: CHECK_IN_HISTORY_LIMIT, total: 0, pages: 1 });
  });

  it('pages check-ins with the same time without repeating or losing any', async () => {
    const { coach, clientId } = await setup();
    const at = new Date(Date.now() - DAY_MS);
    const ids = await insertCheckIns(
      db,
      Array.from({ length: 9 }, () => ({ coachId: coach.id, clientId, status: 'completed' as const, createdAt: at })),
    );
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) seen.push(...(await history(coach, clientId, `?page=${page}&limit=3`)).checkIns.map((c) => c.id));
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('answers the executive summaries with withSummaries=true', async () => {
    const { coach, clientId } = await setup();
    const now = Date.now();
    const [older, , newer] = await insertCheckIns(db, [
      { coachId: coach.id, clientId, status: 'completed', createdAt: new Date(now - 2 * DAY_MS), respondedAt: new Date(now - 2 * DAY_MS + 60_000), executiveSummary: 'Older summary' },
      { coachId: coach.id, clientId, status: 'no_response', createdAt: new Date(now - DAY_MS) },
      { coachId: coach.id, clientId, status: 'completed', createdAt: new Date(now - 3_600_000), executiveSummary: 'Newer summary' },
    ]);
    const res = await history(coach, clientId, '?withSummaries=true&limit=1');
    expect(res.checkIns).toHaveLength(1);
    expect(res.executiveSummaries).toEqual([
      { id: newer, summary: 'Newer summary', date: new Date(now - 3_600_000).toISOString() },
      // The date is the response time when there is one.
      { id: older, summary: 'Older summary', date: new Date(now - 2 * DAY_MS + 60_000).toISOString() },
    ]);
    expect(await history(coach, clientId, '?withSummaries=false')).not.toHaveProperty('executiveSummaries');
  });

  it("filters by goal: that goal's check-ins and global ones not cancelled for it", async () => {
    const { coach, clientId } = await setup();
    const a = await createGoal(request, coach, clientId, { title: 'A' });
    const b = await createGoal(request, coach, clientId, { title: 'B' });
    const t = (h: number) => new Date(Date.now() - h * 3_600_000);
    const [forA, forB, global, globalNotA] = await insertCheckIns(db, [
      { coachId: coach.id, clientId, goalId: a.id, status: 'completed', sentAt: t(4), executiveSummary: 'A went well' },
      { coachId: coach.id, clientId, goalId: b.id, status: 'completed', sentAt: t(3), executiveSummary: 'B went well' },
      { coachId: coach.id, clientId, isGlobalCheckIn: true, status: 'completed', sentAt: t(2) },
      { coachId: coach.id, clientId, isGlobalCheckIn: true, status: 'completed', sentAt: t(1), cancelledGoals: [a.id] },
    ]);
    const forGoalA = await history(coach, clientId, `?goalId=${a.id}&withSummaries=true`);
    expect(forGoalA.checkIns.map((c) => c.id)).toEqual([global, forA]);
    expect(forGoalA.pagination.total).toBe(2);
    expect(forGoalA.executiveSummaries!.map((s) => s.id)).toEqual([forA]);
    expect((await history(coach, clientId, `?goalId=${b.id}`)).checkIns.map((c) => c.id)).toEqual([globalNotA, global, forB]);
    expect((await history(coach, clientId)).pagination.total).toBe(4);
  });

  it.each(['?limit=0', '?limit=101', '?page=0', '?page=x', '?goalId=abc', '?withSummaries=yes'])('refuses the query %s (400)', async (query) => {
    const { coach, clientId } = await setup();
    const res = await request<ErrorBody>('GET', `/dashboard/client-checkins/${clientId}${query}`, { token: coach.token });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
  });
});

describe('DELETE /checkins/{id}', () => {
  it('deletes an upcoming check-in', async () => {
    const { coach, clientId } = await setup();
    const [upcoming, kept] = await insertCheckIns(db, [
      { coachId: coach.id, clientId, status: 'scheduled', scheduledFor: new Date(Date.now() + DAY_MS) },
      { coachId: coach.id, clientId, status: 'scheduled', scheduledFor: new Date(Date.now() + 2 * DAY_MS) },
    ]);
    expect((await history(coach, clientId)).checkIns.find((c) => c.id === upcoming)!.status).toBe('upcoming');
    const res = await request<{ success: boolean }>('DELETE', `/checkins/${upcoming}`, { token: coach.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect((await history(coach, clientId)).checkIns.map((c) => c.id)).toEqual([kept]);
    expect(await db`select id from check_ins where id = ${upcoming!}`).toHaveLength(0);
    expect((await request('DELETE', `/checkins/${upcoming}`, { token: coach.token })).status).toBe(404);
  });

  it.each(['completed', 'sent', 'responded', 'no_response', 'cancelled'] as const)('refuses to delete a %s check-in (409)', async (status) => {
    const { coach, clientId } = await setup();
    const [id] = await insertCheckIns(db, [{ coachId: coach.id, clientId, status, sentAt: new Date() }]);
    const res = await request<ErrorBody>('DELETE', `/checkins/${id}`, { token: coach.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(V.onlyUpcomingDeletable);
    expect(await db`select id from check_ins where id = ${id!}`).toHaveLength(1);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { coach } = await setup();
    expect((await request('DELETE', '/checkins/00000000-0000-4000-8000-000000000000', { token: coach.token })).status).toBe(404);
    expect((await request('DELETE', '/checkins/42', { token: coach.token })).status).toBe(400);
  });
});

describe('PATCH /checkins/{id}/cancel-for-goal', () => {
  it('leaves one goal out of an upcoming global check-in', async () => {
    const { coach, clientId } = await setup();
    const a = await createGoal(request, coach, clientId, { title: 'A' });
    const b = await createGoal(request, coach, clientId, { title: 'B' });
    const [global] = await insertCheckIns(db, [{ coachId: coach.id, clientId, isGlobalCheckIn: true, status: 'scheduled', scheduledFor: new Date(Date.now() + DAY_MS) }]);
    expect((await history(coach, clientId, `?goalId=${a.id}`)).checkIns.map((c) => c.id)).toEqual([global]);

    const res = await cancelForGoal(coach, global!, { goalId: a.id, clientId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.checkIn).toMatchObject({ id: global, status: 'upcoming', isGlobalCheckIn: true, cancelledGoals: [a.id] });
    // Twice is harmless: the goal is listed once.
    expect((await cancelForGoal(coach, global!, { goalId: a.id, clientId })).body.checkIn.cancelledGoals).toEqual([a.id]);

    expect((await history(coach, clientId, `?goalId=${a.id}`)).checkIns).toEqual([]);
    expect((await history(coach, clientId, `?goalId=${b.id}`)).checkIns.map((c) => c.id)).toEqual([global]);
    // Still upcoming for the client as a whole.
    const [row] = await db`select status, cancelled_goals from check_ins where id = ${global!}`;
    expect(row).toEqual({ status: 'scheduled', cancelled_goals: [a.id] });

    expect((await cancelForGoal(coach, global!, { goalId: b.id, clientId })).body.checkIn.cancelledGoals).toEqual([a.id, b.id]);
  });

  it("cancels a goal's own upcoming check-in and refuses one about another goal", async () => {
    const { coach, clientId } = await setup();
    const a = await createGoal(request, coach, clientId, { title: 'A' });
    const b = await createGoal(request, coach, clientId, { title: 'B' });
    const [ownA] = await insertCheckIns(db, [{ coachId: coach.id, clientId, goalId: a.id, status: 'scheduled', scheduledFor: new Date(Date.now() + DAY_MS) }]);
    const wrong = await cancelForGoal(coach, ownA!, { goalId: b.id, clientId });
    expect(wrong.status).toBe(409);
    const res = await cancelForGoal(coach, ownA!, { goalId: a.id, clientId });
    expect(res.status).toBe(200);
    expect(res.body.checkIn.status).toBe('cancelled');
  });

  it('refuses a check-in that is not upcoming (409)', async () => {
    const { coach, clientId } = await setup();
    const a = await createGoal(request, coach, clientId);
    const [done] = await insertCheckIns(db, [{ coachId: coach.id, clientId, isGlobalCheckIn: true, status: 'completed', sentAt: new Date() }]);
    expect((await cancelForGoal(coach, done!, { goalId: a.id, clientId })).status).toBe(409);
    const [row] = await db`select cancelled_goals from check_ins where id = ${done!}`;
    expect(row!.cancelled_goals).toEqual([]);
  });

  it('answers 404 when the client or the goal does not match the check-in', async () => {
    const { coach, clientId } = await setup();
    const other = await createClient(request, coach);
    const goal = await createGoal(request, coach, clientId);
    const goalOfOther = await createGoal(request, coach, other.id);
    const [global] = await insertCheckIns(db, [{ coachId: coach.id, clientId, isGlobalCheckIn: true, status: 'scheduled', scheduledFor: new Date(Date.now() + DAY_MS) }]);
    expect((await cancelForGoal(coach, global!, { goalId: goal.id, clientId: other.id })).status).toBe(404);
    expect((await cancelForGoal(coach, global!, { goalId: '00000000-0000-4000-8000-000000000000', clientId })).status).toBe(404);
    expect((await cancelForGoal(coach, global!, { goalId: goalOfOther.id, clientId })).status).toBe(404);
    const [row] = await db`select cancelled_goals from check_ins where id = ${global!}`;
    expect(row!.cancelled_goals).toEqual([]);
  });

  it('needs the goal and client ids (400)', async () => {
    const { coach, clientId } = await setup();
    const goal = await createGoal(request, coach, clientId);
    const [global] = await insertCheckIns(db, [{ coachId: coach.id, clientId, isGlobalCheckIn: true, status: 'scheduled' }]);
    expect((await cancelForGoal(coach, global!, { clientId })).status).toBe(400);
    expect((await cancelForGoal(coach, global!, { goalId: goal.id })).status).toBe(400);
    expect((await cancelForGoal(coach, global!, { goalId: 'x', clientId })).status).toBe(400);
  });
});

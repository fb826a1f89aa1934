import { afterAll, describe, expect, inject, it } from 'vitest';
import { WORKSPACE_VALIDATION as V } from '@/lib/constants';
import type { ClientGoal, GoalVersion, GoalWithMilestones } from '@/lib/schemas/goals';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { addDays, zonedTimeToInstant } from '@/lib/zoned-time';
import { clientGoals, createClient, createGoal, currentWeekAwayFromItsTurn, insertCheckIns, newCoach, type Coach } from './helpers-workspace';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

/** The zone of the coach whose week is read: named, so the test's week and the server's are one. */
const COACH_ZONE = 'America/New_York';

async function coachWithClient(timezone?: string) {
  const coach = await newCoach(request, outboxDir, db, { timezone });
  const c = await createClient(request, coach);
  return { coach, clientId: c.id };
}

const patchGoal = (coach: Coach, goalId: string, body: Record<string, unknown>) =>
  request<{ success: boolean; goal: GoalWithMilestones } & ErrorBody>('PATCH', `/goals/${goalId}`, { token: coach.token, body });
const setProgress = (coach: Coach, goalId: string, body: Record<string, unknown>) =>
  request<{ success: boolean; goal: GoalWithMilestones } & ErrorBody>('PATCH', `/goals/${goalId}/progress`, { token: coach.token, body });

async function versions(coach: Coach, goalId: string): Promise<GoalVersion[]> {
  const res = await request<{ versionHistory: GoalVersion[] }>('GET', `/goals/${goalId}/version-history`, { token: coach.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.versionHistory;
}

async function storedGoal(goalId: string) {
  const [row] = await db`select title, target::float8 as target, unit, current_value::float8 as current_value, progress::float8 as progress, status, archived, completed_at from goals where id = ${goalId}`;
  return row;
}

describe('POST /goals/create', () => {
  it('creates a goal (201) that the client-goals list shows, with a first version', async () => {
    const { coach, clientId } = await coachWithClient();
    const res = await request<{ success: boolean; goal: ClientGoal }>('POST', '/goals/create', {
      token: coach.token,
      body: { clientId, title: '  Read 12 books ', type: 'numeric', description: 'One a month', target: 12, unit: 'books' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.success).toBe(true);
    const goal = res.body.goal;
    expect(goal._id).toBe(goal.id);
    expect(goal).toMatchObject({
      title: 'Read 12 books',
      type: 'numeric',
      description: 'One a month',
      target: 12,
      unit: 'books',
      currentValue: 0,
      progress: 0,
      status: 'incomplete',
      archived: false,
      completedAt: null,
      milestones: [],
      thisWeekCheckIns: [],
    });

    const listed = await clientGoals(request, coach, clientId);
    expect(listed.map((g) => g.id)).toEqual([goal.id]);
    expect(listed[0]).toMatchObject({ title: 'Read 12 books', target: 12, milestones: [] });
    const history = await versions(coach, goal.id);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ changeNote: 'Goal created', title: 'Read 12 books', type: 'numeric', target: 12, unit: 'books', status: 'incomplete' });
  });

  it.each(['task', 'boolean', 'binary'])('creates a %s goal without a target', async (type) => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { title: 'Call mum', type, target: undefined, unit: undefined });
    expect(goal).toMatchObject({ type, target: null, unit: null });
  });

  it('requires a title', async () => {
    const { coach, clientId } = await coachWithClient();
    for (const title of [undefined, '', '   ']) {
      const res = await request<ErrorBody>('POST', '/goals/create', { token: coach.token, body: { clientId, title, type: 'task' } });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(V.goalTitleRequired);
      expect(res.body.details).toEqual([{ field: 'title', message: V.goalTitleRequired }]);
    }
    expect(await clientGoals(request, coach, clientId)).toEqual([]);
  });

  it('requires a known type', async () => {
    const { coach, clientId } = await coachWithClient();
    for (const type of [undefined, '', 'weird']) {
      const res = await request<ErrorBody>('POST', '/goals/create', { token: coach.token, body: { clientId, title: 'T', type } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'type', message: V.goalTypeRequired }]);
    }
  });

  it.each(['numeric', 'progress', 'habit', 'incremental'])('needs a target greater than 0 for a %s goal', async (type) => {
    const { coach, clientId } = await coachWithClient();
    for (const target of [undefined, null, 0, -5]) {
      const res = await request<ErrorBody>('POST', '/goals/create', { token: coach.token, body: { clientId, title: 'T', type, target } });
      expect(res.status, `target ${target}`).toBe(400);
      expect(res.body.message).toBe(V.goalTargetRequired);
      expect(res.body.details).toEqual([{ field: 'target', message: V.goalTargetRequired }]);
    }
    expect(await clientGoals(request, coach, clientId)).toEqual([]);
    await createGoal(request, coach, clientId, { type, target: 0.5 });
  });

  it('needs the client id', async () => {
    const { coach } = await coachWithClient();
    for (const clientId of [undefined, 'abc']) {
      const res = await request<ErrorBody>('POST', '/goals/create', { token: coach.token, body: { clientId, title: 'T', type: 'task' } });
      expect(res.status).toBe(400);
      expect(res.body.details).toEqual([{ field: 'clientId', message: V.clientIdMissing }]);
    }
    const unknown = await request('POST', '/goals/create', { token: coach.token, body: { clientId: '00000000-0000-4000-8000-000000000000', title: 'T', type: 'task' } });
    expect(unknown.status).toBe(404);
  });
});

describe('PATCH /goals/{id}/progress', () => {
  it('sets the value, computes progress = min(100, current/target×100) and keeps a history', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { target: 80, unit: 'km' });

    const res = await setProgress(coach, goal.id, { currentValue: 20, client: clientId, source: 'coach', note: 'Good week' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.goal).toMatchObject({ id: goal.id, currentValue: 20, progress: 25, milestones: [] });

    expect((await setProgress(coach, goal.id, { currentValue: 50, source: 'ai' })).body.goal.progress).toBeCloseTo(62.5, 5);
    // Over the target is capped at 100.
    expect((await setProgress(coach, goal.id, { currentValue: 200, source: 'client', note: 'Overachiever' })).body.goal).toMatchObject({ currentValue: 200, progress: 100 });
    // No source means the coach.
    expect((await setProgress(coach, goal.id, { currentValue: 0 })).body.goal.progress).toBe(0);

    const history = await db`select value::float8 as value, progress::float8 as progress, source, note from goal_progress_history where goal_id = ${goal.id} order by created_at, id`;
    expect(history.map((h) => ({ ...h }))).toEqual([
      { value: 20, progress: 25, source: 'coach', note: 'Good week' },
      { value: 50, progress: 62.5, source: 'ai', note: null },
      { value: 200, progress: 100, source: 'client', note: 'Overachiever' },
      { value: 0, progress: 0, source: 'coach', note: null },
    ]);
    expect((await clientGoals(request, coach, clientId))[0]).toMatchObject({ currentValue: 0, progress: 0 });
  });

  it('keeps progress = min(100, current/target) when progress updates race target edits', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { target: 100, unit: 'km' });
    for (let round = 0; round < 3; round += 1) {
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => [
          setProgress(coach, goal.id, { currentValue: 5 + i + round }),
          patchGoal(coach, goal.id, { target: 40 + 11 * i + round, changeNote: `Target ${i}` }),
        ]).flat(),
      );
      for (const r of results) expect(r.status, JSON.stringify(r.body)).toBe(200);
      const stored = await storedGoal(goal.id);
      const expected = Math.min(100, Math.round((stored!.current_value / stored!.target) * 1000) / 10);
      expect(stored!.progress, `${stored!.current_value} / ${stored!.target}`).toBeCloseTo(expected, 5);
    }
  });

  it('rounds progress to one decimal', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { target: 3 });
    const res = await setProgress(coach, goal.id, { currentValue: 1 });
    expect(res.body.goal.progress).toBeCloseTo((1 / 3) * 100, 1);
    expect(res.body.goal.progress).toBe(33.3);
  });

  it('refuses a goal without a positive target', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { type: 'task', target: undefined });
    const res = await setProgress(coach, goal.id, { currentValue: 1 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(V.progressNotEditable);
    // A numeric goal's target cannot be cleared (goal-edit-rules.test.ts), so it stays trackable.
    const numeric = await createGoal(request, coach, clientId, { type: 'numeric', target: 10 });
    expect((await patchGoal(coach, numeric.id, { target: null })).status).toBe(400);
    expect((await setProgress(coach, numeric.id, { currentValue: 5 })).status).toBe(200);
    const [row] = await db`select count(*)::int as n from goal_progress_history where goal_id = ${goal.id}`;
    expect(row!.n).toBe(0);
  });

  it.each([[{}], [{ currentValue: '5' }], [{ currentValue: -1 }], [{ currentValue: 5, source: 'robot' }], [{ currentValue: 5, client: 'x' }]])('refuses %j (400)', async (body) => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId);
    const res = await setProgress(coach, goal.id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect((await storedGoal(goal.id))!.current_value).toBe(0);
  });
});

describe('PATCH /goals/{id}', () => {
  it('edits title, target and unit with a change note and writes a version, newest first', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { title: 'Run', target: 100, unit: 'km' });
    await setProgress(coach, goal.id, { currentValue: 40 });

    const res = await patchGoal(coach, goal.id, { title: 'Run further', target: 50, unit: 'miles', changeNote: 'Switched to miles' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    // Progress follows the new target.
    expect(res.body.goal).toMatchObject({ title: 'Run further', target: 50, unit: 'miles', currentValue: 40, progress: 80 });

    const unitOnly = await patchGoal(coach, goal.id, { unit: 'laps' });
    expect(unitOnly.status).toBe(200);
    expect(unitOnly.body.goal.unit).toBe('laps');

    const history = await versions(coach, goal.id);
    expect(history.map((v) => v.changeNote)).toEqual([null, 'Switched to miles', 'Goal created']);
    expect(history[0]).toMatchObject({ title: 'Run further', target: 50, unit: 'laps' });
    expect(history[1]).toMatchObject({ title: 'Run further', target: 50, unit: 'miles', type: 'progress', status: 'incomplete' });
    expect(history[2]).toMatchObject({ title: 'Run', target: 100, unit: 'km' });
    const dates = history.map((v) => Date.parse(v.versionDate));
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    expect(history[0]!._id).toBe(history[0]!.id);
  });

  it('writes no version for a description-only edit', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId);
    const res = await patchGoal(coach, goal.id, { description: 'Slow and steady' });
    expect(res.status).toBe(200);
    expect(res.body.goal.description).toBe('Slow and steady');
    expect(await versions(coach, goal.id)).toHaveLength(1);
  });

  it('needs a target greater than 0 for an incremental goal', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { type: 'incremental', target: 10, unit: 'pushups' });
    for (const target of [0, -2, null]) {
      const res = await patchGoal(coach, goal.id, { target, changeNote: 'oops' });
      expect(res.status, `target ${target}`).toBe(400);
      expect(res.body.message).toBe(V.targetGreaterThanZero);
      expect(res.body.details).toEqual([{ field: 'target', message: V.targetGreaterThanZero }]);
    }
    expect((await storedGoal(goal.id))!.target).toBe(10);
    expect(await versions(coach, goal.id)).toHaveLength(1);
    expect((await patchGoal(coach, goal.id, { target: 20 })).body.goal.target).toBe(20);
  });

  it('refuses an empty edit and an empty title', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { title: 'Keep me' });
    expect((await patchGoal(coach, goal.id, {})).status).toBe(400);
    const blank = await patchGoal(coach, goal.id, { title: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toBe(V.goalTitleRequired);
    expect((await storedGoal(goal.id))!.title).toBe('Keep me');
  });

  describe('milestones (the list sent is the list kept)', () => {
    it('adds, updates, completes and removes milestones', async () => {
      const { coach, clientId } = await coachWithClient();
      const goal = await createGoal(request, coach, clientId, { target: 100 });

      const added = await patchGoal(coach, goal.id, {
        milestones: [
          { title: 'Quarter', description: 'First 25', targetValue: 25, targetPercentage: 25 },
          { title: 'Half', targetValue: 50 },
        ],
      });
      expect(added.status, JSON.stringify(added.body)).toBe(200);
      const [quarter, half] = added.body.goal.milestones;
      expect(added.body.goal.milestones).toHaveLength(2);
      expect(quarter).toMatchObject({ title: 'Quarter', description: 'First 25', targetValue: 25, targetPercentage: 25, completed: false, completedAt: null });
      expect(half).toMatchObject({ title: 'Half', description: null, targetValue: 50, targetPercentage: null, completed: false });
      expect(quarter!._id).toBe(quarter!.id);

      const before = Date.now();
      const updated = await patchGoal(coach, goal.id, {
        milestones: [
          { id: quarter!.id, title: 'Quarter', targetValue: 25, completed: true },
          { id: half!.id, title: 'Halfway there', targetValue: 50 },
          { title: 'Three quarters', targetValue: 75 },
        ],
      });
      expect(updated.status).toBe(200);
      const list = updated.body.goal.milestones;
      expect(list.map((m) => m.title)).toEqual(['Quarter', 'Halfway there', 'Three quarters']);
      expect(list[0]!.id).toBe(quarter!.id);
      expect(list[1]!.id).toBe(half!.id);
      expect(list[0]!.completed).toBe(true);
      expect(Date.parse(list[0]!.completedAt!)).toBeGreaterThanOrEqual(before - 5_000);
      expect(list[1]!.completedAt).toBeNull();

      // Re-sending a completed milestone keeps its completion time.
      const again = await patchGoal(coach, goal.id, { milestones: list.map((m) => ({ id: m.id, title: m.title, targetValue: m.targetValue, completed: m.completed })) });
      expect(again.body.goal.milestones[0]!.completedAt).toBe(list[0]!.completedAt);

      // Leaving milestones out of the list removes them; un-completing clears the time.
      const trimmed = await patchGoal(coach, goal.id, { milestones: [{ id: quarter!.id, title: 'Quarter', completed: false }] });
      expect(trimmed.body.goal.milestones).toEqual([expect.objectContaining({ id: quarter!.id, completed: false, completedAt: null })]);
      const rows = await db`select id from milestones where goal_id = ${goal.id}`;
      expect(rows.map((r) => r.id)).toEqual([quarter!.id]);

      // Milestone edits are not goal versions; the client-goals list carries them.
      expect(await versions(coach, goal.id)).toHaveLength(1);
      expect((await clientGoals(request, coach, clientId))[0]!.milestones.map((m) => m.id)).toEqual([quarter!.id]);

      const cleared = await patchGoal(coach, goal.id, { milestones: [] });
      expect(cleared.body.goal.milestones).toEqual([]);
    });

    it("never touches another goal's milestone named by id", async () => {
      const { coach, clientId } = await coachWithClient();
      const a = await createGoal(request, coach, clientId, { title: 'A' });
      const b = await createGoal(request, coach, clientId, { title: 'B' });
      const aMilestone = (await patchGoal(coach, a.id, { milestones: [{ title: 'A1' }] })).body.goal.milestones[0]!;
      const res = await patchGoal(coach, b.id, { milestones: [{ id: aMilestone.id, title: 'Hijacked', completed: true }] });
      expect(res.status).toBe(200);
      expect(res.body.goal.milestones).toHaveLength(1);
      expect(res.body.goal.milestones[0]!.id).not.toBe(aMilestone.id);
      const [row] = await db`select goal_id, title, completed from milestones where id = ${aMilestone.id}`;
      expect(row).toEqual({ goal_id: a.id, title: 'A1', completed: false });
    });

    it('refuses a milestone without a title or with a percentage over 100', async () => {
      const { coach, clientId } = await coachWithClient();
      const goal = await createGoal(request, coach, clientId);
      expect((await patchGoal(coach, goal.id, { milestones: [{ title: '' }] })).status).toBe(400);
      expect((await patchGoal(coach, goal.id, { milestones: [{ title: 'M', targetPercentage: 101 }] })).status).toBe(400);
      const rows = await db`select id from milestones where goal_id = ${goal.id}`;
      expect(rows).toHaveLength(0);
    });
  });
});

describe('complete, unarchive and delete', () => {
  it('completing archives the goal; completing twice is a conflict; unarchive brings it back', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId, { title: 'Finish' });
    const other = await createGoal(request, coach, clientId, { title: 'Stay' });

    const done = await request<{ success: boolean; goal: GoalWithMilestones }>('PUT', `/goals/${goal.id}/complete`, { token: coach.token });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.goal).toMatchObject({ id: goal.id, status: 'completed', archived: true });
    expect(Date.parse(done.body.goal.completedAt!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await clientGoals(request, coach, clientId)).map((g) => g.id)).toEqual([other.id]);
    expect((await clientGoals(request, coach, clientId, true)).map((g) => [g.id, g.status])).toEqual([[goal.id, 'completed']]);

    const twice = await request<ErrorBody>('PUT', `/goals/${goal.id}/complete`, { token: coach.token });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('CONFLICT');

    const restored = await request<{ success: boolean; goal: GoalWithMilestones }>('PUT', `/goals/${goal.id}/unarchive`, { token: coach.token });
    expect(restored.status).toBe(200);
    expect(restored.body.goal).toMatchObject({ status: 'incomplete', archived: false, completedAt: null });
    expect((await clientGoals(request, coach, clientId)).map((g) => g.id)).toEqual([goal.id, other.id]);
    expect(await clientGoals(request, coach, clientId, true)).toEqual([]);

    const history = await versions(coach, goal.id);
    expect(history.map((v) => [v.changeNote, v.status])).toEqual([
      ['Goal restored from the archive', 'incomplete'],
      ['Goal completed', 'completed'],
      ['Goal created', 'incomplete'],
    ]);
    // It can be completed again after the un-archive.
    expect((await request('PUT', `/goals/${goal.id}/complete`, { token: coach.token })).status).toBe(200);
  });

  it('deletes a goal: every call on it answers 404 afterwards and its check-ins lose the link', async () => {
    const { coach, clientId } = await coachWithClient();
    const goal = await createGoal(request, coach, clientId);
    await patchGoal(coach, goal.id, { milestones: [{ title: 'M' }] });
    await setProgress(coach, goal.id, { currentValue: 3 });
    const [checkInId] = await insertCheckIns(db, [{ coachId: coach.id, clientId, goalId: goal.id, status: 'completed', sentAt: new Date() }]);

    const res = await request<{ success: boolean }>('DELETE', `/goals/${goal.id}`, { token: coach.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);

    expect((await request('DELETE', `/goals/${goal.id}`, { token: coach.token })).status).toBe(404);
    expect((await patchGoal(coach, goal.id, { title: 'x' })).status).toBe(404);
    expect((await setProgress(coach, goal.id, { currentValue: 1 })).status).toBe(404);
    expect((await request('PUT', `/goals/${goal.id}/complete`, { token: coach.token })).status).toBe(404);
    expect((await request('PUT', `/goals/${goal.id}/unarchive`, { token: coach.token })).status).toBe(404);
    expect((await request('GET', `/goals/${goal.id}/version-history`, { token: coach.token })).status).toBe(404);
    expect(await clientGoals(request, coach, clientId)).toEqual([]);
    expect(await clientGoals(request, coach, clientId, true)).toEqual([]);
    const [row] = await db`select goal_id from check_ins where id = ${checkInId!}`;
    expect(row!.goal_id).toBeNull();
    const [left] = await db`select (select count(*) from milestones where goal_id = ${goal.id})::int + (select count(*) from goal_versions where goal_id = ${goal.id})::int as n`;
    expect(left!.n).toBe(0);
  });
});

describe('GET /dashboard/client-goals/{clientId}', () => {
  it("lists this week's check-ins per goal: its own and global ones not cancelled for it", async () => {
    const { coach, clientId } = await coachWithClient(COACH_ZONE);
    const a = await createGoal(request, coach, clientId, { title: 'A' });
    const b = await createGoal(request, coach, clientId, { title: 'B' });
    // Noon on this week's Wednesday and Thursday in the coach's zone, and a week before: "this week"
    // whatever the day and hour the file runs, since the week is read away from its turn.
    const week = await currentWeekAwayFromItsTurn(COACH_ZONE);
    const noon = (date: string) => zonedTimeToInstant(COACH_ZONE, date, '12:00');
    const [forA, global, globalButNotB] = await insertCheckIns(db, [
      { coachId: coach.id, clientId, goalId: a.id, status: 'completed', sentAt: noon(week[2]!) },
      { coachId: coach.id, clientId, isGlobalCheckIn: true, status: 'sent', sentAt: noon(week[2]!) },
      { coachId: coach.id, clientId, isGlobalCheckIn: true, status: 'scheduled', scheduledFor: noon(week[3]!), cancelledGoals: [b.id] },
      // Older than this week.
      { coachId: coach.id, clientId, goalId: a.id, status: 'completed', sentAt: noon(addDays(week[2]!, -7)) },
    ]);
    const goals = await clientGoals(request, coach, clientId);
    const ids = (g: ClientGoal) => g.thisWeekCheckIns.map((c) => c.id).sort();
    expect(ids(goals.find((g) => g.id === a.id)!)).toEqual([forA, global, globalButNotB].sort());
    expect(ids(goals.find((g) => g.id === b.id)!)).toEqual([global]);
    const own = goals.find((g) => g.id === a.id)!.thisWeekCheckIns.find((c) => c.id === forA)!;
    expect(own.goal).toMatchObject({ id: a.id, title: 'A' });
    // Upcoming check-ins are called upcoming.
    expect(goals.find((g) => g.id === a.id)!.thisWeekCheckIns.find((c) => c.id === globalButNotB)!.status).toBe('upcoming');
  });

  it('answers 404 for an unknown client and 400 for a malformed id', async () => {
    const { coach } = await coachWithClient();
    for (const path of ['client-goals', 'client-archived-goals']) {
      expect((await request('GET', `/dashboard/${path}/00000000-0000-4000-8000-000000000000`, { token: coach.token })).status).toBe(404);
      expect((await request('GET', `/dashboard/${path}/nope`, { token: coach.token })).status).toBe(400);
    }
  });
});

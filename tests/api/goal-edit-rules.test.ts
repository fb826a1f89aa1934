import { afterAll, describe, expect, inject, it } from 'vitest';
import { WORKSPACE_VALIDATION as V } from '@/lib/constants';
import type { GoalWithMilestones } from '@/lib/schemas/goals';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { createClient, createGoal, newCoach, type Coach } from './helpers-workspace';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type GoalAnswer = { success: boolean; goal: GoalWithMilestones } & ErrorBody;

async function coachWithGoal(overrides: Record<string, unknown> = {}) {
  const coach = await newCoach(request, outboxDir, db);
  const c = await createClient(request, coach);
  const goal = await createGoal(request, coach, c.id, overrides);
  return { coach, clientId: c.id, goal };
}

const patchGoal = (coach: Coach, goalId: string, body: Record<string, unknown>) => request<GoalAnswer>('PATCH', `/goals/${goalId}`, { token: coach.token, body });

async function stored(goalId: string) {
  const [row] = await db<{ type: string; target: number | null }[]>`select type, target::float8 as target from goals where id = ${goalId}`;
  return row!;
}

describe('PATCH /goals/{id}: an edit meets the create rules, judged on the goal after it', () => {
  it.each([-1, 0, null])('refuses target %j on a progress goal, as a create does, and keeps the old target', async (target) => {
    const { coach, clientId, goal } = await coachWithGoal();
    const created = await request<ErrorBody>('POST', '/goals/create', { token: coach.token, body: { clientId, title: 'Run', type: 'progress', target, unit: 'km' } });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe(V.goalTargetRequired);

    const res = await patchGoal(coach, goal.id, { target });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(V.goalTargetRequired);
    expect(res.body.details).toEqual([{ field: 'target', message: V.goalTargetRequired }]);
    expect(await stored(goal.id)).toEqual({ type: 'progress', target: 100 });
    // The goal's progress is still editable.
    const progress = await request<GoalAnswer>('PATCH', `/goals/${goal.id}/progress`, { token: coach.token, body: { currentValue: 10 } });
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
  });

  it('keeps the spec\'s edit text for an incremental goal', async () => {
    const { coach, goal } = await coachWithGoal({ type: 'incremental', target: 5 });
    const res = await patchGoal(coach, goal.id, { target: -3 });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([{ field: 'target', message: V.targetGreaterThanZero }]);
  });

  it('refuses changing a task goal without a target into a progress goal', async () => {
    const { coach, goal } = await coachWithGoal({ type: 'task', target: null, unit: undefined });
    const res = await patchGoal(coach, goal.id, { type: 'progress' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.details).toEqual([{ field: 'target', message: V.goalTargetRequired }]);
    expect(await stored(goal.id)).toEqual({ type: 'task', target: null });
  });

  it('takes a type change that brings its positive target, and a task goal that keeps no target', async () => {
    const { coach, goal } = await coachWithGoal({ type: 'task', target: null, unit: undefined });
    const renamed = await patchGoal(coach, goal.id, { title: 'Tidy the garage', target: null });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.goal).toMatchObject({ title: 'Tidy the garage', type: 'task', target: null });

    const res = await patchGoal(coach, goal.id, { type: 'progress', target: 8, unit: 'boxes' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.goal).toMatchObject({ type: 'progress', target: 8, unit: 'boxes' });
  });

  it('still takes a positive target on a progress goal', async () => {
    const { coach, goal } = await coachWithGoal();
    const res = await patchGoal(coach, goal.id, { target: 120 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.goal.target).toBe(120);
  });
});

describe('PATCH /goals/{id} milestones: new and kept ones meet one rule', () => {
  it.each([-1, 0])('refuses a new milestone with targetValue %j', async (targetValue) => {
    const { coach, goal } = await coachWithGoal();
    const res = await patchGoal(coach, goal.id, { milestones: [{ title: 'Quarter', targetValue }] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['milestones.0.targetValue']);
    const [row] = await db<{ n: number }[]>`select count(*)::int as n from milestones where goal_id = ${goal.id}`;
    expect(row!.n).toBe(0);
  });

  it('refuses editing a kept milestone to targetValue -1, and keeps its old value', async () => {
    const { coach, goal } = await coachWithGoal();
    const added = await patchGoal(coach, goal.id, { milestones: [{ title: 'Quarter', targetValue: 25 }] });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const id = added.body.goal.milestones[0]!.id;
    const res = await patchGoal(coach, goal.id, { milestones: [{ id, title: 'Quarter', targetValue: -1 }] });
    expect(res.status).toBe(400);
    expect(res.body.details?.map((d) => d.field)).toEqual(['milestones.0.targetValue']);
    const [row] = await db<{ target_value: number }[]>`select target_value::float8 as target_value from milestones where id = ${id}`;
    expect(row!.target_value).toBe(25);
  });

  it('takes a milestone without a target value', async () => {
    const { coach, goal } = await coachWithGoal();
    const res = await patchGoal(coach, goal.id, { milestones: [{ title: 'Start', targetValue: null }, { title: 'Half', targetValue: 50 }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.goal.milestones.map((m) => m.targetValue)).toEqual([null, 50]);
  });
});

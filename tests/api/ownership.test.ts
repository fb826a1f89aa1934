import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { client } from '../helpers/http';
import type { ClientGoal, GoalWithMilestones } from '@/lib/schemas/goals';
import { openDb, type ErrorBody } from './helpers-auth';
import { createClient, createGoal, getClient, insertCheckIns, newCoach, png, DAY_MS, type Coach } from './helpers-workspace';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const PNG = png(1, 1);
const picture = () => {
  const f = new FormData();
  f.append('profilePic', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'p.png');
  return f;
};

interface Ids {
  clientId: string;
  goalId: string;
  checkInId: string;
  slotId: string;
  /** Another coach's own client and goal, for bodies that name two things. */
  ownClientId: string;
  ownGoalId: string;
  ownCheckInId: string;
}

interface Call {
  name: string;
  method: string;
  path: (ids: Ids) => string;
  body?: (ids: Ids) => Record<string, unknown>;
  form?: true;
}

/** Every coach-workspace endpoint that names a client, goal or check-in. */
const CALLS: Call[] = [
  { name: 'GET client', method: 'GET', path: (i) => `/clients/${i.clientId}` },
  { name: 'PUT client', method: 'PUT', path: (i) => `/clients/${i.clientId}`, body: () => ({ firstName: 'Evil', lastName: 'Twin', email: 'evil@example.com', phone: '5550001111' }) },
  { name: 'hold', method: 'POST', path: (i) => `/coach/clients/${i.clientId}/hold-checkins` },
  { name: 'resume', method: 'POST', path: (i) => `/coach/clients/${i.clientId}/resume-checkins` },
  { name: 'archive', method: 'POST', path: (i) => `/coach/clients/${i.clientId}/archive` },
  { name: 'unarchive', method: 'POST', path: (i) => `/coach/clients/${i.clientId}/unarchive` },
  { name: 'upload picture', method: 'POST', path: (i) => `/clients/${i.clientId}/profile-pic`, form: true },
  { name: 'read picture', method: 'GET', path: (i) => `/clients/${i.clientId}/profile-pic` },
  { name: 'add slot', method: 'POST', path: (i) => `/clients/${i.clientId}/schedule-checkin`, body: () => ({ dayIndex: 1, time: '10:00' }) },
  { name: 'add slot to a goal', method: 'POST', path: (i) => `/clients/${i.ownClientId}/schedule-checkin`, body: (i) => ({ dayIndex: 1, time: '10:00', goalId: i.goalId }) },
  { name: 'remove slot', method: 'POST', path: (i) => `/clients/${i.clientId}/remove-checkin`, body: (i) => ({ dayIndex: 0, checkInId: i.slotId, time: '09:00' }) },
  { name: 'remove goal slot', method: 'POST', path: (i) => `/clients/${i.ownClientId}/remove-checkin`, body: (i) => ({ dayIndex: 0, checkInId: i.slotId, goalId: i.goalId }) },
  { name: 'toggle day', method: 'POST', path: (i) => `/clients/${i.clientId}/toggle-checkin`, body: () => ({ dayIndex: 0 }) },
  { name: 'toggle goal day', method: 'POST', path: (i) => `/clients/${i.ownClientId}/toggle-checkin`, body: (i) => ({ dayIndex: 0, goalId: i.goalId }) },
  { name: 'client goals', method: 'GET', path: (i) => `/dashboard/client-goals/${i.clientId}` },
  { name: 'archived goals', method: 'GET', path: (i) => `/dashboard/client-archived-goals/${i.clientId}` },
  { name: 'check-in history', method: 'GET', path: (i) => `/dashboard/client-checkins/${i.clientId}?withSummaries=true` },
  { name: 'create goal', method: 'POST', path: () => '/goals/create', body: (i) => ({ clientId: i.clientId, title: 'Injected', type: 'task' }) },
  { name: 'edit goal', method: 'PATCH', path: (i) => `/goals/${i.goalId}`, body: () => ({ title: 'Hijacked', target: 1, changeNote: 'mine now' }) },
  { name: 'edit milestones', method: 'PATCH', path: (i) => `/goals/${i.goalId}`, body: () => ({ milestones: [] }) },
  { name: 'progress', method: 'PATCH', path: (i) => `/goals/${i.goalId}/progress`, body: () => ({ currentValue: 99, source: 'coach', note: 'x' }) },
  { name: 'complete goal', method: 'PUT', path: (i) => `/goals/${i.goalId}/complete` },
  { name: 'unarchive goal', method: 'PUT', path: (i) => `/goals/${i.goalId}/unarchive` },
  { name: 'version history', method: 'GET', path: (i) => `/goals/${i.goalId}/version-history` },
  { name: 'delete goal', method: 'DELETE', path: (i) => `/goals/${i.goalId}` },
  { name: 'delete check-in', method: 'DELETE', path: (i) => `/checkins/${i.checkInId}` },
  { name: 'cancel check-in for goal', method: 'PATCH', path: (i) => `/checkins/${i.checkInId}/cancel-for-goal`, body: (i) => ({ goalId: i.goalId, clientId: i.clientId }) },
  { name: 'cancel check-in for own goal', method: 'PATCH', path: (i) => `/checkins/${i.checkInId}/cancel-for-goal`, body: (i) => ({ goalId: i.ownGoalId, clientId: i.ownClientId }) },
  { name: 'cancel own check-in for a foreign goal', method: 'PATCH', path: (i) => `/checkins/${i.ownCheckInId}/cancel-for-goal`, body: (i) => ({ goalId: i.goalId, clientId: i.ownClientId }) },
];

const send = (call: Call, ids: Ids, token?: string) =>
  request<ErrorBody>(call.method, call.path(ids), { token, body: call.body?.(ids), form: call.form ? picture() : undefined });

/** Everything coach A's workspace holds, as the API and the database show it. */
async function snapshot(coach: Coach, ids: Ids) {
  const get = async (path: string) => {
    const res = await request('GET', path, { token: coach.token });
    expect(res.status, path).toBe(200);
    return res.body;
  };
  const rows = await db`
    select
      (select row_to_json(c) from clients c where id = ${ids.clientId}) as client,
      (select json_agg(g order by g.id) from goals g where client_id = ${ids.clientId}) as goals,
      (select json_agg(m order by m.id) from milestones m where goal_id = ${ids.goalId}) as milestones,
      (select json_agg(v order by v.id) from goal_versions v where goal_id = ${ids.goalId}) as versions,
      (select json_agg(h order by h.id) from goal_progress_history h where goal_id = ${ids.goalId}) as progress,
      (select json_agg(k order by k.id) from check_ins k where client_id = ${ids.clientId}) as check_ins`;
  return {
    client: await get(`/clients/${ids.clientId}`),
    goals: await get(`/dashboard/client-goals/${ids.clientId}`),
    history: await get(`/dashboard/client-checkins/${ids.clientId}?withSummaries=true`),
    versions: await get(`/goals/${ids.goalId}/version-history`),
    rows: rows[0],
  };
}

describe("another coach's ids", () => {
  let owner: Coach;
  let intruder: Coach;
  let ids: Ids;

  beforeAll(async () => {
    owner = await newCoach(request, outboxDir, db);
    intruder = await newCoach(request, outboxDir, db);
    const c = await createClient(request, owner, { scheduledCheckIns: [{ time: '09:00', days: [0, 3] }] });
    const goal: ClientGoal = await createGoal(request, owner, c.id, { title: 'Owner goal', target: 10 });
    const slot = await request<{ slot: { id: string } }>('POST', `/clients/${c.id}/schedule-checkin`, { token: owner.token, body: { dayIndex: 0, time: '07:00', goalId: goal.id } });
    expect(slot.status).toBe(200);
    expect((await request('PATCH', `/goals/${goal.id}`, { token: owner.token, body: { milestones: [{ title: 'M1' }] } })).status).toBe(200);
    expect((await request('PATCH', `/goals/${goal.id}/progress`, { token: owner.token, body: { currentValue: 4 } })).status).toBe(200);
    expect((await request('POST', `/clients/${c.id}/profile-pic`, { token: owner.token, form: picture() })).status).toBe(200);
    const [checkInId] = await insertCheckIns(db, [
      { coachId: owner.id, clientId: c.id, isGlobalCheckIn: true, status: 'scheduled', scheduledFor: new Date(Date.now() + DAY_MS) },
      { coachId: owner.id, clientId: c.id, goalId: goal.id, status: 'completed', sentAt: new Date(), executiveSummary: 'Private' },
    ]);
    const own = await createClient(request, intruder);
    const ownGoal = await createGoal(request, intruder, own.id);
    const [ownCheckInId] = await insertCheckIns(db, [{ coachId: intruder.id, clientId: own.id, isGlobalCheckIn: true, status: 'scheduled', scheduledFor: new Date(Date.now() + DAY_MS) }]);
    ids = {
      clientId: c.id,
      goalId: goal.id,
      checkInId: checkInId!,
      slotId: c.checkInSchedule['0']![0]!.id,
      ownClientId: own.id,
      ownGoalId: ownGoal.id,
      ownCheckInId: ownCheckInId!,
    };
  });

  it("answer 404 on every endpoint and leave the owner's data as it was", async () => {
    const before = await snapshot(owner, ids);
    const failures: string[] = [];
    for (const call of CALLS) {
      const res = await send(call, ids, intruder.token);
      if (res.status !== 404) failures.push(`${call.name}: ${res.status} ${JSON.stringify(res.body)}`);
      else expect(res.body.error, call.name).toBe('NOT_FOUND');
    }
    expect(failures).toEqual([]);
    const after = await snapshot(owner, ids);
    expect(after).toEqual(before);
    // The intruder's own lists stayed clean too.
    const list = await request<{ clients: { id: string }[] }>('GET', '/coach/clients', { token: intruder.token });
    expect(list.body.clients.map((c) => c.id)).toEqual([ids.ownClientId]);
    const ownGoals = await request<{ goals: { id: string }[] }>('GET', `/dashboard/client-goals/${ids.ownClientId}`, { token: intruder.token });
    expect(ownGoals.body.goals.map((g) => g.id)).toEqual([ids.ownGoalId]);
  });

  it("do not leak through a goal filter on the coach's own client", async () => {
    const res = await request<{ checkIns: { id: string }[] }>('GET', `/dashboard/client-checkins/${ids.ownClientId}?goalId=${ids.goalId}&withSummaries=true`, {
      token: intruder.token,
    });
    expect(res.status).toBe(200);
    // Only the intruder's own global check-in (global ones count for any goal), none of the owner's.
    expect(res.body.checkIns.map((c) => c.id)).toEqual([ids.ownCheckInId]);
    expect(JSON.stringify(res.body)).not.toContain('Private');
  });

  it('cannot be renamed into: a foreign milestone id becomes a new milestone of the own goal', async () => {
    const [m] = await db`select id, title from milestones where goal_id = ${ids.goalId}`;
    const res = await request<{ goal: GoalWithMilestones }>('PATCH', `/goals/${ids.ownGoalId}`, { token: intruder.token, body: { milestones: [{ id: m!.id, title: 'Stolen', completed: true }] } });
    expect(res.status).toBe(200);
    expect(res.body.goal.milestones[0]!.id).not.toBe(m!.id);
    const [still] = await db`select goal_id, title, completed from milestones where id = ${m!.id}`;
    expect(still).toEqual({ goal_id: ids.goalId, title: m!.title, completed: false });
  });

  it('the owner still works with them', async () => {
    expect((await getClient(request, owner, ids.clientId)).firstName).toBe('Grace');
  });
});

describe('authentication and ids', () => {
  const fake: Ids = {
    clientId: '00000000-0000-4000-8000-000000000001',
    goalId: '00000000-0000-4000-8000-000000000002',
    checkInId: '00000000-0000-4000-8000-000000000003',
    slotId: 'slot',
    ownClientId: '00000000-0000-4000-8000-000000000004',
    ownGoalId: '00000000-0000-4000-8000-000000000005',
    ownCheckInId: '00000000-0000-4000-8000-000000000006',
  };
  const LIST_CALLS: Call[] = [
    { name: 'list clients', method: 'GET', path: () => '/coach/clients' },
    { name: 'archived clients', method: 'GET', path: () => '/coach/archived-clients' },
    { name: 'create client', method: 'POST', path: () => '/coach/clients', body: () => ({ firstName: 'A', lastName: 'B', email: 'a@b.co', phone: '+15551234567' }) },
  ];

  it('answer 401 without a token, before looking at anything else', async () => {
    const failures: string[] = [];
    for (const call of [...CALLS, ...LIST_CALLS]) {
      for (const token of [undefined, 'garbage.token.value']) {
        const res = await send(call, fake, token);
        if (res.status !== 401) failures.push(`${call.name} (${token ?? 'none'}): ${res.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answer 400 for ids that are not UUIDs', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const bad: Ids = { clientId: 'not-a-uuid', goalId: '12345', checkInId: 'abc', slotId: 'slot', ownClientId: 'x', ownGoalId: 'y', ownCheckInId: 'z' };
    const failures: string[] = [];
    for (const call of CALLS) {
      const res = await send(call, bad, coach.token);
      if (res.status !== 400) failures.push(`${call.name}: ${res.status} ${JSON.stringify(res.body)}`);
      else expect(res.body.error, call.name).toBe('VALIDATION_ERROR');
    }
    expect(failures).toEqual([]);
  });
});

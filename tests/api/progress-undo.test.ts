import { describe, expect, it } from 'vitest';
import { postClientReply } from '../../scripts/client-reply';
import { FAKE_TWILIO_ACCOUNT } from '../helpers/fake-providers';
import type { ClientGoal } from '@/lib/schemas/goals';
import { PROGRESS_UNDO_MESSAGES as U, type CheckInChanged, type CheckInDto, type ProgressUndone } from '@/lib/schemas/checkins';
import { checkInsOf, createClient, createGoal, eventually, listen } from './engine-helpers';
import { engineSuite } from './engine-stack';
import { signedInUser, type ErrorBody } from './helpers-auth';

/**
 * Undoing what a reply did to a goal (decision 0082): the reply is analysed by the fake AI, which
 * moves three goals; the coach undoes them one by one over HTTP.
 */

const e = engineSuite({ OPENAI_MODEL: 'gpt-4o-mini' });

const coach = () => signedInUser(e.request, e.stack.outboxDir);
const reply = (from: string, body: string) => postClientReply({ appUrl: e.stack.baseUrl, authToken: FAKE_TWILIO_ACCOUNT.authToken, from, body, to: FAKE_TWILIO_ACCOUNT.from });
const undo = (token: string, checkInId: string, goalId: string) => e.request<ProgressUndone & ErrorBody>('POST', `/checkins/${checkInId}/progress/${goalId}/undo`, { token });

async function goalsOf(token: string, clientId: string): Promise<Map<string, ClientGoal>> {
  const res = await e.request<{ goals: ClientGoal[] }>('GET', `/dashboard/client-goals/${clientId}`, { token });
  expect(res.status).toBe(200);
  return new Map(res.body.goals.map((g) => [g._id, g]));
}

async function setValue(token: string, goalId: string, currentValue: number): Promise<void> {
  const res = await e.request('PATCH', `/goals/${goalId}/progress`, { token, body: { currentValue } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('undo a goal change from a reply', () => {
  it('restores the goal, marks the change undone, refuses a second undo, a newer value and another coach', async () => {
    const { accessToken } = await coach();
    const c = await createClient(e.request, accessToken, { firstName: 'Undoer', goal: { title: 'Walk 10,000 steps a day', target: 10000, unit: 'steps' } });
    const steps = c.goalId!;
    const run = await createGoal(e.request, accessToken, c.id, { title: 'Run 20 km', target: 20, unit: 'km' });
    const money = await createGoal(e.request, accessToken, c.id, { title: 'Save 500 quid', target: 500, unit: 'quid' });
    const untouched = await createGoal(e.request, accessToken, c.id, { title: 'Read 12 books', target: 12, unit: 'books' });
    await setValue(accessToken, steps, 4200);
    await setValue(accessToken, run, 15);
    await setValue(accessToken, money, 100);
    e.ai.script(
      'Undoer',
      {
        coachSummary: 'Undoer walked, ran and saved.',
        insights: [],
        executiveSummary: 'Busy week.',
        motivation: 'high',
        engagementAssessment: 'great',
        concerns: [],
        progress: [
          { goalId: steps, value: 6500, completed: false },
          { goalId: run, value: 21, completed: true },
          { goalId: money, value: 150, completed: false },
        ],
        unattributed: [],
      },
      { operation: 'analyse' },
    );
    const sent = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.checkIn.id;
    expect((await reply(c.phone, 'Walked 6500 steps, ran 6 km, put 50 quid away')).status).toBe(200);
    const done = await eventually(() => checkInsOf(e.request, accessToken, c.id), (l) => l.some((x) => x.id === id && x.status === 'completed'), 15_000, 'the analysed reply');
    expect(done.find((x) => x.id === id)!.progressUpdates).toEqual([
      { goalId: steps, title: 'Walk 10,000 steps a day', from: 4200, to: 6500, unit: 'steps', completed: false },
      { goalId: run, title: 'Run 20 km', from: 15, to: 21, unit: 'km', completed: true },
      { goalId: money, title: 'Save 500 quid', from: 100, to: 150, unit: 'quid', completed: false },
    ]);
    const live = await listen(e.stack.socketPort, accessToken);

    // Another coach cannot see the check-in; a goal the reply did not move is not in it.
    const other = await coach();
    const foreign = await undo(other.accessToken, id, steps);
    expect(foreign.status).toBe(404);
    const notMoved = await undo(accessToken, id, untouched);
    expect(notMoved.status).toBe(404);
    expect(notMoved.body.message).toBe(U.notInUpdate);

    // The steps go back to 4,200, the change is marked, the screens are told.
    const first = await undo(accessToken, id, steps);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.message).toBe('Walk 10,000 steps a day back to 4,200 steps');
    expect(first.body.goal).toEqual({ id: steps, clientId: c.id, currentValue: 4200, progress: 42 });
    const marked = first.body.checkIn.progressUpdates.find((u) => u.goalId === steps)!;
    expect(typeof marked.undoneAt).toBe('string');
    expect(first.body.checkIn.progressUpdates.filter((u) => u.undoneAt)).toHaveLength(1);
    expect((await goalsOf(accessToken, c.id)).get(steps)).toMatchObject({ currentValue: 4200, progress: 42 });
    const history = await e.db<{ source: string; value: number }[]>`select source, value::float as value from goal_progress_history where goal_id = ${steps} order by created_at desc limit 1`;
    expect(history[0]).toEqual({ source: 'coach', value: 4200 });
    await eventually(async () => live.events, (e) => e.some((x) => x.event === 'goalProgressUpdated' && x.payload.goalId === steps), 5000, 'goalProgressUpdated');
    const profileEvent = await eventually(
      async () => live.events.filter((x) => x.event === 'clientProfileUpdated'),
      (e) => e.some((x) => (x.payload.checkIn as CheckInDto | undefined)?.id === id),
      5000,
      'clientProfileUpdated',
    );
    expect((profileEvent.at(-1)!.payload.checkIn as CheckInDto).progressUpdates[0]!.undoneAt).toBeDefined();
    live.close();

    // Twice: refused, the goal untouched.
    const again = await undo(accessToken, id, steps);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(U.alreadyUndone);

    // A change that reached the target: undone, the target is no longer reached.
    const reached = await undo(accessToken, id, run);
    expect(reached.status, JSON.stringify(reached.body)).toBe(200);
    expect(reached.body.goal).toMatchObject({ currentValue: 15, progress: 75 });
    expect(reached.body.message).toBe('Run 20 km back to 15 km');

    // The coach moved the money goal since: the newer value is kept.
    await setValue(accessToken, money, 180);
    const stale = await undo(accessToken, id, money);
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(U.changedSince('Save 500 quid', '£180'));
    expect((await goalsOf(accessToken, c.id)).get(money)).toMatchObject({ currentValue: 180 });
    const [row] = await e.db<{ progress_updates: { goalId: string; undoneAt?: string }[] }[]>`select progress_updates from check_ins where id = ${id}`;
    expect(row!.progress_updates.find((u) => u.goalId === money)!.undoneAt).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import type { CheckInChanged, CheckInPreview } from '@/lib/schemas/checkins';
import { COACH_MESSAGE_MAX_CHARS, SMS_TEXTS } from '@/lib/sms';
import { createClient, createGoal } from './engine-helpers';
import { engineSuite } from './engine-stack';
import { signedInUser, type ErrorBody } from './helpers-auth';

/**
 * The send dialog's calls (decision 0075): a preview that sends nothing but is an AI interaction,
 * then initiate with the chosen goals and the coach's text, sent verbatim.
 */

const e = engineSuite({ OPENAI_MODEL: 'gpt-4o-mini' });

const coach = () => signedInUser(e.request, e.stack.outboxDir);

/** A client with three progress goals. */
async function clientWithGoals(token: string, firstName: string) {
  const c = await createClient(e.request, token, { firstName, goal: { title: `${firstName} walks 100 km`, target: 100, unit: 'km' } });
  const read = await createGoal(e.request, token, c.id, { title: `${firstName} reads 12 books`, target: 12, unit: 'books' });
  const sleep = await createGoal(e.request, token, c.id, { title: `${firstName} sleeps 8 hours`, target: 30, unit: 'nights' });
  return { ...c, goals: [c.goalId!, read, sleep] };
}

describe('POST /checkins/ai/preview', () => {
  it('answers the AI message, its goals and the consent notice, sends nothing, and counts one AI interaction', async () => {
    const { accessToken, user } = await coach();
    const c = await clientWithGoals(accessToken, 'Previewa');
    const res = await e.request<CheckInPreview>('POST', '/checkins/ai/preview', { token: accessToken, body: { clientId: c.id, goalIds: [c.goals[0], c.goals[2]] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.goals.map((g) => g.id)).toEqual([c.goals[0], c.goals[2]]);
    expect(res.body.message).toBe('Hi Previewa, how did Previewa walks 100 km and Previewa sleeps 8 hours go this week?');
    expect(res.body.consentNotice).toBe(SMS_TEXTS.consentNotice(`${user.firstName} ${user.lastName}`.trim() || user.username));
    // The AI saw only the chosen goals.
    const [asked] = e.ai.requestsFor('Previewa', 'compose');
    expect(asked!.text).not.toContain('reads 12 books');
    expect(e.sms.to(c.phone)).toHaveLength(0);
    expect(await e.db`select id from check_ins where client_id = ${c.id}`).toHaveLength(0);
    const usage = await e.db<{ operation: string }[]>`select operation from api_usage where user_id = ${user.id} and service = 'openai'`;
    expect(usage.map((u) => u.operation)).toEqual(['checkin.compose']);
  });

  it('refuses bad input with the field, other coaches’ clients and goals with 404, and past the quota with 403', async () => {
    const { accessToken, user } = await coach();
    const c = await clientWithGoals(accessToken, 'Previewb');
    const empty = await e.request<ErrorBody>('POST', '/checkins/ai/preview', { token: accessToken, body: { clientId: c.id, goalIds: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toContainEqual({ field: 'goalIds', message: 'Choose at least one goal' });
    const badId = await e.request<ErrorBody>('POST', '/checkins/ai/preview', { token: accessToken, body: { clientId: c.id, goalIds: ['nope'] } });
    expect(badId.status).toBe(400);
    expect(badId.body.details?.[0]?.field).toBe('goalIds.0');

    const other = await coach();
    const theirs = await clientWithGoals(other.accessToken, 'Previewc');
    expect((await e.request('POST', '/checkins/ai/preview', { token: other.accessToken, body: { clientId: c.id } })).status).toBe(404);
    const foreignGoal = await e.request<ErrorBody>('POST', '/checkins/ai/preview', { token: accessToken, body: { clientId: c.id, goalIds: [c.goals[0], theirs.goals[0]] } });
    expect(foreignGoal.status).toBe(404);
    expect(foreignGoal.body.details?.[0]?.field).toBe('goalIds');

    await e.db`update goals set status = 'completed' where id = ${c.goals[1]!}`;
    expect((await e.request('POST', '/checkins/ai/preview', { token: accessToken, body: { clientId: c.id, goalIds: [c.goals[1]] } })).status).toBe(409);

    await e.db`insert into api_usage (user_id, service, operation, status, response_ms) select ${user.id}, 'openai', 'checkin.compose', 'success', 100 from generate_series(1, 20)`;
    const quota = await e.request<ErrorBody & { requiredAction?: string }>('POST', '/checkins/ai/preview', { token: accessToken, body: { clientId: c.id } });
    expect(quota.status).toBe(403);
    expect(quota.body).toMatchObject({ error: 'PLAN_LIMIT_REACHED', requiredAction: 'upgrade_plan' });
    expect(e.ai.requestsFor('Previewb')).toHaveLength(0);
  });
});

describe('POST /checkins/ai/initiate with goalIds and message', () => {
  it('sends the edited text verbatim (after the consent notice on the first text), without an AI call', async () => {
    const { accessToken, user } = await coach();
    const c = await clientWithGoals(accessToken, 'Editeda');
    const text = 'Hi Editeda, Dana here: how were the 100 km and the sleep this week? One number each is plenty.';
    const sent = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, goalIds: [c.goals[0], c.goals[2]], message: `  ${text}  ` } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    // Several goals: a check-in about every active goal but the one left out.
    expect(sent.body.checkIn).toMatchObject({ status: 'sent', isGlobalCheckIn: true, goal: null, cancelledGoals: [c.goals[1]] });
    const notice = SMS_TEXTS.consentNotice(`${user.firstName} ${user.lastName}`.trim() || user.username);
    expect(e.sms.to(c.phone).map((m) => m.body)).toEqual([`${notice}\n\n${text}`]);
    expect(sent.body.checkIn.aiMessage).toBe(`${notice}\n\n${text}`);
    expect(e.ai.requestsFor('Editeda')).toHaveLength(0);

    // The second text to the number has no notice; one goal is a goal check-in.
    const again = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, goalIds: [c.goals[1]], message: 'Books: how many so far?' } });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.checkIn).toMatchObject({ isGlobalCheckIn: false, goal: { id: c.goals[1] } });
    expect(e.sms.to(c.phone).at(-1)!.body).toBe('Books: how many so far?');
  });

  it('keeps goalId and no message working (the AI writes it), and validates the new fields', async () => {
    const { accessToken } = await coach();
    const c = await clientWithGoals(accessToken, 'Editedb');
    const byGoalId = await e.request<CheckInChanged>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, goalId: c.goals[1] } });
    expect(byGoalId.status, JSON.stringify(byGoalId.body)).toBe(200);
    expect(e.ai.requestsFor('Editedb', 'compose')).toHaveLength(1);

    const cases: [Record<string, unknown>, string, string][] = [
      [{ message: '   ' }, 'message', 'The message is empty'],
      [{ message: 'x'.repeat(COACH_MESSAGE_MAX_CHARS + 1) }, 'message', `The message is longer than ${COACH_MESSAGE_MAX_CHARS} characters`],
      [{ goalId: c.goals[0], goalIds: [c.goals[1]] }, 'goalIds', 'Send either goalId or goalIds, not both'],
      [{ goalIds: [] }, 'goalIds', 'Choose at least one goal'],
    ];
    for (const [body, field, message] of cases) {
      const res = await e.request<ErrorBody>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, ...body } });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.details).toContainEqual({ field, message });
    }
    expect(e.sms.to(c.phone)).toHaveLength(1);
  });

  it('keeps the hourly limit for written messages and refuses an opted-out client', async () => {
    const { accessToken } = await coach();
    const c = await clientWithGoals(accessToken, 'Editedc');
    for (let i = 0; i < 6; i++) {
      const res = await e.request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, message: `Note ${i}` } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const limited = await e.request('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: c.id, message: 'One more' } });
    expect(limited.status).toBe(429);

    const d = await clientWithGoals(accessToken, 'Editedd');
    await e.db`update clients set sms_opted_out = true where id = ${d.id}`;
    const refused = await e.request<ErrorBody>('POST', '/checkins/ai/initiate', { token: accessToken, body: { clientId: d.id, message: 'Hello?' } });
    expect(refused.status).toBe(409);
    expect(e.sms.to(d.phone)).toHaveLength(0);
  });
});

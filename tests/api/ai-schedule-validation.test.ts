import { afterAll, describe, expect, inject, it } from 'vitest';
import type { AiSchedule } from '@/lib/schemas/ai-schedule';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { createClient, newCoach } from './helpers-workspace';

/**
 * What an AI schedule refuses beyond product §2.5's own messages: a prompt placeholder the writer
 * does not fill (it reached the client with its braces), the same time twice (merged silently into
 * one check-in) and an empty time ("Invalid time format: ." quoted nothing). Both save paths take
 * the same schema, so both are asked.
 */

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const PATHS = ['/ai-schedule/create', '/ai/schedule-check-in'] as const;

async function sender() {
  const coach = await newCoach(request, outboxDir, db);
  const c = await createClient(request, coach, { timezone: 'America/New_York' });
  return (path: string, body: Record<string, unknown>) => request<ErrorBody & { schedule?: AiSchedule } & Partial<AiSchedule>>('POST', path, { token: coach.token, body: { clientId: c.id, ...body } });
}

describe.each(PATHS)('POST %s refuses', (path) => {
  it('an unknown placeholder in the prompt template, naming the ones it takes', async () => {
    const send = await sender();
    const res = await send(path, { promptTemplate: 'Hi {firstname}, how is {goal_title}?' });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    const message = 'Unknown placeholders {firstname}, {goal_title}: use {firstName}, {goal} or {progress}';
    expect(res.body.message).toBe(message);
    expect(res.body.details).toEqual([{ field: 'promptTemplate', message }]);

    const one = await send(path, { promptTemplate: 'Hi {name}!' });
    expect(one.status).toBe(400);
    expect(one.body.message).toBe('Unknown placeholder {name}: use {firstName}, {goal} or {progress}');
  });

  it('takes every known placeholder, and text without any', async () => {
    const send = await sender();
    for (const promptTemplate of ['Hi {firstName}! How is {goal} going? You are at {progress}.', 'How did the week go?', '']) {
      const res = await send(path, { promptTemplate });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });

  it('the same time twice, on the later slot', async () => {
    const send = await sender();
    const res = await send(path, { timeSlots: [{ time: '10:00' }, { time: '14:00' }, { time: '10:00' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe('Each time can be chosen once');
    expect(res.body.details).toEqual([{ field: 'timeSlots.2.time', message: 'Each time can be chosen once' }]);
  });

  it('an empty time with a message of its own', async () => {
    const send = await sender();
    const res = await send(path, { timeSlots: [{ time: '09:00' }, { time: '  ' }] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.details).toEqual([{ field: 'timeSlots.1.time', message: 'Please enter a time (HH:MM)' }]);
  });
});

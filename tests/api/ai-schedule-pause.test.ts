import { afterAll, describe, expect, inject, it } from 'vitest';
import { AI_PREVIEWS_PER_HOUR } from '@/lib/constants';
import type { AiSchedule } from '@/lib/schemas/ai-schedule';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { createClient, createGoal, getClient, newCoach, type Coach } from './helpers-workspace';

/**
 * Pausing and resuming an AI schedule over HTTP, and the hourly limit of AI previews (decision
 * 0079). What the engine plans around a pause, with its clock moved, is in scheduler.test.ts.
 */

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

type Saved = { success: boolean; message: string; schedule: AiSchedule };

const pause = (coach: Coach, id: string) => request<Saved & ErrorBody>('POST', `/ai-schedule/${id}/pause`, { token: coach.token });
const resume = (coach: Coach, id: string) => request<Saved & ErrorBody>('POST', `/ai-schedule/${id}/resume`, { token: coach.token });

/** A schedule every day at noon, so it always has check-ins ahead whatever the clock says. */
async function dailySchedule(coach: Coach, clientId: string, body: Record<string, unknown> = {}): Promise<AiSchedule> {
  const res = await request<Saved>('POST', '/ai/schedule-check-in', {
    token: coach.token,
    body: { clientId, frequency: 'daily', timeSlots: [{ time: '12:00' }], promptTemplate: 'Hi {firstName}!', ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.schedule;
}

const aiUpcoming = async (coach: Coach, clientId: string) => (await getClient(request, coach, clientId)).upcomingCheckIns.filter((u) => u.source === 'ai');

describe('POST /ai-schedule/{id}/pause and /resume', () => {
  it('pause keeps the schedule with its data but nothing upcoming; resume brings the check-ins back; both are idempotent', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { timezone: 'Europe/Paris' });
    const created = await dailySchedule(coach, c.id);
    expect(created).toMatchObject({ paused: false, pausedAt: null });
    expect(created.nextCheckIns.length).toBeGreaterThan(0);
    expect((await aiUpcoming(coach, c.id)).length).toBeGreaterThan(0);

    const paused = await pause(coach, created.id);
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body).toMatchObject({ success: true, message: 'Schedule paused' });
    expect(paused.body.schedule).toMatchObject({
      id: created.id,
      active: true,
      paused: true,
      nextCheckIns: [],
      timeSlots: [{ time: '12:00' }],
      frequency: 'daily',
      clientTimezone: 'Europe/Paris',
      promptTemplate: 'Hi {firstName}!',
    });
    expect(paused.body.schedule.pausedAt).toEqual(expect.any(String));
    const again = await pause(coach, created.id);
    expect(again.status).toBe(200);
    expect(again.body.schedule.pausedAt).toBe(paused.body.schedule.pausedAt);

    // Still listed (paused, not deleted); the client projects nothing from it.
    const listed = await request<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/client/${c.id}`, { token: coach.token });
    expect(listed.body.schedules).toEqual([expect.objectContaining({ id: created.id, paused: true, nextCheckIns: [] })]);
    expect(await aiUpcoming(coach, c.id)).toEqual([]);
    // Editing a paused schedule keeps it paused.
    const edited = await dailySchedule(coach, c.id, { timeSlots: [{ time: '13:30' }] });
    expect(edited).toMatchObject({ id: created.id, paused: true, timeSlots: [{ time: '13:30' }], nextCheckIns: [] });

    const resumed = await resume(coach, created.id);
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body).toMatchObject({ message: 'Schedule resumed', schedule: { paused: false, pausedAt: null, timeSlots: [{ time: '13:30' }] } });
    expect(resumed.body.schedule.nextCheckIns.length).toBeGreaterThan(0);
    expect((await resume(coach, created.id)).status).toBe(200);
    const upcoming = await aiUpcoming(coach, c.id);
    expect(upcoming.length).toBeGreaterThan(0);
    expect(upcoming.every((u) => u.time === '13:30')).toBe(true);
  });

  it("pauses a goal's schedule alone, and answers 404 for another coach's schedule, an unknown or deleted one, 400 for a bad id", async () => {
    const coach = await newCoach(request, outboxDir, db);
    const stranger = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const goal = await createGoal(request, coach, c.id);
    const all = await dailySchedule(coach, c.id);
    const own = await dailySchedule(coach, c.id, { goalId: goal._id, timeSlots: [{ time: '18:00' }] });
    expect((await pause(coach, own.id)).body.schedule.paused).toBe(true);
    const listed = await request<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/client/${c.id}`, { token: coach.token });
    expect(Object.fromEntries(listed.body.schedules.map((s) => [s.id, s.paused]))).toEqual({ [all.id]: false, [own.id]: true });

    for (const call of [pause, resume]) {
      const res = await call(stranger, all.id);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Schedule not found');
      expect((await call(coach, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
      expect((await call(coach, 'not-a-uuid')).status).toBe(400);
    }
    // The stranger changed nothing.
    expect((await request<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/goal/${goal._id}`, { token: coach.token })).body.schedules[0]!.paused).toBe(true);
    expect((await request('DELETE', `/ai-schedule/${all.id}`, { token: coach.token })).status).toBe(200);
    expect((await pause(coach, all.id)).status).toBe(404);
    expect((await resume(coach, all.id)).status).toBe(404);
  });
});

describe('the hourly limit of AI previews', () => {
  it(`refuses a coach's preview past ${AI_PREVIEWS_PER_HOUR} an hour with 429, Retry-After and a message, milestone generations counted alike`, async () => {
    const coach = await newCoach(request, outboxDir, db, { plan: 'full' });
    const other = await newCoach(request, outboxDir, db, { plan: 'full' });
    const c = await createClient(request, coach);
    const goal = await createGoal(request, coach, c.id);
    // All but one of the hour's previews were asked for ten minutes ago (asking 59 of the AI here would only be slow).
    await db`insert into rate_limit_hits (key, window_start, count) values (${`ai-preview:coach:${coach.id}`}, now() - interval '10 minutes', ${AI_PREVIEWS_PER_HOUR - 1})`;
    const last = await request('POST', '/checkins/ai/preview', { token: coach.token, body: { clientId: c.id } });
    expect(last.status, JSON.stringify(last.body)).toBe(200);

    const refused = await request<ErrorBody>('POST', '/checkins/ai/preview', { token: coach.token, body: { clientId: c.id } });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('RATE_LIMITED');
    expect(refused.body.message).toMatch(new RegExp(`^Too many AI previews this hour \\(at most ${AI_PREVIEWS_PER_HOUR}; .*\\)\\. Please try again in (49|50) minutes\\.$`));
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(49 * 60 - 30);
    expect(retryAfter).toBeLessThanOrEqual(50 * 60);
    const milestones = await request<ErrorBody>('POST', `/goals/${goal._id}/generate-milestones`, { token: coach.token });
    expect(milestones.status).toBe(429);
    expect(milestones.headers.get('retry-after')).toBeTruthy();
    // The refused calls were not counted, nor metered as AI interactions beyond the one that ran.
    const [hits] = await db<{ n: number }[]>`select sum(count)::int as n from rate_limit_hits where key = ${`ai-preview:coach:${coach.id}`}`;
    expect(hits!.n).toBe(AI_PREVIEWS_PER_HOUR);
    // Another coach's allowance is their own.
    const theirs = await createClient(request, other);
    expect((await request('POST', '/checkins/ai/preview', { token: other.token, body: { clientId: theirs.id } })).status).toBe(200);
  });
});

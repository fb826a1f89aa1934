import { afterAll, describe, expect, inject, it } from 'vitest';
import { WEEKDAYS } from '@/lib/constants';
import type { AiSchedule } from '@/lib/schemas/ai-schedule';
import { weekdayOf } from '@/lib/schedule-slots';
import { zonedParts } from '@/lib/zoned-time';
import { client } from '../helpers/http';
import { openDb } from './helpers-auth';
import { createClient, getClient, newCoach } from './helpers-workspace';

/**
 * `daily` and `weekdays` name their days (decision 0110): a schedule stores and answers the days
 * it runs on, and its next check-ins and the client's projected ones fall only on them. The server's
 * clock cannot be set over HTTP, so nothing here is computed from today: the days expected are
 * fixed, and each instant answered is checked against the days answered, which holds whatever day
 * and hour the file runs. The plan at pinned instants (a Saturday, a Sunday) is in scheduler.test.ts.
 */

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const ZONE = 'America/New_York';
const EVERY_DAY = [...WEEKDAYS];
const MONDAY_TO_FRIDAY = WEEKDAYS.slice(0, 5);

/** The weekday name of an instant in the schedule's zone. */
const localWeekday = (at: string) => WEEKDAYS[weekdayOf(zonedParts(ZONE, new Date(at)).date)]!;

async function create(body: Record<string, unknown>) {
  const coach = await newCoach(request, outboxDir, db);
  const c = await createClient(request, coach, { timezone: ZONE });
  // Four slots a day, around the clock: whatever the hour, some of them are still ahead today.
  // Spec 02 §3: the answer is the schedule itself.
  const res = await request<AiSchedule>('POST', '/ai-schedule/create', { token: coach.token, body: { clientId: c.id, timeSlots: ['00:30', '06:30', '12:30', '18:30'], ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { coach, clientId: c.id, schedule: res.body };
}

describe('POST /ai-schedule/create with a named frequency', () => {
  it('daily: stores and answers every day of the week, and plans only on the days it answers', async () => {
    const { coach, clientId, schedule } = await create({ frequency: 'daily' });
    expect(schedule).toMatchObject({ frequency: 'daily', customDays: EVERY_DAY, clientTimezone: ZONE });
    expect(schedule.nextCheckIns).toHaveLength(5);
    for (const at of schedule.nextCheckIns) expect(schedule.customDays).toContain(localWeekday(at));

    const [row] = await db<{ custom_days: string[] }[]>`select custom_days from schedules where id = ${schedule.id}`;
    expect(row!.custom_days).toEqual(EVERY_DAY);
    const listed = await request<{ schedules: AiSchedule[] }>('GET', `/ai-schedule/client/${clientId}`, { token: coach.token });
    expect(listed.body.schedules).toEqual([expect.objectContaining({ id: schedule.id, frequency: 'daily', customDays: EVERY_DAY })]);

    // The client's projected check-ins from it fall on those days too.
    const planned = (await getClient(request, coach, clientId)).upcomingCheckIns.filter((u) => u.source === 'ai');
    expect(planned.length).toBeGreaterThan(0);
    for (const u of planned) expect(schedule.customDays).toContain(WEEKDAYS[weekdayOf(u.date)]);
  });

  it('daily: days sent along do not narrow it; the answer says every day', async () => {
    const { schedule } = await create({ frequency: 'daily', customDays: ['monday', 'wednesday'] });
    expect(schedule.customDays).toEqual(EVERY_DAY);
    for (const at of schedule.nextCheckIns) expect(schedule.customDays).toContain(localWeekday(at));
  });

  it('weekdays: Monday to Friday whatever days are sent, and never a check-in at the weekend', async () => {
    const { coach, clientId, schedule } = await create({ frequency: 'weekdays', customDays: ['saturday'] });
    expect(schedule).toMatchObject({ frequency: 'weekdays', customDays: MONDAY_TO_FRIDAY });
    expect(schedule.nextCheckIns).toHaveLength(5);
    for (const at of schedule.nextCheckIns) expect(MONDAY_TO_FRIDAY).toContain(localWeekday(at));
    const planned = (await getClient(request, coach, clientId)).upcomingCheckIns.filter((u) => u.source === 'ai');
    expect(planned.length).toBeGreaterThan(0);
    for (const u of planned) expect(MONDAY_TO_FRIDAY).toContain(WEEKDAYS[weekdayOf(u.date)]);
  });

  it('custom keeps the chosen days (Monday to Friday when none are sent)', async () => {
    expect((await create({ frequency: 'custom', customDays: ['sunday', 'tuesday'] })).schedule.customDays).toEqual(['tuesday', 'sunday']);
    expect((await create({})).schedule).toMatchObject({ frequency: 'custom', customDays: MONDAY_TO_FRIDAY });
  });
});

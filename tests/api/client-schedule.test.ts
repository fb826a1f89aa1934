import { afterAll, describe, expect, inject, it } from 'vitest';
import type { ClientList, DayToggled, SlotAdded, SlotRemoved } from '@/lib/schemas/clients';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { clientGoals, createClient, createGoal, getClient, insertCheckIns, newCoach, DAY_MS, type Coach } from './helpers-workspace';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const addSlot = (coach: Coach, clientId: string, body: Record<string, unknown>) =>
  request<SlotAdded & ErrorBody>('POST', `/clients/${clientId}/schedule-checkin`, { token: coach.token, body });
const removeSlot = (coach: Coach, clientId: string, body: Record<string, unknown>) =>
  request<SlotRemoved & ErrorBody>('POST', `/clients/${clientId}/remove-checkin`, {
    token: coach.token,
    body,
  });
const toggleDay = (coach: Coach, clientId: string, body: Record<string, unknown>) =>
  request<DayToggled & ErrorBody>('POST', `/clients/${clientId}/toggle-checkin`, { token: coach.token, body });

describe('POST /clients/{id}/schedule-checkin', () => {
  it('adds a slot to the day, sorted by time, and the client shows it', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const first = await addSlot(coach, c.id, { dayIndex: 3, time: '14:30' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.success).toBe(true);
    expect(first.body.slot).toEqual({ id: expect.any(String), time: '14:30', enabled: true });
    expect(first.body.schedule).toEqual({ '3': [first.body.slot] });
    expect(first.body.checkInSchedule).toEqual(first.body.schedule);

    const second = await addSlot(coach, c.id, { dayIndex: 3, time: '08:15' });
    expect(second.status).toBe(200);
    expect(second.body.schedule['3']!.map((s) => s.time)).toEqual(['08:15', '14:30']);
    // The same time on another day is another slot.
    expect((await addSlot(coach, c.id, { dayIndex: 0, time: '14:30' })).status).toBe(200);

    const fetched = await getClient(request, coach, c.id);
    expect(fetched.checkInSchedule['3']!.map((s) => s.time)).toEqual(['08:15', '14:30']);
    expect(fetched.checkInSchedule['0']!.map((s) => s.time)).toEqual(['14:30']);
    expect(fetched.weeklyCheckIns[3]!.times).toEqual(['08:15', '14:30']);
  });

  it('refuses the same time twice on one day (409)', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [1] }] });
    const res = await addSlot(coach, c.id, { dayIndex: 1, time: '09:00' });
    expect(res.status).toBe(409);
    expect(res.body.error).toBe('CONFLICT');
    expect(res.body.details?.[0]?.field).toBe('time');
    expect((await getClient(request, coach, c.id)).checkInSchedule['1']).toHaveLength(1);
  });

  it.each([
    [{ dayIndex: 1, time: '25:00' }],
    [{ dayIndex: 1, time: '12:60' }],
    [{ dayIndex: 1, time: '9:00' }],
    [{ dayIndex: 1 }],
    [{ dayIndex: 7, time: '09:00' }],
    [{ dayIndex: -1, time: '09:00' }],
    [{ dayIndex: 1.5, time: '09:00' }],
    [{ dayIndex: '1', time: '09:00' }],
    [{ time: '09:00' }],
  ])('refuses %j (400)', async (body) => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const res = await addSlot(coach, c.id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error).toBe('VALIDATION_ERROR');
    expect((await getClient(request, coach, c.id)).checkInSchedule).toEqual({});
  });
});

describe('POST /clients/{id}/remove-checkin', () => {
  it('removes a slot by its id and answers the remaining ones', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [2] }, { time: '17:00', days: [2, 4] }] });
    const [morning, evening] = c.checkInSchedule['2']!;
    const res = await removeSlot(coach, c.id, { dayIndex: 2, checkInId: morning!.id, time: '09:00' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.remainingCheckIns).toEqual([evening]);
    expect(res.body.checkInSchedule['2']).toEqual([evening]);
    expect(res.body.checkInSchedule['4']).toEqual(c.checkInSchedule['4']);
    expect((await getClient(request, coach, c.id)).checkInSchedule['2']).toEqual([evening]);

    // The last slot of a day takes the day with it.
    const last = await removeSlot(coach, c.id, { dayIndex: 2, checkInId: evening!.id });
    expect(last.status).toBe(200);
    expect(last.body.remainingCheckIns).toEqual([]);
    expect(Object.keys(last.body.checkInSchedule)).toEqual(['4']);
  });

  it('removes by time when the id is not a known slot', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [5] }, { time: '10:00', days: [5] }] });
    const res = await removeSlot(coach, c.id, { dayIndex: 5, checkInId: 'legacy-id', time: '10:00' });
    expect(res.status).toBe(200);
    expect(res.body.remainingCheckIns!.map((s) => s.time)).toEqual(['09:00']);
  });

  it('answers 404 for a slot that does not exist, and changes nothing', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [5] }] });
    const slotId = c.checkInSchedule['5']![0]!.id;
    expect((await removeSlot(coach, c.id, { dayIndex: 5, checkInId: 'nope' })).status).toBe(404);
    expect((await removeSlot(coach, c.id, { dayIndex: 5, checkInId: 'nope', time: '11:00' })).status).toBe(404);
    // A slot id of another day.
    expect((await removeSlot(coach, c.id, { dayIndex: 4, checkInId: slotId })).status).toBe(404);
    expect((await getClient(request, coach, c.id)).checkInSchedule).toEqual(c.checkInSchedule);
  });

  it('refuses a bad day index or a missing slot id (400)', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [5] }] });
    expect((await removeSlot(coach, c.id, { dayIndex: 7, checkInId: c.checkInSchedule['5']![0]!.id })).status).toBe(400);
    expect((await removeSlot(coach, c.id, { dayIndex: 5 })).status).toBe(400);
  });
});

describe('POST /clients/{id}/toggle-checkin', () => {
  it('switches one slot named by its id, leaving the others of the day', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [1] }, { time: '18:00', days: [1] }] });
    const evening = c.checkInSchedule['1']!.find((s) => s.time === '18:00')!;
    const off = await toggleDay(coach, c.id, { dayIndex: 1, checkInId: evening.id });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.schedule['1']!.map((s) => [s.time, s.enabled])).toEqual([['09:00', true], ['18:00', false]]);
    const on = await toggleDay(coach, c.id, { dayIndex: 1, checkInId: evening.id });
    expect(on.body.schedule['1']!.map((s) => s.enabled)).toEqual([true, true]);
    expect((await toggleDay(coach, c.id, { dayIndex: 1, checkInId: 'nope' })).status).toBe(404);
  });

  it('switches every slot of the day off, then on again', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [1, 6] }, { time: '18:00', days: [1] }] });
    const off = await toggleDay(coach, c.id, { dayIndex: 1 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body.schedule['1']!.map((s) => s.enabled)).toEqual([false, false]);
    expect(off.body.schedule['6']!.map((s) => s.enabled)).toEqual([true]);
    expect(off.body.checkInSchedule).toEqual(off.body.schedule);
    let fetched = await getClient(request, coach, c.id);
    expect(fetched.checkInSchedule['1']!.map((s) => s.enabled)).toEqual([false, false]);
    // A day switched off has no times in the bubble row.
    expect(fetched.weeklyCheckIns[1]!.times).toEqual([]);
    expect(fetched.weeklyCheckIns[1]!.status).toBe('none');

    const on = await toggleDay(coach, c.id, { dayIndex: 1 });
    expect(on.body.schedule['1']!.map((s) => s.enabled)).toEqual([true, true]);
    fetched = await getClient(request, coach, c.id);
    expect(fetched.weeklyCheckIns[1]!.times).toEqual(['09:00', '18:00']);
    // The slot ids survive the round trip.
    expect(fetched.checkInSchedule['1']!.map((s) => s.id)).toEqual(c.checkInSchedule['1']!.map((s) => s.id));
  });

  it('answers 404 for a day without slots and 400 for a bad day', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [1] }] });
    expect((await toggleDay(coach, c.id, { dayIndex: 2 })).status).toBe(404);
    expect((await toggleDay(coach, c.id, { dayIndex: 7 })).status).toBe(400);
    expect((await toggleDay(coach, c.id, {})).status).toBe(400);
  });
});

describe('per-goal schedules (goalId)', () => {
  it("edits the goal's own schedule and leaves the client's alone", async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { scheduledCheckIns: [{ time: '09:00', days: [0] }] });
    const goal = await createGoal(request, coach, c.id);

    const added = await addSlot(coach, c.id, { dayIndex: 0, time: '09:00', goalId: goal.id });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body.schedule).toEqual({ '0': [added.body.slot] });
    await addSlot(coach, c.id, { dayIndex: 4, time: '12:00', goalId: goal.id });

    const goalSchedule = () => clientGoals(request, coach, c.id).then((gs) => gs.find((g) => g.id === goal.id)!.checkInSchedule);
    expect(Object.keys(await goalSchedule()).sort()).toEqual(['0', '4']);
    expect((await getClient(request, coach, c.id)).checkInSchedule).toEqual(c.checkInSchedule);

    const toggled = await toggleDay(coach, c.id, { dayIndex: 4, goalId: goal.id });
    expect(toggled.status).toBe(200);
    expect((await goalSchedule())['4']![0]!.enabled).toBe(false);

    const removed = await removeSlot(coach, c.id, { dayIndex: 0, checkInId: added.body.slot.id, goalId: goal.id });
    expect(removed.status).toBe(200);
    expect(removed.body.remainingCheckIns).toEqual([]);
    expect(Object.keys(await goalSchedule())).toEqual(['4']);
    // The client's own 09:00 Monday slot was never touched.
    expect((await getClient(request, coach, c.id)).checkInSchedule).toEqual(c.checkInSchedule);
  });

  it('answers 404 for a goal of another client and changes neither schedule', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const a = await createClient(request, coach);
    const b = await createClient(request, coach);
    const goalOfB = await createGoal(request, coach, b.id);
    const before = await addSlot(coach, b.id, { dayIndex: 2, time: '07:00', goalId: goalOfB.id });
    expect(before.status).toBe(200);

    expect((await addSlot(coach, a.id, { dayIndex: 2, time: '08:00', goalId: goalOfB.id })).status).toBe(404);
    expect((await toggleDay(coach, a.id, { dayIndex: 2, goalId: goalOfB.id })).status).toBe(404);
    expect((await removeSlot(coach, a.id, { dayIndex: 2, checkInId: before.body.slot.id, goalId: goalOfB.id })).status).toBe(404);

    expect((await getClient(request, coach, a.id)).checkInSchedule).toEqual({});
    const goals = await clientGoals(request, coach, b.id);
    expect(goals[0]!.checkInSchedule).toEqual({ '2': [before.body.slot] });
  });

  it('answers 404 for an unknown goal and 400 for a malformed goal id', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    expect((await addSlot(coach, c.id, { dayIndex: 2, time: '08:00', goalId: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await addSlot(coach, c.id, { dayIndex: 2, time: '08:00', goalId: 'goal-1' })).status).toBe(400);
    expect((await getClient(request, coach, c.id)).checkInSchedule).toEqual({});
  });
});

/**
 * The bubble row of the week in the coach's zone. The zone is picked so that today is not Monday
 * (there is a past day this week), from zones without daylight saving so the test can do its own
 * arithmetic.
 */
const FIXED_ZONES: Record<string, number> = { 'Pacific/Pago_Pago': -11 * 60, UTC: 0, 'Asia/Tokyo': 9 * 60, 'Pacific/Kiritimati': 14 * 60 };

function localToday(zone: string, now: number) {
  const shifted = new Date(now + FIXED_ZONES[zone]! * 60_000);
  const date = shifted.toISOString().slice(0, 10);
  const minutes = shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
  return { date, weekday: (shifted.getUTCDay() + 6) % 7, minutes };
}

/** The instant of a local wall-clock time in one of the fixed zones. */
const localInstant = (zone: string, date: string, time = '00:00', seconds = 0) => new Date(Date.parse(`${date}T${time}:00Z`) - FIXED_ZONES[zone]! * 60_000 + seconds * 1000);
const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);

describe('weeklyCheckIns bubbles', () => {
  it('shows check-in statuses on their days, pending from today on, missed before, nothing for held clients', async () => {
    const now = Date.now();
    // The zone where today is furthest into the week, away from midnight (the test must not straddle a day).
    const zone = Object.keys(FIXED_ZONES)
      .map((z) => ({ z, ...localToday(z, now) }))
      .filter((x) => x.minutes > 2 && x.minutes < 24 * 60 - 3)
      .sort((a, b) => b.weekday - a.weekday)[0]!;
    const t = zone.weekday;
    expect(t, `today in ${zone.z}`).toBeGreaterThan(0);
    const monday = addDays(zone.date, -t);
    const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));

    const coach = await newCoach(request, outboxDir, db, { plan: 'beta', timezone: zone.z });
    const everyDay = [{ time: '09:00', days: [0, 1, 2, 3, 4, 5, 6] }];
    const a = await createClient(request, coach, { firstName: 'A', scheduledCheckIns: everyDay });
    const b = await createClient(request, coach, { firstName: 'B', scheduledCheckIns: [{ time: '09:00', days: [0, 1, 2, 4, 5, 6] }] });
    const held = await createClient(request, coach, { firstName: 'C', scheduledCheckIns: everyDay });
    await createClient(request, coach, { firstName: 'D', scheduledCheckIns: everyDay });
    // Clients that existed before this week; D was created today.
    const twoWeeksAgo = new Date(now - 14 * DAY_MS);
    await db`update clients set created_at = ${twoWeeksAgo} where id in ${db([a.id, b.id, held.id])}`;
    expect((await request('POST', `/coach/clients/${held.id}/hold-checkins`, { token: coach.token })).status).toBe(200);

    const completedAt = localInstant(zone.z, week[0]!, '12:00');
    const todayEarly = localInstant(zone.z, week[t]!, '00:00', 30);
    const [completedId, noResponseId] = await insertCheckIns(db, [
      { coachId: coach.id, clientId: a.id, status: 'completed', sentAt: completedAt, respondedAt: completedAt, createdAt: completedAt },
      // Sent just after local midnight: in UTC that is another date for zones east of UTC.
      { coachId: coach.id, clientId: a.id, status: 'no_response', sentAt: todayEarly, createdAt: todayEarly },
      // The last minute of last week belongs to last week.
      { coachId: coach.id, clientId: b.id, status: 'completed', sentAt: localInstant(zone.z, monday, '00:00', -60), createdAt: twoWeeksAgo },
    ]);
    let scheduledId: string | undefined;
    if (t < 6) {
      const tomorrow = localInstant(zone.z, week[t + 1]!, '09:00');
      [scheduledId] = await insertCheckIns(db, [{ coachId: coach.id, clientId: a.id, status: 'scheduled', scheduledFor: tomorrow, createdAt: new Date(now) }]);
    }

    const res = await request<ClientList>('GET', '/coach/clients', { token: coach.token });
    expect(res.status).toBe(200);
    const byName = new Map(res.body.clients.map((c) => [c.firstName, c]));
    const row = (name: string) => byName.get(name)!.weeklyCheckIns;

    for (const name of ['A', 'B', 'C', 'D']) expect(row(name).map((d) => d.date), name).toEqual(week);

    const expectA = week.map((_, d) => (d === 0 ? 'completed' : d === t ? 'no_response' : d === t + 1 ? 'scheduled' : d < t ? 'missed' : 'pending'));
    expect(row('A').map((d) => d.status)).toEqual(expectA);
    expect(row('A')[0]!.checkInId).toBe(completedId);
    expect(row('A')[t]!.checkInId).toBe(noResponseId);
    if (scheduledId) expect(row('A')[t + 1]!.checkInId).toBe(scheduledId);
    expect(row('A').find((d) => d.status === 'pending' || d.status === 'missed')?.checkInId ?? null).toBeNull();

    // Day 3 has no slot for B.
    expect(row('B').map((d) => d.status)).toEqual(week.map((_, d) => (d === 3 ? 'none' : d < t ? 'missed' : 'pending')));
    expect(row('C').map((d) => d.status)).toEqual(Array(7).fill('none'));
    // Days before the client existed are not missed.
    expect(row('D').map((d) => d.status)).toEqual(week.map((_, d) => (d < t ? 'none' : 'pending')));

    // The same row on the single-client answer.
    expect((await getClient(request, coach, a.id)).weeklyCheckIns).toEqual(row('A'));

    // Resuming the held client brings its bubbles back.
    await request('POST', `/coach/clients/${held.id}/resume-checkins`, { token: coach.token });
    expect((await getClient(request, coach, held.id)).weeklyCheckIns.map((d) => d.status)).toEqual(week.map((_, d) => (d < t ? 'missed' : 'pending')));
  });
});

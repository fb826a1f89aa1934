import { addDays, zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { WEEKDAYS, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import type { ClientChanged, ClientList } from '@/lib/schemas/clients';
import { CLIENT_CONTACT_TAKEN } from '@/lib/schemas/workspace';
import { client } from '../helpers/http';
import { openDb, type ErrorBody } from './helpers-auth';
import { clientPayload, createClient, getClient, insertCheckIns, newCoach, DAY_MS, type ClientDto, type Coach } from './helpers-workspace';

const request = client(inject('baseUrl'));
const outboxDir = inject('outboxDir');
const db = openDb(inject('databaseUrl'));
afterAll(() => db.end());

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function clientCount(coach: Coach): Promise<number> {
  const [row] = await db<{ n: number }[]>`select count(*)::int as n from clients where coach_id = ${coach.id}`;
  return row!.n;
}

async function createExpecting(coach: Coach, status: number, overrides: Record<string, unknown>) {
  const res = await request<ErrorBody & { requiredAction?: string }>('POST', '/coach/clients', { token: coach.token, body: clientPayload(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  return res.body;
}

async function listClients(coach: Coach, archived = false): Promise<ClientDto[]> {
  const res = await request<ClientList>('GET', archived ? '/coach/archived-clients' : '/coach/clients', { token: coach.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.clients;
}

describe('POST /coach/clients', () => {
  it('creates a client (201) with its initial goal and its scheduled check-ins', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const res = await request<ClientChanged>('POST', '/coach/clients', {
      token: coach.token,
      body: clientPayload({
        firstName: ' Grace ',
        lastName: 'Hopper',
        email: 'Grace.Hopper-CREATE@Example.com',
        phone: '+15551234567',
        goalTitle: 'Lose 5 kg',
        goalType: 'progress',
        metric: 'kg',
        targetValue: 5,
        checkInFrequency: ['monday', 'wednesday'],
        checkInTime: '07:15',
        scheduledCheckIns: [
          { time: '18:30', days: [2] },
          { time: '09:00', days: [0, 2] },
        ],
      }),
    });
    const createdAt = Date.now();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.success).toBe(true);
    const c = res.body.client;
    expect(c.id).toMatch(UUID);
    expect(c._id).toBe(c.id);
    expect(c).toMatchObject({
      firstName: 'Grace',
      lastName: 'Hopper',
      username: 'Grace Hopper',
      email: 'grace.hopper-create@example.com',
      phone: '+15551234567',
      timezone: 'America/New_York',
      status: 'active',
      archived: false,
      checkInsHeld: false,
      profilePic: null,
      latestCheckIn: null,
      lastCheckInDate: null,
      lastResponseDate: null,
    });

    // Mon-Sun bubbles, one per day.
    expect(c.weeklyCheckIns).toHaveLength(7);
    expect(c.weeklyCheckIns.map((d) => d.dayIndex)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(c.weeklyCheckIns.map((d) => d.day)).toEqual([...WEEKDAYS]);
    for (const d of c.weeklyCheckIns) expect(d.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(new Date(`${c.weeklyCheckIns[0]!.date}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(c.weeklyCheckIns[1]!.times).toEqual([]);
    expect(c.weeklyCheckIns[2]!.times).toEqual(['09:00', '18:30']);

    // The schedule keyed by day index, slots sorted by time, each with an id.
    expect(Object.keys(c.checkInSchedule).sort()).toEqual(['0', '2']);
    expect(c.checkInSchedule['0']).toEqual([{ id: expect.stringMatching(UUID), time: '09:00', enabled: true }]);
    expect(c.checkInSchedule['2']!.map((s) => s.time)).toEqual(['09:00', '18:30']);
    expect(c.checkInSchedule['2']!.every((s) => s.enabled && UUID.test(s.id))).toBe(true);

    expect(c.goals).toHaveLength(1);
    expect(c.goals[0]).toMatchObject({
      title: 'Lose 5 kg',
      type: 'progress',
      target: 5,
      unit: 'kg',
      currentValue: 0,
      progress: 0,
      status: 'incomplete',
      archived: false,
      checkInFrequency: ['monday', 'wednesday'],
      checkInTime: '07:15',
      completedAt: null,
    });
    expect(c.goals[0]!._id).toBe(c.goals[0]!.id);
    // The frequency days are the goal's own weekly check-ins at the chosen time.
    expect(Object.keys(c.goals[0]!.checkInSchedule).sort()).toEqual(['0', '2']);
    expect(c.goals[0]!.checkInSchedule['0']).toEqual([{ id: expect.stringMatching(UUID), time: '07:15', enabled: true }]);

    // The five weekly slots (two of the goal, three of the client) show as upcoming at once, one
    // each within the week ahead, soonest first; none of them is a row yet.
    const weekday = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
    expect(c.upcomingCheckIns).toHaveLength(5);
    expect(c.upcomingCheckIns.map((u) => `${weekday(u.date)} ${u.time} ${u.goal?.title ?? 'all'} ${u.source}`).sort()).toEqual(
      ['0 07:15 Lose 5 kg goal', '0 09:00 all client', '2 07:15 Lose 5 kg goal', '2 09:00 all client', '2 18:30 all client'],
    );
    const instants = c.upcomingCheckIns.map((u) => Date.parse(u.scheduledFor));
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    // Within the week ahead in local time: up to the same wall-clock time seven local days on, which is
    // an hour more or less than seven times 24 hours when the clocks change in between.
    const created = zonedParts('America/New_York', new Date(createdAt));
    const weekAhead = zonedTimeToInstant('America/New_York', addDays(created.date, 7), `${String(created.hour).padStart(2, '0')}:${String(created.minute).padStart(2, '0')}`).getTime() + 60_000;
    expect(instants.every((t) => t > createdAt - 60_000 && t <= weekAhead)).toBe(true);
    expect(c.upcomingCheckIns.every((u) => u.timezone === 'America/New_York' && u.key.startsWith(`${c.id}:${u.date}:${u.time}`))).toBe(true);
    expect(c.latestReply).toBeNull();

    // It is stored and listed, and the goal has its first version.
    expect((await listClients(coach)).map((x) => x.id)).toEqual([c.id]);
    const versions = await db`select change_note from goal_versions where goal_id = ${c.goals[0]!.id}`;
    expect(versions.map((v) => v.change_note)).toEqual(['Goal created']);
  });

  it('creates a client with a task goal and no target or unit', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { goalTitle: 'Meditate daily', goalType: 'task', metric: 'min', targetValue: 10 });
    expect(c.goals).toHaveLength(1);
    expect(c.goals[0]).toMatchObject({ title: 'Meditate daily', type: 'task', target: null, unit: null });
  });

  it('creates a client without a goal or a schedule', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    expect(c.goals).toEqual([]);
    expect(c.checkInSchedule).toEqual({});
    expect(c.weeklyCheckIns.every((d) => d.status === 'none')).toBe(true);
  });

  describe('validation (product §2.5)', () => {
    it.each(['firstName', 'lastName', 'email', 'phone'])('requires %s', async (field) => {
      const coach = await newCoach(request, outboxDir, db);
      for (const value of [undefined, '', '   ']) {
        const body = await createExpecting(coach, 400, { [field]: value });
        expect(body.error).toBe('VALIDATION_ERROR');
        expect(body.message, String(value)).toBe(V.clientRequired);
        expect(body.details).toContainEqual({ field, message: V.clientRequired });
      }
      expect(await clientCount(coach)).toBe(0);
    });

    it('names the required-fields message once per missing field when all are missing', async () => {
      const coach = await newCoach(request, outboxDir, db);
      const res = await request<ErrorBody>('POST', '/coach/clients', { token: coach.token, body: {} });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(V.clientRequired);
      expect(res.body.details?.map((d) => d.field).sort()).toEqual(['email', 'firstName', 'lastName', 'phone']);
      expect(res.body.details?.every((d) => d.message === V.clientRequired)).toBe(true);
    });

    it.each(['5551234567', '+15551234', '+155512345678', '+25551234567', '+1 555 123 4567', '15551234567'])('refuses the phone %j', async (phone) => {
      const coach = await newCoach(request, outboxDir, db);
      const body = await createExpecting(coach, 400, { phone });
      expect(body.message).toBe(V.clientPhoneFormat);
      expect(body.details).toEqual([{ field: 'phone', message: V.clientPhoneFormat }]);
      expect(await clientCount(coach)).toBe(0);
    });

    it('refuses a malformed e-mail address', async () => {
      const coach = await newCoach(request, outboxDir, db);
      const body = await createExpecting(coach, 400, { email: 'not-an-address' });
      expect(body.details?.map((d) => d.field)).toEqual(['email']);
    });

    it('needs a target value for a progress goal', async () => {
      const coach = await newCoach(request, outboxDir, db);
      for (const targetValue of [undefined, null, '']) {
        const body = await createExpecting(coach, 400, { goalTitle: 'Run', goalType: 'progress', metric: 'km', targetValue });
        expect(body.message, JSON.stringify(targetValue)).toBe(V.targetRequired);
        expect(body.details).toEqual([{ field: 'targetValue', message: V.targetRequired }]);
      }
      expect(await clientCount(coach)).toBe(0);
    });

    it('needs a unit for a progress goal', async () => {
      const coach = await newCoach(request, outboxDir, db);
      for (const metric of [undefined, '', '  ']) {
        const body = await createExpecting(coach, 400, { goalTitle: 'Run', goalType: 'progress', targetValue: 10, metric });
        expect(body.message, JSON.stringify(metric)).toBe(V.unitRequired);
        expect(body.details).toEqual([{ field: 'metric', message: V.unitRequired }]);
      }
      expect(await clientCount(coach)).toBe(0);
    });

    it('names both the target and the unit when a progress goal has neither', async () => {
      const coach = await newCoach(request, outboxDir, db);
      const body = await createExpecting(coach, 400, { goalTitle: 'Run', goalType: 'progress' });
      expect(body.details).toEqual([
        { field: 'targetValue', message: V.targetRequired },
        { field: 'metric', message: V.unitRequired },
      ]);
    });

    it('refuses a target value of 0 or less', async () => {
      const coach = await newCoach(request, outboxDir, db);
      for (const targetValue of [0, -3]) {
        const body = await createExpecting(coach, 400, { goalTitle: 'Run', goalType: 'progress', metric: 'km', targetValue });
        expect(body.details?.map((d) => d.field)).toEqual(['targetValue']);
      }
    });

    it('needs a time and at least one day in every schedule entry', async () => {
      const coach = await newCoach(request, outboxDir, db);
      for (const entry of [{ time: '09:00', days: [] }, { days: [1] }, { time: '', days: [1] }]) {
        const body = await createExpecting(coach, 400, { scheduledCheckIns: [{ time: '10:00', days: [0] }, entry] });
        expect(body.message, JSON.stringify(entry)).toBe(V.scheduleEntry);
        expect(body.details?.[0]?.field).toMatch(/^scheduledCheckIns\.1\./);
      }
      expect(await clientCount(coach)).toBe(0);
    });

    it('refuses a schedule entry with a bad time or a day outside 0-6', async () => {
      const coach = await newCoach(request, outboxDir, db);
      for (const entry of [{ time: '25:00', days: [1] }, { time: '9:00', days: [1] }, { time: '09:00', days: [7] }, { time: '09:00', days: [-1] }]) {
        await createExpecting(coach, 400, { scheduledCheckIns: [entry] });
      }
      expect(await clientCount(coach)).toBe(0);
    });
  });

  it('refuses a second client with the same e-mail for the same coach (409), whatever its case', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const first = await createClient(request, coach);
    const body = await createExpecting(coach, 409, { email: first.email!.toUpperCase(), firstName: 'Other' });
    expect(body.error).toBe('CONFLICT');
    expect(body.details?.[0]?.field).toBe('email');
    expect(await clientCount(coach)).toBe(1);

    // Another coach may have a client with that address.
    const other = await newCoach(request, outboxDir, db);
    await createClient(request, other, { email: first.email });
  });

  it('refuses a second client with the same phone number for the same coach (409 naming the phone), archived ones included', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const first = await createClient(request, coach);
    const body = await createExpecting(coach, 409, { phone: first.phone, firstName: 'Other' });
    expect(body).toMatchObject({ error: 'CONFLICT', message: CLIENT_CONTACT_TAKEN.phone, details: [{ field: 'phone', message: CLIENT_CONTACT_TAKEN.phone }] });
    // Both taken: both fields are named, the e-mail first.
    const both = await createExpecting(coach, 409, { email: first.email, phone: first.phone });
    expect(both.details?.map((d) => d.field)).toEqual(['email', 'phone']);
    await db`update clients set archived = true where id = ${first.id}`;
    expect((await createExpecting(coach, 409, { phone: first.phone })).details?.map((d) => d.field)).toEqual(['phone']);
    expect(await clientCount(coach)).toBe(1);

    // Another coach may have a client with that number: inbound texts then ask which coach (sms-routing.test.ts).
    const other = await newCoach(request, outboxDir, db);
    await createClient(request, other, { phone: first.phone });
  });

  it("defaults the timezone to the coach's and keeps one that is given", async () => {
    const coach = await newCoach(request, outboxDir, db);
    expect((await createClient(request, coach)).timezone).toBe('America/New_York');
    await db`update users set timezone = 'Asia/Tokyo' where id = ${coach.id}`;
    expect((await createClient(request, coach)).timezone).toBe('Asia/Tokyo');
    expect((await createClient(request, coach, { timezone: 'Europe/London' })).timezone).toBe('Europe/London');
  });

  it('refuses an unknown timezone', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const body = await createExpecting(coach, 400, { timezone: 'Mars/Olympus_Mons' });
    expect(body.details?.map((d) => d.field)).toEqual(['timezone']);
  });

  describe('plan client limit', () => {
    it('refuses the 4th client on the free plan, archived clients included', async () => {
      const coach = await newCoach(request, outboxDir, db);
      const first = await createClient(request, coach);
      await createClient(request, coach);
      const archive = await request('POST', `/coach/clients/${first.id}/archive`, { token: coach.token });
      expect(archive.status).toBe(200);
      await createClient(request, coach);

      const body = await createExpecting(coach, 403, {});
      expect(body.error).toBe('PLAN_LIMIT_REACHED');
      expect(body.requiredAction).toBe('upgrade_plan');
      expect(body.message).toMatch(/3 clients/);
      expect(await clientCount(coach)).toBe(3);
    });

    it('lets exactly 3 of 6 simultaneous creations through on the free plan', async () => {
      const coach = await newCoach(request, outboxDir, db);
      const results = await Promise.all(
        Array.from({ length: 6 }, () => request('POST', '/coach/clients', { token: coach.token, body: clientPayload() })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 201, 201, 403, 403, 403]);
      expect(await clientCount(coach)).toBe(3);
    });

    it('lets a coach on the beta plan add more than 3', async () => {
      const coach = await newCoach(request, outboxDir, db, { plan: 'beta' });
      for (let i = 0; i < 5; i++) await createClient(request, coach);
      expect(await clientCount(coach)).toBe(5);
      expect(await listClients(coach)).toHaveLength(5);
    });

    it('applies a plan change at once', async () => {
      const coach = await newCoach(request, outboxDir, db);
      for (let i = 0; i < 3; i++) await createClient(request, coach);
      await createExpecting(coach, 403, {});
      await db`update users set plan_id = 'beta' where id = ${coach.id}`;
      await createClient(request, coach);
      expect(await clientCount(coach)).toBe(4);
    });
  });

  it('needs a signed-in user', async () => {
    const res = await request<ErrorBody>('POST', '/coach/clients', { body: clientPayload() });
    expect(res.status).toBe(401);
  });
});

describe('GET /coach/clients', () => {
  it("lists the coach's active clients by name with active goals and the latest check-in", async () => {
    const coach = await newCoach(request, outboxDir, db, { plan: 'beta' });
    const zed = await createClient(request, coach, { firstName: 'Zed', lastName: 'Adams', goalTitle: 'Sleep 8 h', goalType: 'task' });
    const amy = await createClient(request, coach, { firstName: 'Amy', lastName: 'Zane' });
    const ann = await createClient(request, coach, { firstName: 'Amy', lastName: 'Baker' });
    // Another coach's client never appears.
    const other = await newCoach(request, outboxDir, db);
    await createClient(request, other, { firstName: 'Aaron' });

    const now = Date.now();
    const [, newest] = await insertCheckIns(db, [
      { coachId: coach.id, clientId: zed.id, status: 'completed', sentAt: new Date(now - 3 * DAY_MS), createdAt: new Date(now - 3 * DAY_MS) },
      { coachId: coach.id, clientId: zed.id, status: 'no_response', sentAt: new Date(now - DAY_MS), createdAt: new Date(now - DAY_MS) },
      // Upcoming and cancelled ones are not "the latest check-in".
      { coachId: coach.id, clientId: zed.id, status: 'scheduled', scheduledFor: new Date(now + DAY_MS), createdAt: new Date(now) },
      { coachId: coach.id, clientId: zed.id, status: 'cancelled', createdAt: new Date(now) },
    ]);

    const list = await listClients(coach);
    expect(list.map((c) => `${c.firstName} ${c.lastName}`)).toEqual(['Amy Baker', 'Amy Zane', 'Zed Adams']);
    expect(list.map((c) => c.id)).toEqual([ann.id, amy.id, zed.id]);
    const z = list[2]!;
    expect(z.goals.map((g) => g.title)).toEqual(['Sleep 8 h']);
    expect(z.latestCheckIn).toMatchObject({ id: newest, _id: newest, status: 'no_response' });
    expect(list[0]!.latestCheckIn).toBeNull();

    // A completed (archived) goal leaves the client's goal list.
    const done = await request('PUT', `/goals/${z.goals[0]!.id}/complete`, { token: coach.token });
    expect(done.status).toBe(200);
    expect((await getClient(request, coach, zed.id)).goals).toEqual([]);
  });

  it('projects the next check-ins of every schedule without writing rows, and drops one once it is a row', async () => {
    const coach = await newCoach(request, outboxDir, db, { plan: 'beta' });
    const everyDay = [0, 1, 2, 3, 4, 5, 6];
    // Times half a day away, so the scheduler (which plans 10 minutes ahead) makes no row meanwhile,
    // and never between midnight and 04:00, where the clocks change (a 02:30 does not happen on the
    // night New York's clocks go forward): then five hours later still.
    const later = (zone: string) => {
      const at = (hours: number) => zonedParts(zone, new Date(Date.now() + hours * 3_600_000));
      const { hour, minute } = at(12).hour < 4 ? at(17) : at(12);
      return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
    };
    const ownTime = later('America/New_York');
    const aiTime = later('Europe/London');
    const own = await createClient(request, coach, { firstName: 'Own', scheduledCheckIns: [{ time: ownTime, days: everyDay }] });
    const ai = await createClient(request, coach, { firstName: 'Ai' });
    await db`insert into schedules (coach_id, client_id, time_slots, client_timezone, frequency)
             values (${coach.id}, ${ai.id}, ${db.json([{ time: aiTime }])}, 'Europe/London', 'daily')`;
    const held = await createClient(request, coach, { firstName: 'Held', scheduledCheckIns: [{ time: ownTime, days: everyDay }] });
    await request('POST', `/coach/clients/${held.id}/hold-checkins`, { token: coach.token });

    let list = await listClients(coach);
    const byName = (name: string) => list.find((c) => c.firstName === name)!;
    expect(byName('Own').upcomingCheckIns).toHaveLength(5);
    expect(byName('Own').upcomingCheckIns.every((u) => u.time === ownTime && u.source === 'client' && u.goal === null)).toBe(true);
    // An AI schedule is read in its own zone.
    expect(byName('Ai').upcomingCheckIns.map((u) => [u.source, u.time, u.timezone])).toEqual(Array(5).fill(['ai', aiTime, 'Europe/London']));
    // Nothing is projected for a client the scheduler skips.
    expect(byName('Held').upcomingCheckIns).toEqual([]);
    // The bubbles mark the days with a projected check-in as pending and carry its instant.
    for (const d of byName('Ai').weeklyCheckIns) if (d.upcoming.length > 0) expect(d.status).toBe('pending');
    // The week's bubbles hold the projected check-ins that fall on this week's dates (none on a Sunday evening).
    const weekUpcoming = byName('Ai').weeklyCheckIns.flatMap((d) => d.upcoming);
    const weekDates = new Set(byName('Ai').weeklyCheckIns.map((d) => d.date));
    const clientDate = (iso: string) => zonedParts(byName('Ai').timezone, new Date(iso)).date;
    const inWeek = byName('Ai').upcomingCheckIns.map((u) => u.scheduledFor).filter((at) => weekDates.has(clientDate(at)));
    expect(weekUpcoming.slice(0, inWeek.length)).toEqual(inWeek);
    expect(weekUpcoming.every((at) => weekDates.has(clientDate(at)))).toBe(true);
    const [rows] = await db<{ n: number }[]>`select count(*)::int as n from check_ins where client_id in ${db([own.id, ai.id])}`;
    expect(rows!.n).toBe(0);

    // Once the scheduler has planned the first slot as a row, the row stands for it (any status).
    const first = byName('Own').upcomingCheckIns[0]!;
    const [rowId] = await insertCheckIns(db, [{ coachId: coach.id, clientId: own.id, status: 'cancelled', scheduledFor: new Date(first.scheduledFor) }]);
    await db`update check_ins set dedupe_key = ${first.key} where id = ${rowId!}`;
    list = await listClients(coach);
    expect(byName('Own').upcomingCheckIns.map((u) => u.key)).not.toContain(first.key);
    expect(byName('Own').upcomingCheckIns).toHaveLength(5);
  });

  it('takes the mood from the latest reply, not from a check-in merely sent', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const now = Date.now();
    const [replied, sent] = await insertCheckIns(db, [
      { coachId: coach.id, clientId: c.id, status: 'completed', sentAt: new Date(now - 2 * DAY_MS), respondedAt: new Date(now - 2 * DAY_MS + 60_000), createdAt: new Date(now - 2 * DAY_MS), clientResponse: 'Great week!' },
      { coachId: coach.id, clientId: c.id, status: 'sent', sentAt: new Date(now - 60_000), createdAt: new Date(now - 60_000) },
    ]);
    await db`update check_ins set motivation = 'high', engagement_assessment = 'great' where id = ${replied!}`;
    const fetched = await getClient(request, coach, c.id);
    expect(fetched.latestCheckIn?.id).toBe(sent);
    expect(fetched.latestReply).toEqual({ checkInId: replied, respondedAt: new Date(now - 2 * DAY_MS + 60_000).toISOString(), motivation: 'high', engagementAssessment: 'great' });
  });

  it('answers an empty list for a new coach', async () => {
    const coach = await newCoach(request, outboxDir, db);
    expect(await listClients(coach)).toEqual([]);
    expect(await listClients(coach, true)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    expect((await request('GET', '/coach/clients')).status).toBe(401);
    expect((await request('GET', '/coach/archived-clients')).status).toBe(401);
    expect((await request('GET', '/coach/clients', { token: 'not-a-token' })).status).toBe(401);
  });
});

describe('GET /clients/{id}', () => {
  it('answers one client in the list shape', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const created = await createClient(request, coach, { goalTitle: 'Walk', goalType: 'task' });
    const fetched = await getClient(request, coach, created.id);
    expect(fetched).toEqual(created);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const coach = await newCoach(request, outboxDir, db);
    expect((await request('GET', '/clients/00000000-0000-4000-8000-000000000000', { token: coach.token })).status).toBe(404);
    expect((await request('GET', '/clients/not-a-uuid', { token: coach.token })).status).toBe(400);
  });
});

describe('PUT /clients/{id}', () => {
  const edit = (c: ClientDto, overrides: Record<string, unknown> = {}) => ({
    username: 'ignored',
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    ...overrides,
  });

  it('saves the fields and answers the client', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const res = await request<ClientChanged>('PUT', `/clients/${c.id}`, {
      token: coach.token,
      body: edit(c, { firstName: 'Ada', lastName: 'Byron', email: 'Ada.Byron-EDIT@Example.com', phone: '(555) 987-6543', timezone: 'Europe/Paris' }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.success).toBe(true);
    const expected = { firstName: 'Ada', lastName: 'Byron', username: 'Ada Byron', email: 'ada.byron-edit@example.com', phone: '+15559876543', timezone: 'Europe/Paris' };
    expect(res.body.client).toMatchObject(expected);
    expect(await getClient(request, coach, c.id)).toMatchObject(expected);
    const [row] = await db`select first_name, email, phone, timezone from clients where id = ${c.id}`;
    expect(row).toEqual({ first_name: 'Ada', email: 'ada.byron-edit@example.com', phone: '+15559876543', timezone: 'Europe/Paris' });
  });

  it.each([
    ['5551234567', '+15551234567'],
    ['15551234567', '+15551234567'],
    ['+1 (555) 123-4567', '+15551234567'],
    ['555.234.5678', '+15552345678'],
  ])('normalises the phone %j to %j', async (phone, expected) => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach, { phone: '+15550000000' });
    const res = await request<{ client: ClientDto }>('PUT', `/clients/${c.id}`, { token: coach.token, body: edit(c, { phone }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.client.phone).toBe(expected);
  });

  it.each(['555123', '25551234567', '155512345678', 'call me'])('refuses the phone %j and keeps the old one', async (phone) => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const res = await request<ErrorBody>('PUT', `/clients/${c.id}`, { token: coach.token, body: edit(c, { phone, firstName: 'Changed' }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(V.editPhoneFormat);
    expect(res.body.details).toEqual([{ field: 'phone', message: V.editPhoneFormat }]);
    expect(await getClient(request, coach, c.id)).toMatchObject({ phone: c.phone, firstName: c.firstName });
  });

  it.each(['firstName', 'lastName', 'email', 'phone'])('requires %s', async (field) => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    for (const value of [undefined, '', '  ']) {
      const res = await request<ErrorBody>('PUT', `/clients/${c.id}`, { token: coach.token, body: edit(c, { [field]: value, timezone: 'UTC' }) });
      expect(res.status, `${field}=${JSON.stringify(value)}`).toBe(400);
      expect(res.body.details?.map((d) => d.field)).toEqual([field]);
    }
    expect((await getClient(request, coach, c.id)).timezone).toBe(c.timezone);
  });

  it("refuses the e-mail of another of the coach's clients (409)", async () => {
    const coach = await newCoach(request, outboxDir, db);
    const a = await createClient(request, coach);
    const b = await createClient(request, coach);
    const res = await request<ErrorBody>('PUT', `/clients/${b.id}`, { token: coach.token, body: edit(b, { email: a.email!.toUpperCase() }) });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.details?.[0]?.field).toBe('email');
    expect((await getClient(request, coach, b.id)).email).toBe(b.email);
    // Keeping its own address is fine.
    const same = await request('PUT', `/clients/${b.id}`, { token: coach.token, body: edit(b, { firstName: 'Renamed' }) });
    expect(same.status).toBe(200);
  });

  it("refuses the phone number of another of the coach's clients (409), compared once normalised", async () => {
    const coach = await newCoach(request, outboxDir, db);
    const a = await createClient(request, coach, { phone: '+15552345678' });
    const b = await createClient(request, coach);
    for (const phone of ['+15552345678', '(555) 234-5678', '1 555 234 5678']) {
      const res = await request<ErrorBody>('PUT', `/clients/${b.id}`, { token: coach.token, body: edit(b, { phone, firstName: 'Changed' }) });
      expect(res.status, `${phone}: ${JSON.stringify(res.body)}`).toBe(409);
      expect(res.body).toMatchObject({ error: 'CONFLICT', message: CLIENT_CONTACT_TAKEN.phone, details: [{ field: 'phone', message: CLIENT_CONTACT_TAKEN.phone }] });
    }
    expect(await getClient(request, coach, b.id)).toMatchObject({ phone: b.phone, firstName: b.firstName });
    // Keeping its own number, or taking a free one, is fine; another coach's client's number is too.
    expect((await request('PUT', `/clients/${a.id}`, { token: coach.token, body: edit(a, { phone: '555-234-5678', firstName: 'Renamed' }) })).status).toBe(200);
    const elsewhere = await createClient(request, await newCoach(request, outboxDir, db));
    const moved = await request<{ client: ClientDto }>('PUT', `/clients/${b.id}`, { token: coach.token, body: edit(b, { phone: elsewhere.phone }) });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.client.phone).toBe(elsewhere.phone);
  });

  it('still edits two clients who shared a number before the rule, as long as the number is left as it is', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const a = await createClient(request, coach);
    const b = await createClient(request, coach);
    await db`update clients set phone = ${a.phone} where id = ${b.id}`;
    const renamed = await request('PUT', `/clients/${b.id}`, { token: coach.token, body: edit({ ...b, phone: a.phone }, { firstName: 'Renamed' }) });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });
});

describe('client states: hold, resume, archive, unarchive', () => {
  const action = (coach: Coach, id: string, name: string) => request<ClientChanged>('POST', `/coach/clients/${id}/${name}`, { token: coach.token });

  it('holds and resumes check-ins', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    const held = await action(coach, c.id, 'hold-checkins');
    expect(held.status).toBe(200);
    expect(held.body.success).toBe(true);
    expect(held.body.client).toMatchObject({ id: c.id, status: 'on_hold', checkInsHeld: true, archived: false });
    // A held client stays in the active list.
    expect((await listClients(coach)).map((x) => [x.id, x.status])).toEqual([[c.id, 'on_hold']]);
    // Holding twice is harmless.
    expect((await action(coach, c.id, 'hold-checkins')).body.client.status).toBe('on_hold');

    const resumed = await action(coach, c.id, 'resume-checkins');
    expect(resumed.status).toBe(200);
    expect(resumed.body.client).toMatchObject({ status: 'active', checkInsHeld: false });
    expect((await getClient(request, coach, c.id)).status).toBe('active');
  });

  it('archives and unarchives: archived clients leave the active list for the archived one', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const keep = await createClient(request, coach, { firstName: 'Keep' });
    const c = await createClient(request, coach, { firstName: 'Moving' });

    const archived = await action(coach, c.id, 'archive');
    expect(archived.status).toBe(200);
    expect(archived.body.client).toMatchObject({ id: c.id, status: 'archived', archived: true });
    expect((await listClients(coach)).map((x) => x.id)).toEqual([keep.id]);
    const archivedList = await listClients(coach, true);
    expect(archivedList.map((x) => x.id)).toEqual([c.id]);
    expect(archivedList[0]!.status).toBe('archived');
    const [row] = await db`select archived_at from clients where id = ${c.id}`;
    expect(row!.archived_at).toBeInstanceOf(Date);
    // Still reachable by id.
    expect((await getClient(request, coach, c.id)).archived).toBe(true);

    const restored = await action(coach, c.id, 'unarchive');
    expect(restored.status).toBe(200);
    expect(restored.body.client).toMatchObject({ status: 'active', archived: false });
    expect((await listClients(coach)).map((x) => x.id).sort()).toEqual([keep.id, c.id].sort());
    expect(await listClients(coach, true)).toEqual([]);
    const [after] = await db`select archived_at from clients where id = ${c.id}`;
    expect(after!.archived_at).toBeNull();
  });

  it('keeps the hold through archive and unarchive', async () => {
    const coach = await newCoach(request, outboxDir, db);
    const c = await createClient(request, coach);
    await action(coach, c.id, 'hold-checkins');
    expect((await action(coach, c.id, 'archive')).body.client.status).toBe('archived');
    expect((await action(coach, c.id, 'unarchive')).body.client).toMatchObject({ status: 'on_hold', checkInsHeld: true });
  });

  it.each(['hold-checkins', 'resume-checkins', 'archive', 'unarchive'])('%s answers 404 for an unknown client and 400 for a malformed id', async (name) => {
    const coach = await newCoach(request, outboxDir, db);
    expect((await action(coach, '00000000-0000-4000-8000-000000000000', name)).status).toBe(404);
    expect((await action(coach, '123', name)).status).toBe(400);
  });
});

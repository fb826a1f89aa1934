import { describe, expect, it } from 'vitest';
import { aiScheduleSchema, AI_SCHEDULE_MESSAGES } from '@/lib/schemas/ai-schedule';
import { dedupeKey, nextAiScheduleCheckIns, parseDedupeKey, slotGoneReason, slotInstant, slotsBetween, slotsOn, weekdayOf, type ScheduleSources, type SlotAiSchedule } from '@/lib/schedule-slots';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const GOAL = '33333333-3333-4333-8333-333333333333';
const OTHER_GOAL = '44444444-4444-4444-8444-444444444444';

function sources(partial: Partial<ScheduleSources> & { timezone?: string } = {}): ScheduleSources {
  return {
    client: { id: CLIENT, coachId: COACH, timezone: partial.timezone ?? 'America/New_York', checkInSchedule: partial.client?.checkInSchedule ?? {} },
    goals: partial.goals ?? [],
    aiSchedules: partial.aiSchedules ?? [],
  };
}
const slot = (time: string, extra: Record<string, unknown> = {}) => ({ id: time, time, enabled: true, ...extra });

describe('slot instants', () => {
  it('follow daylight saving time', () => {
    expect(slotInstant('America/New_York', '2026-07-06', '09:00').toISOString()).toBe('2026-07-06T13:00:00.000Z');
    expect(slotInstant('America/New_York', '2026-01-05', '09:00').toISOString()).toBe('2026-01-05T14:00:00.000Z');
    expect(slotInstant('Australia/Sydney', '2026-01-05', '09:00').toISOString()).toBe('2026-01-04T22:00:00.000Z');
  });
  it('move a time skipped by the clocks going forward to after the gap, and take the first of a repeated hour', () => {
    expect(slotInstant('America/New_York', '2026-03-08', '02:30').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    expect(slotInstant('America/New_York', '2026-11-01', '01:30').toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
  it('Monday is weekday 0', () => {
    expect(weekdayOf('2026-07-06')).toBe(0);
    expect(weekdayOf('2026-07-12')).toBe(6);
  });
});

describe('dedupe keys', () => {
  it('name client, local date, time and goal, and read back', () => {
    expect(dedupeKey(CLIENT, '2026-07-06', '09:00', null)).toBe(`${CLIENT}:2026-07-06:09:00`);
    expect(parseDedupeKey(dedupeKey(CLIENT, '2026-07-06', '09:00', GOAL))).toEqual({ clientId: CLIENT, date: '2026-07-06', time: '09:00', goalId: GOAL });
    expect(parseDedupeKey('manual:abc')).toBeNull();
  });
});

describe('slots of a day', () => {
  it('come from the client schedule, goal schedules and AI schedules; disabled slots and other days do not count', () => {
    const src = sources({
      client: { id: CLIENT, coachId: COACH, timezone: 'America/New_York', checkInSchedule: { '0': [slot('08:00'), slot('12:00', { enabled: false })], '1': [slot('08:00')] } },
      goals: [{ id: GOAL, checkInSchedule: { '0': [slot('18:00')] } }],
      aiSchedules: [{ id: 's', goalId: null, timeSlots: [{ time: '20:00' }], clientTimezone: 'America/New_York', frequency: 'custom', customDays: ['monday'], promptTemplate: 'Ask about {goal}' }],
    });
    const day = slotsOn(src, '2026-07-06');
    expect(day.map((s) => [s.time, s.goalId, s.origin])).toEqual([
      ['08:00', null, 'client'],
      ['18:00', GOAL, 'goal'],
      ['20:00', null, 'ai'],
    ]);
    expect(day.find((s) => s.origin === 'ai')?.promptTemplate).toBe('Ask about {goal}');
  });

  it('keep one global check-in when a goal slot falls on the same minute', () => {
    const src = sources({
      client: { id: CLIENT, coachId: COACH, timezone: 'UTC', checkInSchedule: { '0': [slot('09:00')] } },
      goals: [{ id: GOAL, checkInSchedule: { '0': [slot('09:00'), slot('10:00')] } }],
      aiSchedules: [{ id: 's', goalId: GOAL, timeSlots: [{ time: '09:00' }, { time: '10:00' }], clientTimezone: 'UTC', frequency: 'custom', customDays: ['monday'], promptTemplate: '' }],
    });
    expect(slotsOn(src, '2026-07-06').map((s) => s.key)).toEqual([`${CLIENT}:2026-07-06:09:00`, `${CLIENT}:2026-07-06:10:00:${GOAL}`]);
  });

  it('skip slots of goals that are not active', () => {
    const src = sources({
      client: { id: CLIENT, coachId: COACH, timezone: 'UTC', checkInSchedule: { '0': [slot('09:00', { goalId: OTHER_GOAL })] } },
      aiSchedules: [{ id: 's', goalId: OTHER_GOAL, timeSlots: [{ time: '10:00' }], clientTimezone: 'UTC', frequency: 'daily', customDays: [], promptTemplate: '' }],
    });
    expect(slotsOn(src, '2026-07-06')).toEqual([]);
  });

  it('between two instants, across local midnight', () => {
    const src = sources({ timezone: 'Asia/Tokyo', client: { id: CLIENT, coachId: COACH, timezone: 'Asia/Tokyo', checkInSchedule: { '0': [slot('00:05')], '6': [slot('23:55')] } } });
    // Sunday 23:55 and Monday 00:05 in Tokyo are 14:55Z and 15:05Z on Sunday.
    const found = slotsBetween(src, new Date('2026-07-05T14:50:00Z'), new Date('2026-07-05T15:10:00Z'));
    expect(found.map((s) => [s.date, s.time, s.at.toISOString()])).toEqual([
      ['2026-07-05', '23:55', '2026-07-05T14:55:00.000Z'],
      ['2026-07-06', '00:05', '2026-07-05T15:05:00.000Z'],
    ]);
  });
});

describe('AI schedule data (product §2.5)', () => {
  const parse = (body: object) => aiScheduleSchema.safeParse({ clientId: CLIENT, ...body });
  const message = (body: object) => {
    const r = parse(body);
    return r.success ? null : r.error.issues.map((i) => i.message);
  };
  it('defaults to 09:00 Monday to Friday', () => {
    const r = parse({});
    expect(r.success && r.data).toMatchObject({ timeSlots: [{ time: '09:00' }], customDays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], frequency: 'custom', promptTemplate: '', goalId: null });
  });
  it('uses the spec texts', () => {
    expect(message({ timeSlots: [{ time: '9:00' }] })).toEqual([AI_SCHEDULE_MESSAGES.invalidTime('9:00')]);
    expect(message({ timeSlots: [{ time: '9:00' }] })![0]).toBe('Invalid time format: 9:00. Use HH:MM format (e.g., 09:00, 14:30)');
    expect(message({ customDays: [] })).toEqual(['Please select at least one day of the week']);
    expect(message({ customDays: ['Monday', 'someday'] })).toEqual(['Invalid day values: someday']);
    expect(message({ timeSlots: [] })).toEqual(['Please add at least one time slot']);
  });
  it('orders times and de-duplicates days', () => {
    const r = parse({ timeSlots: ['14:30', { time: '09:00' }], customDays: ['Friday', 'monday', 'friday'] });
    expect(r.success && r.data).toMatchObject({ timeSlots: [{ time: '09:00' }, { time: '14:30' }], customDays: ['monday', 'friday'] });
  });
  // Merged silently, two equal slots saved one check-in where the coach saw two.
  it('refuses the same time twice on the later slot, an empty time, and an unknown placeholder', () => {
    const issues = (body: object) => {
      const r = parse(body);
      return r.success ? null : r.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
    };
    expect(issues({ timeSlots: ['14:30', { time: '09:00' }, ' 14:30'] })).toEqual([{ path: 'timeSlots.2.time', message: 'Each time can be chosen once' }]);
    expect(issues({ timeSlots: [{ time: '' }] })).toEqual([{ path: 'timeSlots.0.time', message: 'Please enter a time (HH:MM)' }]);
    expect(issues({ promptTemplate: 'Hi {firstname}, {firstName}! {goal} {progress} {firstname}' })).toEqual([
      { path: 'promptTemplate', message: 'Unknown placeholder {firstname}: use {firstName}, {goal} or {progress}' },
    ]);
  });
});

describe('a paused AI schedule (decision 0079)', () => {
  const ai = (extra: Partial<SlotAiSchedule> = {}): SlotAiSchedule => ({
    id: 's',
    goalId: null,
    timeSlots: [{ time: '09:00' }, { time: '15:00' }],
    clientTimezone: 'UTC',
    frequency: 'daily',
    customDays: [],
    promptTemplate: '',
    ...extra,
  });
  const monday = '2026-07-06';

  it('calls for no slot while paused, and says so for a slot it held; a client slot at the same time stays', () => {
    const paused = sources({ timezone: 'UTC', aiSchedules: [ai({ pausedAt: new Date('2026-07-01T00:00:00Z') })], client: { id: CLIENT, coachId: COACH, timezone: 'UTC', checkInSchedule: { '0': [slot('15:00')] } } });
    expect(slotsOn(paused, monday).map((i) => [i.time, i.origin])).toEqual([['15:00', 'client']]);
    expect(slotGoneReason(paused, monday, dedupeKey(CLIENT, monday, '09:00', null))).toBe('The AI schedule is paused');
    expect(slotGoneReason(paused, monday, dedupeKey(CLIENT, monday, '11:00', null))).toBe('The schedule no longer has this slot');
    expect(slotGoneReason(sources({ timezone: 'UTC', aiSchedules: [ai()] }), monday, dedupeKey(CLIENT, monday, '11:00', null))).toBe('The schedule no longer has this slot');
    expect(nextAiScheduleCheckIns(ai({ pausedAt: new Date('2026-07-01T00:00:00Z') }), { id: CLIENT, coachId: COACH, timezone: 'UTC' }, new Date('2026-07-06T00:00:00Z'))).toEqual([]);
  });

  it('resumed, calls for no slot before the resume: nothing missed meanwhile is sent', () => {
    const resumed = sources({ timezone: 'UTC', aiSchedules: [ai({ resumedAt: new Date('2026-07-06T10:40:00Z') })] });
    expect(slotsBetween(resumed, new Date('2026-07-06T08:00:00Z'), new Date('2026-07-07T10:00:00Z')).map((i) => i.at.toISOString())).toEqual([
      '2026-07-06T15:00:00.000Z',
      '2026-07-07T09:00:00.000Z',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { projectSlots } from '@/server/services/engine/projection';
import { dedupeKey, slotsBetween, type ScheduleSources } from '@/lib/schedule-slots';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const COACH = '22222222-2222-4222-8222-222222222222';
const GOAL = '33333333-3333-4333-8333-333333333333';
const NY = 'America/New_York';

const slot = (time: string, extra: { goalId?: string; enabled?: boolean } = {}) => ({ id: `${time}-${extra.goalId ?? ''}`, time, enabled: true, ...extra });

function sources(partial: Partial<Omit<ScheduleSources, 'client'>> & { schedule?: ScheduleSources['client']['checkInSchedule']; timezone?: string } = {}): ScheduleSources {
  return {
    client: { id: CLIENT, coachId: COACH, timezone: partial.timezone ?? NY, checkInSchedule: partial.schedule ?? {} },
    goals: partial.goals ?? [],
    aiSchedules: partial.aiSchedules ?? [],
  };
}

const view = (src: ScheduleSources, now: string, planned: string[] = []) =>
  projectSlots(src, new Date(now), new Set(planned)).map((s) => ({ date: s.date, time: s.time, at: s.at.toISOString(), goalId: s.goalId, origin: s.origin }));

describe('projected check-ins', () => {
  it('follow the client zone across the autumn clock change (EDT to EST) and end a week ahead', () => {
    // Saturday 31 Oct 2026, 12:00 EDT; clocks go back on Sunday 1 Nov.
    const src = sources({ schedule: { '0': [slot('09:00')], '5': [slot('09:00')], '6': [slot('09:00')] } });
    expect(view(src, '2026-10-31T16:00:00Z')).toEqual([
      { date: '2026-11-01', time: '09:00', at: '2026-11-01T14:00:00.000Z', goalId: null, origin: 'client' },
      { date: '2026-11-02', time: '09:00', at: '2026-11-02T14:00:00.000Z', goalId: null, origin: 'client' },
      // This Saturday's 09:00 has passed; next Saturday's is inside the week ahead.
      { date: '2026-11-07', time: '09:00', at: '2026-11-07T14:00:00.000Z', goalId: null, origin: 'client' },
    ]);
  });

  it('move a time skipped by the spring clock change to after the gap, as the scheduler does', () => {
    const src = sources({ schedule: { '6': [slot('02:30')] } });
    expect(view(src, '2026-03-07T17:00:00Z')).toEqual([{ date: '2026-03-08', time: '02:30', at: '2026-03-08T07:30:00.000Z', goalId: null, origin: 'client' }]);
  });

  it('cross the week boundary (Sunday night to Monday morning) and leave out slots already planned as rows', () => {
    // Sunday 22 Nov 2026, 23:55 EST.
    const now = '2026-11-23T04:55:00Z';
    const src = sources({
      schedule: { '0': [slot('00:05')] },
      goals: [{ id: GOAL, checkInSchedule: { '6': [slot('23:58')] } }],
    });
    expect(view(src, now)).toEqual([
      { date: '2026-11-22', time: '23:58', at: '2026-11-23T04:58:00.000Z', goalId: GOAL, origin: 'goal' },
      { date: '2026-11-23', time: '00:05', at: '2026-11-23T05:05:00.000Z', goalId: null, origin: 'client' },
    ]);
    // The scheduler planned Sunday's goal slot (10 minutes ahead): its row is shown, never the projection too.
    expect(view(src, now, [dedupeKey(CLIENT, '2026-11-22', '23:58', GOAL)])).toEqual([{ date: '2026-11-23', time: '00:05', at: '2026-11-23T05:05:00.000Z', goalId: null, origin: 'client' }]);
  });

  it('read AI schedules in their own zone, skip switched-off slots, and let a global slot cover a goal slot of the same minute', () => {
    // Monday 23 Nov 2026, 08:00 EST.
    const src = sources({
      schedule: { '0': [slot('10:00'), slot('11:00', { enabled: false })] },
      goals: [{ id: GOAL, checkInSchedule: { '0': [slot('10:00')] } }],
      aiSchedules: [{ id: 'ai', goalId: null, timeSlots: [{ time: '18:00' }], clientTimezone: 'Europe/London', frequency: 'custom', customDays: ['monday'], promptTemplate: '' }],
    });
    expect(view(src, '2026-11-23T13:00:00Z').slice(0, 2)).toEqual([
      { date: '2026-11-23', time: '10:00', at: '2026-11-23T15:00:00.000Z', goalId: null, origin: 'client' },
      { date: '2026-11-23', time: '18:00', at: '2026-11-23T18:00:00.000Z', goalId: null, origin: 'ai' },
    ]);
  });

  it('name every slot by the key the scheduler will give its row', () => {
    const src = sources({
      schedule: { '1': [slot('07:15')], '3': [slot('21:00', { goalId: GOAL })] },
      goals: [{ id: GOAL, checkInSchedule: { '4': [slot('12:00')] } }],
    });
    const now = new Date('2026-11-01T03:00:00Z');
    for (const p of projectSlots(src, now, new Set())) {
      const planned = slotsBetween(src, new Date(p.at.getTime() - 10 * 60_000), p.at).map((s) => s.key);
      expect(planned).toContain(p.key);
    }
  });
});

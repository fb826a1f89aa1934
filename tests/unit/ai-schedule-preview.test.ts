import { describe, expect, it } from 'vitest';
import { fillPromptTemplate } from '@/lib/prompt-template';
import { nextAiScheduleCheckIns, type SlotAiSchedule } from '@/lib/schedule-slots';

const client = { id: '11111111-1111-4111-8111-111111111111', coachId: '22222222-2222-4222-8222-222222222222', timezone: 'America/Chicago' };
const schedule = (extra: Partial<SlotAiSchedule> = {}): SlotAiSchedule => ({
  id: 'preview',
  goalId: null,
  timeSlots: [{ time: '09:00' }],
  clientTimezone: 'America/Chicago',
  frequency: 'custom',
  customDays: ['monday', 'thursday'],
  promptTemplate: '',
  ...extra,
});

/** The next check-ins the scheduling screen previews and GET /ai-schedule/* answers (product §2.3.5). */
describe('nextAiScheduleCheckIns', () => {
  it('answers the next five slot instants after now, in the schedule zone, across a clock change', () => {
    // Thursday 29 October 2026, 15:00 UTC (10:00 in Chicago): the clocks go back on 1 November.
    const now = new Date('2026-10-29T15:00:00Z');
    expect(nextAiScheduleCheckIns(schedule(), client, now)).toEqual([
      '2026-11-02T15:00:00.000Z',
      '2026-11-05T15:00:00.000Z',
      '2026-11-09T15:00:00.000Z',
      '2026-11-12T15:00:00.000Z',
      // Past the 15-day horizon nothing more is looked for.
    ]);
    expect(nextAiScheduleCheckIns(schedule({ frequency: 'daily', timeSlots: [{ time: '08:00' }, { time: '18:30' }] }), client, now)).toEqual([
      '2026-10-29T23:30:00.000Z',
      '2026-10-30T13:00:00.000Z',
      '2026-10-30T23:30:00.000Z',
      '2026-10-31T13:00:00.000Z',
      '2026-10-31T23:30:00.000Z',
    ]);
  });

  it('reads weekdays as Monday to Friday and a slot at now as already gone', () => {
    const now = new Date('2026-10-30T14:00:00Z'); // Friday 09:00 in Chicago
    expect(nextAiScheduleCheckIns(schedule({ frequency: 'weekdays' }), client, now)).toEqual([
      '2026-11-02T15:00:00.000Z',
      '2026-11-03T15:00:00.000Z',
      '2026-11-04T15:00:00.000Z',
      '2026-11-05T15:00:00.000Z',
      '2026-11-06T15:00:00.000Z',
    ]);
  });

  it('is empty without a day', () => {
    expect(nextAiScheduleCheckIns(schedule({ customDays: [] }), client, new Date('2026-10-29T15:00:00Z'))).toEqual([]);
  });
});

describe('fillPromptTemplate', () => {
  it('fills every placeholder, each time it appears', () => {
    expect(fillPromptTemplate('{firstName}: {goal} at {progress}. Go {firstName}!', { firstName: 'Quinn', goal: { title: 'Walk 10,000 steps', progress: 42.25 } })).toBe(
      'Quinn: Walk 10,000 steps at 42.3%. Go Quinn!',
    );
  });
  it('without a goal says "your goals" and leaves progress empty', () => {
    expect(fillPromptTemplate('How are {goal} going?{progress}', { firstName: 'Quinn', goal: null })).toBe('How are your goals going?');
  });
});

import { describe, expect, it } from 'vitest';
import { isCalendarDate, targetDateLabel } from '@/lib/nudges';
import { DEFAULT_NOTIFICATION_PREFERENCES, quietAfter } from '@/lib/preferences';
import { notificationPreferencesSchema } from '@/lib/schemas/account';
import { createGoalSchema, updateGoalSchema } from '@/lib/schemas/workspace';

describe('goal target dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2027-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('12/12/2026')).toBe(false);
  });

  it('validates on create and edit with the field named, accepts a past date, and null removes it on edit', () => {
    const base = { clientId: '00000000-0000-4000-8000-000000000000', title: 'Run', type: 'task' as const };
    expect(createGoalSchema.safeParse({ ...base, targetDate: '2020-01-06' }).success).toBe(true);
    const bad = createGoalSchema.safeParse({ ...base, targetDate: '2026-02-30' });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.path).toEqual(['targetDate']);
    expect(createGoalSchema.safeParse({ ...base, targetDate: '1999-12-31' }).success).toBe(false);
    expect(updateGoalSchema.parse({ targetDate: null })).toEqual({ targetDate: null });
  });

  it('reads Due / Due tomorrow / Due today / Overdue from the local date of the coach’s zone', () => {
    // 03:30 UTC on 10 Dec is still 9 Dec in New York.
    const at = new Date('2026-12-10T03:30:00Z');
    expect(targetDateLabel('2026-12-12', 'America/New_York', at)).toEqual({ text: 'Due 12 Dec', overdue: false });
    expect(targetDateLabel('2026-12-10', 'America/New_York', at)).toEqual({ text: 'Due tomorrow', overdue: false });
    expect(targetDateLabel('2026-12-10', 'Europe/Berlin', at)).toEqual({ text: 'Due today', overdue: false });
    expect(targetDateLabel('2026-12-09', 'Europe/Berlin', at)).toEqual({ text: 'Overdue (due 9 Dec)', overdue: true });
    expect(targetDateLabel('2027-01-04', 'Europe/Berlin', at)).toEqual({ text: 'Due 4 Jan 2027', overdue: false });
  });
});

describe('the quiet-client setting', () => {
  it('defaults to 2 for settings saved before it, and is validated 1–10', () => {
    const { nudges, ...older } = DEFAULT_NOTIFICATION_PREFERENCES;
    expect(nudges).toEqual({ clientQuietAfter: 2 });
    expect(quietAfter(older)).toBe(2);
    expect(notificationPreferencesSchema.safeParse(older).success).toBe(true);
    expect(notificationPreferencesSchema.safeParse({ ...older, nudges: { clientQuietAfter: 4 } }).success).toBe(true);
    const bad = notificationPreferencesSchema.safeParse({ ...older, nudges: { clientQuietAfter: 11 } });
    expect(bad.error!.issues[0]!.path).toEqual(['nudges', 'clientQuietAfter']);
  });
});

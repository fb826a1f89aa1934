import { describe, expect, it } from 'vitest';
import { latestLocalOccurrence, nextAllowedTime } from '@/lib/notification-schedule';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';

function window(timezone: string, quiet: { startTime: string; endTime: string } | null, workdaysOnly = false): NotificationPreferences {
  const p = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  p.schedule = { ...p.schedule, timezone, workdaysOnly, quietHours: quiet ? { enabled: true, ...quiet } : { ...p.schedule.quietHours, enabled: false } };
  return p;
}

const at = (iso: string) => new Date(iso);
const night = { startTime: '22:00', endTime: '08:00' };

describe('nextAllowedTime', () => {
  it('keeps an allowed instant', () => {
    expect(nextAllowedTime(window('Europe/Paris', night), at('2025-01-15T12:00:00Z')).toISOString()).toBe('2025-01-15T12:00:00.000Z');
  });

  it.each([
    ['before midnight, to the next morning', '2025-01-15T22:30:00Z', '2025-01-16T07:00:00.000Z'],
    ['after midnight, to the same morning', '2025-01-16T02:00:00Z', '2025-01-16T07:00:00.000Z'],
    ['at the first quiet minute', '2025-01-15T21:00:00Z', '2025-01-16T07:00:00.000Z'],
  ])('defers out of quiet hours that wrap midnight: %s', (_, from, expected) => {
    expect(nextAllowedTime(window('Europe/Paris', night), at(from)).toISOString()).toBe(expected);
  });

  it('defers out of daytime quiet hours to their end', () => {
    expect(nextAllowedTime(window('America/New_York', { startTime: '12:00', endTime: '13:30' }), at('2025-01-15T17:10:00Z')).toISOString()).toBe('2025-01-15T18:30:00.000Z');
  });

  it('ends quiet hours at the local time across the spring DST change (Paris, 30 March 2025)', () => {
    // 22:30 CET on the 29th; 08:00 on the 30th is CEST (UTC+2).
    expect(nextAllowedTime(window('Europe/Paris', night), at('2025-03-29T21:30:00Z')).toISOString()).toBe('2025-03-30T06:00:00.000Z');
  });

  it('ends quiet hours at the local time across the autumn DST change (New York, 2 November 2025)', () => {
    // 23:00 EDT on the 1st; 08:00 on the 2nd is EST (UTC-5).
    expect(nextAllowedTime(window('America/New_York', night), at('2025-11-02T03:00:00Z')).toISOString()).toBe('2025-11-02T13:00:00.000Z');
  });

  it('moves a weekend instant to Monday midnight with workdays only', () => {
    // Saturday 11 January 2025, 15:00 in Paris.
    expect(nextAllowedTime(window('Europe/Paris', null, true), at('2025-01-11T14:00:00Z')).toISOString()).toBe('2025-01-12T23:00:00.000Z');
  });

  it('combines workdays only with quiet hours: Friday night waits for Monday 08:00', () => {
    // Friday 10 January 2025, 23:00 in Paris.
    expect(nextAllowedTime(window('Europe/Paris', night, true), at('2025-01-10T22:00:00Z')).toISOString()).toBe('2025-01-13T07:00:00.000Z');
  });

  it('treats equal start and end as no quiet hours', () => {
    expect(nextAllowedTime(window('UTC', { startTime: '08:00', endTime: '08:00' }), at('2025-01-15T08:00:00Z')).toISOString()).toBe('2025-01-15T08:00:00.000Z');
  });
});

describe('latestLocalOccurrence', () => {
  it('finds this Monday 08:00 once it has passed', () => {
    // Wednesday 15 January 2025, 12:00 in New York.
    const r = latestLocalOccurrence('America/New_York', at('2025-01-15T17:00:00Z'), 0, '08:00');
    expect(r).toEqual({ date: '2025-01-13', instant: at('2025-01-13T13:00:00Z') });
  });

  it('finds last Monday when this Monday 08:00 is still ahead', () => {
    const r = latestLocalOccurrence('America/New_York', at('2025-01-13T12:59:00Z'), 0, '08:00');
    expect(r.date).toBe('2025-01-06');
  });

  it('is the occurrence itself at its exact minute', () => {
    expect(latestLocalOccurrence('America/New_York', at('2025-01-13T13:00:00Z'), 0, '08:00').date).toBe('2025-01-13');
  });

  it('finds yesterday for a daily time still ahead today', () => {
    // 08:00 on 16 January in Tokyo is 23:00 UTC on the 15th.
    expect(latestLocalOccurrence('Asia/Tokyo', at('2025-01-15T23:00:00Z'), null, '08:00')).toEqual({ date: '2025-01-16', instant: at('2025-01-15T23:00:00Z') });
    expect(latestLocalOccurrence('Asia/Tokyo', at('2025-01-15T22:59:00Z'), null, '08:00')).toEqual({ date: '2025-01-15', instant: at('2025-01-14T23:00:00Z') });
  });

  it('keeps 08:00 local across a DST change', () => {
    // Monday 10 March 2025 in New York is EDT (the change was Sunday the 9th).
    expect(latestLocalOccurrence('America/New_York', at('2025-03-12T12:00:00Z'), 0, '08:00').instant.toISOString()).toBe('2025-03-10T12:00:00.000Z');
  });
});

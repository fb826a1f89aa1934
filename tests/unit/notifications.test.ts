import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';
import { FALLBACK_TIMEZONES, SETTINGS_TIMEZONES, isSupportedTimezone, offsetMinutes } from '@/lib/timezones';
import { segmentCount } from '@/server/providers/sms/types';
import { inQuietHours } from '@/lib/notification-schedule';

function prefs(quietHours: Partial<NotificationPreferences['schedule']['quietHours']>, timezone: string): NotificationPreferences {
  const p = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  p.schedule.quietHours = { ...p.schedule.quietHours, enabled: true, ...quietHours };
  p.schedule.timezone = timezone;
  return p;
}

const at = (iso: string) => new Date(iso);

describe('inQuietHours', () => {
  describe('a window wrapping midnight, 22:00-08:00 in Europe/Paris', () => {
    const paris = prefs({ startTime: '22:00', endTime: '08:00' }, 'Europe/Paris');

    // January: Paris is UTC+1, so 22:00 local is 21:00Z and 08:00 local is 07:00Z.
    it.each([
      ['2025-01-15T20:59:00Z', '21:59 local', false],
      ['2025-01-15T21:00:00Z', '22:00 local', true],
      ['2025-01-15T23:30:00Z', '00:30 local, the next day', true],
      ['2025-01-16T02:00:00Z', '03:00 local', true],
      ['2025-01-16T06:59:00Z', '07:59 local', true],
      ['2025-01-16T07:00:00Z', '08:00 local', false],
      ['2025-01-16T11:00:00Z', 'noon local', false],
    ])('in winter at %s (%s): %s', (iso, _local, expected) => {
      expect(inQuietHours(paris, at(iso))).toBe(expected);
    });

    // July: Paris is UTC+2 (summer time), so 22:00 local is 20:00Z.
    it.each([
      ['2025-07-15T19:59:00Z', false],
      ['2025-07-15T20:00:00Z', true],
      ['2025-07-16T05:59:00Z', true],
      ['2025-07-16T06:00:00Z', false],
    ])('in summer at %s: %s', (iso, expected) => {
      expect(inQuietHours(paris, at(iso))).toBe(expected);
    });

    it('judges by the zone of the preferences, not UTC', () => {
      // 22:30Z is quiet in Paris (23:30) but not in New York (17:30).
      expect(inQuietHours(paris, at('2025-01-15T22:30:00Z'))).toBe(true);
      expect(inQuietHours({ ...paris, schedule: { ...paris.schedule, timezone: 'America/New_York' } }, at('2025-01-15T22:30:00Z'))).toBe(false);
    });
  });

  describe('a same-day window, 09:00-17:00 in Asia/Tokyo (UTC+9)', () => {
    const tokyo = prefs({ startTime: '09:00', endTime: '17:00' }, 'Asia/Tokyo');
    it.each([
      ['2025-03-10T23:59:00Z', '08:59 local', false],
      ['2025-03-11T00:00:00Z', '09:00 local', true],
      ['2025-03-11T03:00:00Z', 'noon local', true],
      ['2025-03-11T07:59:00Z', '16:59 local', true],
      ['2025-03-11T08:00:00Z', '17:00 local', false],
      ['2025-03-11T14:00:00Z', '23:00 local', false],
    ])('at %s (%s): %s', (iso, _local, expected) => {
      expect(inQuietHours(tokyo, at(iso))).toBe(expected);
    });
  });

  it('is never quiet when quiet hours are off, even inside the window', () => {
    const off = prefs({ enabled: false, startTime: '22:00', endTime: '08:00' }, 'Europe/Paris');
    expect(inQuietHours(off, at('2025-01-16T02:00:00Z'))).toBe(false);
  });

  it('uses the default 22:00-08:00 window of the spec in the default zone once enabled', () => {
    const p = prefs({}, DEFAULT_NOTIFICATION_PREFERENCES.schedule.timezone);
    expect(p.schedule.quietHours).toMatchObject({ startTime: '22:00', endTime: '08:00' });
    // New York in January is UTC-5: 03:30Z is 22:30 local, 14:00Z is 09:00 local.
    expect(inQuietHours(p, at('2025-01-16T03:30:00Z'))).toBe(true);
    expect(inQuietHours(p, at('2025-01-16T14:00:00Z'))).toBe(false);
  });
});

describe('segmentCount', () => {
  it.each([
    ['', 1],
    ['a'.repeat(160), 1],
    ['a'.repeat(161), 2],
    ['a'.repeat(306), 2],
    ['a'.repeat(307), 3],
  ])('counts GSM text of %#: %i segment(s)', (text, segments) => {
    expect(segmentCount(text)).toBe(segments);
  });

  it.each([
    ['é'.repeat(70), 1],
    ['é'.repeat(71), 2],
    ['é'.repeat(134), 2],
    ['é'.repeat(135), 3],
  ])('counts text outside plain ASCII as UCS-2 (70, then 67 per part): %#', (text, segments) => {
    expect(segmentCount(text)).toBe(segments);
  });

  it('counts an emoji as two UCS-2 units', () => {
    expect(segmentCount('😀'.repeat(35))).toBe(1);
    expect(segmentCount('😀'.repeat(36))).toBe(2);
  });

  it('switches to UCS-2 for one character outside GSM', () => {
    expect(segmentCount(`${'a'.repeat(100)}€`)).toBe(2);
    expect(segmentCount('a'.repeat(100))).toBe(1);
  });
});

describe('offsetMinutes', () => {
  it('follows daylight saving time: America/New_York is -240 in July and -300 in January', () => {
    expect(offsetMinutes('America/New_York', at('2025-07-15T12:00:00Z'))).toBe(-240);
    expect(offsetMinutes('America/New_York', at('2025-01-15T12:00:00Z'))).toBe(-300);
  });

  it('changes at the DST switch instant (2025-03-09 07:00Z in New York)', () => {
    expect(offsetMinutes('America/New_York', at('2025-03-09T06:59:59Z'))).toBe(-300);
    expect(offsetMinutes('America/New_York', at('2025-03-09T07:00:00Z'))).toBe(-240);
  });

  it.each([
    ['UTC', '2025-07-15T12:00:00Z', 0],
    ['Europe/London', '2025-01-15T12:00:00Z', 0],
    ['Europe/London', '2025-07-15T12:00:00Z', 60],
    ['Asia/Tokyo', '2025-07-15T12:00:00Z', 540],
    ['Asia/Kolkata', '2025-07-15T12:00:00Z', 330],
    ['Australia/Sydney', '2025-01-15T12:00:00Z', 660],
    ['Australia/Sydney', '2025-07-15T12:00:00Z', 600],
    ['America/Los_Angeles', '2025-01-15T12:00:00Z', -480],
  ])('%s at %s is %i', (zone, iso, offset) => {
    expect(offsetMinutes(zone, at(iso))).toBe(offset);
  });

  it('ignores the milliseconds of the instant', () => {
    expect(offsetMinutes('Asia/Tokyo', at('2025-07-15T12:00:00.999Z'))).toBe(540);
  });
});

describe('isSupportedTimezone', () => {
  it('accepts IANA zones, UTC and every zone the settings and fallbacks offer', () => {
    for (const zone of ['America/New_York', 'Europe/Paris', 'UTC', 'Etc/UTC', 'Etc/GMT', ...SETTINGS_TIMEZONES.map((z) => z.value), ...FALLBACK_TIMEZONES.map((z) => z.value)]) {
      expect(isSupportedTimezone(zone), zone).toBe(true);
    }
  });

  it.each(['', 'Mars/Olympus_Mons', 'america/new_york', 'EST5EDT-ish', 'UTC+2', 'Europe/Paris '])('refuses %j', (zone) => {
    expect(isSupportedTimezone(zone)).toBe(false);
  });
});

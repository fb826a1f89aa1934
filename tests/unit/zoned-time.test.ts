import { describe, expect, it } from 'vitest';
import { normaliseClientPhone } from '@/lib/schemas/workspace';
import { addDays, weekDates, zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';
import { progressPercent } from '@/server/services/goals';
import { sniffImage } from '@/server/services/profile-pictures';

const at = (iso: string) => new Date(iso);
const wallClock = (zone: string, iso: string) => {
  const p = zonedParts(zone, at(iso));
  return `${p.date} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')} w${p.weekday}`;
};

describe('zonedParts', () => {
  it('gives the wall clock of an instant with Monday as weekday 0', () => {
    expect(zonedParts('UTC', at('2026-01-05T10:07:00Z'))).toEqual({ date: '2026-01-05', year: 2026, month: 1, day: 5, hour: 10, minute: 7, minutes: 607, weekday: 0 });
    expect(zonedParts('UTC', at('2026-01-11T23:59:00Z')).weekday).toBe(6);
    // Midnight is hour 0, not 24.
    expect(zonedParts('America/New_York', at('2026-01-05T05:00:00Z'))).toMatchObject({ date: '2026-01-05', hour: 0, minute: 0, minutes: 0, weekday: 0 });
  });

  it('follows the spring-forward change in America/New_York (2026-03-08)', () => {
    expect(wallClock('America/New_York', '2026-03-08T06:59:00Z')).toBe('2026-03-08 01:59 w6');
    // 02:00 EST becomes 03:00 EDT.
    expect(wallClock('America/New_York', '2026-03-08T07:00:00Z')).toBe('2026-03-08 03:00 w6');
    expect(wallClock('America/New_York', '2026-03-09T03:59:00Z')).toBe('2026-03-08 23:59 w6');
    expect(wallClock('America/New_York', '2026-03-09T04:00:00Z')).toBe('2026-03-09 00:00 w0');
  });

  it('follows the fall-back change in America/New_York (2026-11-01)', () => {
    // 01:30 happens twice: first in EDT (UTC-4), then in EST (UTC-5).
    expect(wallClock('America/New_York', '2026-11-01T05:30:00Z')).toBe('2026-11-01 01:30 w6');
    expect(wallClock('America/New_York', '2026-11-01T06:30:00Z')).toBe('2026-11-01 01:30 w6');
    expect(wallClock('America/New_York', '2026-11-01T07:00:00Z')).toBe('2026-11-01 02:00 w6');
    expect(wallClock('America/New_York', '2026-11-02T04:59:00Z')).toBe('2026-11-01 23:59 w6');
    expect(wallClock('America/New_York', '2026-11-02T05:00:00Z')).toBe('2026-11-02 00:00 w0');
  });

  it('puts an instant on the next day east of UTC (Asia/Tokyo)', () => {
    expect(wallClock('Asia/Tokyo', '2026-01-04T14:59:00Z')).toBe('2026-01-04 23:59 w6');
    expect(wallClock('Asia/Tokyo', '2026-01-04T15:00:00Z')).toBe('2026-01-05 00:00 w0');
  });

  it('handles half- and quarter-hour offsets', () => {
    expect(wallClock('Asia/Kolkata', '2026-06-01T18:29:00Z')).toBe('2026-06-01 23:59 w0');
    expect(wallClock('Asia/Kathmandu', '2026-06-01T18:15:00Z')).toBe('2026-06-02 00:00 w1');
  });
});

describe('addDays', () => {
  it('moves on the calendar across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2027-01-01', -1)).toBe('2026-12-31');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-03-08', 0)).toBe('2026-03-08');
  });
});

describe('weekDates', () => {
  const week = (monday: string) => Array.from({ length: 7 }, (_, i) => addDays(monday, i));

  it('answers Monday to Sunday of the week that holds the instant', () => {
    expect(weekDates('UTC', at('2026-01-07T12:00:00Z'))).toEqual(week('2026-01-05'));
    expect(weekDates('UTC', at('2026-01-05T00:00:00Z'))).toEqual(week('2026-01-05'));
    expect(weekDates('UTC', at('2026-01-11T23:59:59Z'))).toEqual(week('2026-01-05'));
    expect(weekDates('UTC', at('2026-01-12T00:00:00Z'))).toEqual(week('2026-01-12'));
  });

  it('spans a month and a year end', () => {
    expect(weekDates('UTC', at('2026-12-31T12:00:00Z'))).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
  });

  it('uses the local date in America/New_York on DST Sundays', () => {
    // Sunday 2026-03-08 ends the week of Monday 2026-03-02, even after the clocks moved.
    expect(weekDates('America/New_York', at('2026-03-08T12:00:00Z'))).toEqual(week('2026-03-02'));
    expect(weekDates('America/New_York', at('2026-03-09T03:30:00Z'))).toEqual(week('2026-03-02'));
    expect(weekDates('America/New_York', at('2026-03-09T04:00:00Z'))).toEqual(week('2026-03-09'));
    expect(weekDates('America/New_York', at('2026-11-01T12:00:00Z'))).toEqual(week('2026-10-26'));
    expect(weekDates('America/New_York', at('2026-11-02T04:59:00Z'))).toEqual(week('2026-10-26'));
    expect(weekDates('America/New_York', at('2026-11-02T05:00:00Z'))).toEqual(week('2026-11-02'));
  });

  it('starts the next week earlier in UTC for a zone east of UTC (Asia/Tokyo)', () => {
    // Sunday 15:30 UTC is already Monday in Tokyo.
    expect(weekDates('Asia/Tokyo', at('2026-03-08T15:30:00Z'))).toEqual(week('2026-03-09'));
    expect(weekDates('UTC', at('2026-03-08T15:30:00Z'))).toEqual(week('2026-03-02'));
  });
});

describe('zonedTimeToInstant', () => {
  it.each([
    ['UTC', '2026-01-05', '09:00', '2026-01-05T09:00:00.000Z'],
    ['America/New_York', '2026-01-05', '09:00', '2026-01-05T14:00:00.000Z'],
    ['America/New_York', '2026-07-06', '09:00', '2026-07-06T13:00:00.000Z'],
    // Spring forward: before and after the gap.
    ['America/New_York', '2026-03-08', '00:00', '2026-03-08T05:00:00.000Z'],
    ['America/New_York', '2026-03-08', '01:59', '2026-03-08T06:59:00.000Z'],
    ['America/New_York', '2026-03-08', '03:00', '2026-03-08T07:00:00.000Z'],
    ['America/New_York', '2026-03-09', '00:00', '2026-03-09T04:00:00.000Z'],
    // Fall back: 01:30 happens twice; the first (EDT) is taken.
    ['America/New_York', '2026-11-01', '00:30', '2026-11-01T04:30:00.000Z'],
    ['America/New_York', '2026-11-01', '01:30', '2026-11-01T05:30:00.000Z'],
    ['America/New_York', '2026-11-01', '02:00', '2026-11-01T07:00:00.000Z'],
    ['America/New_York', '2026-11-02', '00:00', '2026-11-02T05:00:00.000Z'],
    // East of UTC: local midnight is the day before in UTC.
    ['Asia/Tokyo', '2026-03-09', '00:00', '2026-03-08T15:00:00.000Z'],
    ['Asia/Tokyo', '2026-01-01', '08:59', '2025-12-31T23:59:00.000Z'],
    ['Asia/Kathmandu', '2026-06-02', '00:00', '2026-06-01T18:15:00.000Z'],
  ])('%s %s %s is %s', (zone, date, time, iso) => {
    expect(zonedTimeToInstant(zone, date, time).toISOString()).toBe(iso);
  });

  it('reads a time inside a spring-forward gap with the offset before the change (RFC 5545)', () => {
    // 02:30 does not exist in New York on 2026-03-08: 02:30 EST is 03:30 EDT.
    expect(zonedTimeToInstant('America/New_York', '2026-03-08', '02:30').toISOString()).toBe('2026-03-08T07:30:00.000Z');
    // Nor 01:30 in London on 2026-03-29: 01:30 GMT is 02:30 BST.
    expect(zonedTimeToInstant('Europe/London', '2026-03-29', '01:30').toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('takes the first of the two times in a fold, west and east of UTC', () => {
    expect(zonedTimeToInstant('America/New_York', '2026-11-01', '01:00').toISOString()).toBe('2026-11-01T05:00:00.000Z');
    // 01:30 BST, not 01:30 GMT.
    expect(zonedTimeToInstant('Europe/London', '2026-10-25', '01:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
    // 02:30 CEST, not 02:30 CET.
    expect(zonedTimeToInstant('Europe/Paris', '2026-10-25', '02:30').toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('round-trips every half hour of the DST weeks in several zones', () => {
    const zones = ['America/New_York', 'Asia/Tokyo', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham'];
    const ranges = [
      ['2026-03-05T00:00:00Z', '2026-03-12T00:00:00Z'],
      ['2026-03-26T00:00:00Z', '2026-04-08T00:00:00Z'],
      ['2026-09-24T00:00:00Z', '2026-10-08T00:00:00Z'],
      ['2026-10-22T00:00:00Z', '2026-11-05T00:00:00Z'],
    ];
    let checked = 0;
    for (const zone of zones) {
      for (const [from, to] of ranges) {
        for (let t = Date.parse(from!); t < Date.parse(to!); t += 30 * 60_000) {
          const p = zonedParts(zone, new Date(t));
          const time = `${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
          const back = zonedTimeToInstant(zone, p.date, time);
          // The same wall clock; in a fold, the first of the two instants.
          expect(zonedParts(zone, back), `${zone} ${new Date(t).toISOString()}`).toEqual(p);
          expect(back.getTime()).toBeLessThanOrEqual(t);
          expect(t - back.getTime()).toBeLessThanOrEqual(60 * 60_000);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
  }, 30_000); // CPU-bound (thousands of zone conversions): a loaded CI machine takes several times its 1.4 s.
});

describe('normaliseClientPhone (edit client, product §2.5)', () => {
  it.each([
    ['5551234567', '+15551234567'],
    ['15551234567', '+15551234567'],
    ['+15551234567', '+15551234567'],
    ['(555) 123-4567', '+15551234567'],
    ['1 (555) 123-4567', '+15551234567'],
    ['+1 555.123.4567', '+15551234567'],
  ])('%j becomes %j', (input, expected) => {
    expect(normaliseClientPhone(input)).toBe(expected);
  });

  it.each(['', '555123', '555123456', '25551234567', '155512345678', '+445551234567', 'no digits'])('%j cannot be normalised', (input) => {
    expect(normaliseClientPhone(input)).toBeNull();
  });
});

describe('progressPercent (product §2.9)', () => {
  it.each([
    [0, 10, 0],
    [5, 10, 50],
    [10, 10, 100],
    [15, 10, 100],
    [1, 3, 33.3],
    [2, 3, 66.7],
    [0.5, 1, 50],
    [62.5, 100, 62.5],
  ])('%d of %d is %d %', (current, target, expected) => {
    expect(progressPercent(current, target)).toBe(expected);
  });

  it('is 0 when the target is not a positive number', () => {
    expect(progressPercent(5, null)).toBe(0);
    expect(progressPercent(5, 0)).toBe(0);
    expect(progressPercent(5, -10)).toBe(0);
    expect(progressPercent(5, Number.NaN)).toBe(0);
  });
});

describe('sniffImage', () => {
  const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
  const PNG_SIG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  it.each([
    ['PNG', bytes(PNG_SIG, [0, 0, 0, 13]), 'image/png', 'png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), 'image/jpeg', 'jpg'],
    ['GIF87a', bytes('GIF87a', [1, 0]), 'image/gif', 'gif'],
    ['GIF89a', bytes('GIF89a', [1, 0]), 'image/gif', 'gif'],
    ['WebP', bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8 '), 'image/webp', 'webp'],
  ])('knows %s by its first bytes', (_name, data, type, ext) => {
    expect(sniffImage(data)).toMatchObject({ type, ext });
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['text', bytes('hello, I am a picture')],
    ['PDF', bytes('%PDF-1.7\n')],
    ['a truncated PNG signature', bytes(PNG_SIG.slice(0, 7))],
    ['a PNG signature with one wrong byte', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b])],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [26, 0, 0, 0], 'WAVEfmt ')],
    ['BMP', bytes('BM', [0, 0, 0, 0])],
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['GIF without a version', bytes('GIF8', [0, 0])],
    ['JPEG start without the third marker byte', bytes([0xff, 0xd8, 0x00])],
  ])('refuses %s', (_name, data) => {
    expect(sniffImage(data)).toBeNull();
  });
});

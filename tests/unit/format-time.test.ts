import { describe, expect, it } from 'vitest';
import { clocksDiffer, formatClock, formatClockTime, formatDateTime, formatFullDateTime, formatTime, formatTimeOfDay, labelZone, zoneCity } from '@/lib/format-time';

// 05:06:07 UTC: 2:06 PM on Mar 4 in Tokyo, 9:06 PM on Mar 3 in Los Angeles (PST, before the DST change).
const AT = '2026-03-04T05:06:07Z';

describe('lib/format-time (decision 0092)', () => {
  it('writes an instant in the zone it is given, whatever the process zone', () => {
    expect(formatFullDateTime(AT, 'Asia/Tokyo')).toBe('Mar 4, 2026, 2:06:07 PM');
    expect(formatFullDateTime(AT, 'America/Los_Angeles')).toBe('Mar 3, 2026, 9:06:07 PM');
    expect(formatDateTime(AT, 'Asia/Tokyo')).toBe('Wed, Mar 4, 2:06 PM');
  });

  it('names the zone only when the reader’s clock would read another time', () => {
    expect(labelZone('2:06 PM', AT, 'Asia/Tokyo', 'America/Los_Angeles')).toBe('2:06 PM (Tokyo)');
    expect(labelZone('2:06 PM', AT, 'Asia/Tokyo', 'Asia/Tokyo')).toBe('2:06 PM');
    // Same offset, other name: the clocks agree, nothing to warn about.
    expect(clocksDiffer('Asia/Tokyo', 'Asia/Seoul', AT)).toBe(false);
    expect(labelZone('2:06 PM', AT, 'Asia/Tokyo', null)).toBe('2:06 PM');
    expect(zoneCity('America/New_York')).toBe('New York');
  });

  it('writes every time of day on the 12-hour clock (issue 20 item 5, decision 0099)', () => {
    expect(formatClock(0, 5)).toBe('12:05 AM');
    expect(formatClock(12, 0)).toBe('12:00 PM');
    expect(formatClock(14, 5)).toBe('2:05 PM');
    expect(formatTime(AT, 'Asia/Tokyo')).toBe('2:06 PM');
    // The header clock ticks with seconds, without a leading zero on the hour.
    expect(formatClockTime(AT, 'America/Los_Angeles')).toBe('9:06:07 PM');
    expect(formatClockTime(AT, 'Asia/Kolkata')).toBe('10:36:07 AM');
  });

  it('reads a machine HH:MM (an input or schedule slot value) as 12-hour; anything else as typed', () => {
    expect(formatTimeOfDay('08:00')).toBe('8:00 AM');
    expect(formatTimeOfDay('19:30')).toBe('7:30 PM');
    expect(formatTimeOfDay('00:00')).toBe('12:00 AM');
    expect(formatTimeOfDay('23:59')).toBe('11:59 PM');
    for (const raw of ['', '19:', '7:30', '24:00', '12:60', 'noon']) expect(formatTimeOfDay(raw)).toBe(raw);
  });
});

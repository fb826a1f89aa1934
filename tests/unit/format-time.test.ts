import { describe, expect, it } from 'vitest';
import { clocksDiffer, formatDateTime, formatFullDateTime, labelZone, zoneCity } from '@/lib/format-time';

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
});

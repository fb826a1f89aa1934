import { describe, expect, it } from 'vitest';
import { excerpt, formatPhone, formatSlotTime, relativeTime, relativeTimeChangesIn } from '@/components/workspace/format';
import { respondingText, responseRate, weeklyProgress } from '@/components/workspace/metrics';
import { checkInBadge, moodOf } from '@/components/workspace/status';
import type { CheckInDto } from '@/components/workspace/types';

const NOW = new Date('2026-11-18T15:00:00Z'); // a Wednesday, 10:00 in New York

function checkIn(fields: Partial<CheckInDto> = {}): CheckInDto {
  return {
    _id: 'c',
    id: 'c',
    status: 'completed',
    createdAt: NOW.toISOString(),
    updatedAt: NOW.toISOString(),
    scheduledFor: null,
    sentAt: null,
    respondedAt: null,
    goal: null,
    isGlobalCheckIn: true,
    cancelledGoals: [],
    aiMessage: null,
    clientResponse: null,
    aiResponse: null,
    coachSummary: null,
    insights: [],
    executiveSummary: null,
    motivation: null,
    engagementAssessment: null,
    concerns: [],
    value: null,
    progressUpdates: [],
    failureReason: null,
    channel: null,
    channelNote: null,
    followUpStatus: null,
    followUpSentAt: null,
    delivery: null,
    followUpDelivery: null,
    ...fields,
  };
}


describe('coach workspace formulas (product §2.9)', () => {
  it('weekly progress averages min(current / target, 100 %) over goals with a positive target', () => {
    expect(weeklyProgress([{ currentValue: 5, target: 10 }, { currentValue: 30, target: 10 }, { currentValue: 3, target: null }, { currentValue: 1, target: 0 }])).toBe(75);
    expect(weeklyProgress([{ currentValue: 3, target: null }])).toBeNull();
  });

  it('response rate is responses in 30 days over 4 × scheduled days, capped at 100', () => {
    const schedule = { '0': [{ id: 'a', time: '09:00', enabled: true }], '2': [{ id: 'b', time: '09:00', enabled: true }], '4': [{ id: 'c', time: '09:00', enabled: false }] };
    const replied = (daysAgo: number) => checkIn({ respondedAt: new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString(), clientResponse: 'ok' });
    expect(responseRate([replied(1), replied(2), replied(3), checkIn({ status: 'no_response' }), replied(40)], schedule, NOW)).toBe(38);
    expect(responseRate(Array.from({ length: 12 }, () => replied(1)), schedule, NOW)).toBe(100);
    expect(responseRate([replied(1)], {}, NOW)).toBeNull();
  });

  // The slot counts, the next check-ins and Recent Activity are aggregates of the server now (tests/api/client-list.test.ts).
  it('words the Responding card', () => {
    expect(respondingText(0, 0)).toBe('No clients yet');
    expect(respondingText(0, 2)).toBe('None this week');
    expect(respondingText(2, 2)).toBe('All clients');
    expect(respondingText(1, 3)).toBe('1 of 3 clients');
  });

  it('derives the mood face and the history badges', () => {
    expect(moodOf(checkIn({ motivation: 'high', engagementAssessment: 'bad' }))).toBe('happy');
    expect(moodOf(checkIn({ engagementAssessment: 'great' }))).toBe('happy');
    expect(moodOf(checkIn({ motivation: 'low' }))).toBe('sad');
    expect(moodOf(checkIn({ engagementAssessment: 'bad' }))).toBe('sad');
    expect(moodOf(checkIn({ motivation: 'medium', engagementAssessment: 'okay' }))).toBe('neutral');
    expect(moodOf(null)).toBeNull();
    expect(['completed', 'responded', 'sent', 'no_response', 'upcoming', 'failed'].map((s) => checkInBadge(s))).toEqual([
      { label: 'Completed', tone: 'green' },
      { label: 'Responded', tone: 'amber' },
      { label: 'Sent', tone: 'purple' },
      { label: 'No response', tone: 'red' },
      { label: 'Upcoming', tone: 'grey' },
      { label: 'Unknown', tone: 'grey' },
    ]);
  });

  it('formats times, excerpts and phone numbers', () => {
    const zone = 'America/New_York';
    expect(relativeTime('2026-11-18T14:30:00Z', zone, NOW)).toBe('Just now');
    expect(relativeTime('2026-11-18T10:00:00Z', zone, NOW)).toBe('5h ago');
    expect(relativeTime('2026-11-15T15:00:00Z', zone, NOW)).toBe('3d ago');
    expect(relativeTime('2026-11-01T15:00:00Z', zone, NOW)).toBe('Nov 1');
    expect(relativeTime('2026-11-18T14:30:00Z', zone, new Date(NOW.getTime() + 27 * 60_000))).toBe('Just now');
    expect(relativeTime('2026-11-18T14:30:00Z', zone, new Date(NOW.getTime() + 30 * 60_000))).toBe('1h ago');
    expect(formatSlotTime('00:05')).toBe('12:05 AM');
    expect(formatSlotTime('19:00')).toBe('7:00 PM');
    expect(excerpt('x'.repeat(80))).toHaveLength(60);
    expect(excerpt('short')).toBe('short');
    expect(formatPhone('+15555550142')).toBe('(555) 555-0142');
  });
});

// A label rendered once stayed as it was while the page was open ("Just now" 27 minutes later, an
// hour on): the card re-renders when relativeTimeChangesIn says its label turns over.
describe('relativeTimeChangesIn', () => {
  const MIN = 60_000;
  const zone = 'America/New_York';
  const at = (iso: string, ms: number) => new Date(new Date(iso).getTime() + ms);
  it('says when the label turns over, and it does turn over then', () => {
    const event = '2026-11-18T14:30:00Z';
    for (const now of [NOW, at(event, 59 * MIN), at(event, 3 * 60 * MIN + 7 * MIN), at(event, 2 * 24 * 60 * MIN + 5 * MIN)]) {
      const wait = relativeTimeChangesIn(event, now)!;
      expect(wait).toBeGreaterThan(0);
      const before = relativeTime(event, zone, new Date(now.getTime() + wait - 1));
      expect(before).toBe(relativeTime(event, zone, now));
      expect(relativeTime(event, zone, new Date(now.getTime() + wait))).not.toBe(before);
    }
    expect(relativeTimeChangesIn(event, NOW)).toBe(30 * MIN);
    expect(relativeTimeChangesIn(event, at(event, 3 * 60 * MIN + 7 * MIN))).toBe(53 * MIN);
  });
  it('is null once the label is a date', () => {
    expect(relativeTimeChangesIn('2026-11-01T15:00:00Z', NOW)).toBeNull();
  });
});

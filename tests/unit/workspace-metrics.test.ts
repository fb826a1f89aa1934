import { describe, expect, it } from 'vitest';
import { excerpt, formatPhone, formatSlotTime, relativeTime } from '@/components/workspace/format';
import { nextCheckIns, recentActivity, respondingSummary, responseRate, scheduledSlotCount, weeklyProgress } from '@/components/workspace/metrics';
import { checkInBadge, moodOf } from '@/components/workspace/status';
import type { CheckInDto, ClientDto, WeekStatus } from '@/components/workspace/types';

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

function client(fields: Partial<ClientDto> & { week?: WeekStatus[] } = {}): ClientDto {
  const { week = [], ...rest } = fields;
  return {
    _id: 'id',
    id: 'id',
    username: 'Ada Lee',
    firstName: 'Ada',
    lastName: 'Lee',
    email: 'ada@example.com',
    phone: '+15555550100',
    timezone: 'America/New_York',
    profilePic: null,
    status: 'active',
    archived: false,
    checkInsHeld: false,
    checkInSchedule: {},
    executiveSummary: null,
    latestCheckIn: null,
    goals: [],
    weeklyCheckIns: Array.from({ length: 7 }, (_, i) => ({ dayIndex: i, day: 'monday', date: '2026-11-16', status: week[i] ?? 'none', checkInId: null, times: [] })),
    lastResponseDate: null,
    lastCheckInDate: null,
    createdAt: NOW.toISOString(),
    ...rest,
  } as ClientDto;
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

  it('counts enabled slots of clients that are not held or archived', () => {
    const schedule = { '0': [{ id: 'a', time: '09:00', enabled: true }, { id: 'b', time: '18:00', enabled: false }], '3': [{ id: 'c', time: '07:00', enabled: true }] };
    expect(scheduledSlotCount([client({ checkInSchedule: schedule }), client({ checkInSchedule: schedule, checkInsHeld: true })])).toBe(2);
  });

  it('lists the next check-ins in time order, each in its client own timezone', () => {
    const ny = client({ id: 'ny', username: 'New York', checkInSchedule: { '2': [{ id: 'a', time: '09:00', enabled: true }, { id: 'b', time: '11:00', enabled: true }] } });
    const tokyo = client({ id: 'tk', username: 'Tokyo', timezone: 'Asia/Tokyo', checkInSchedule: { '3': [{ id: 'c', time: '01:00', enabled: true }] } });
    const next = nextCheckIns([ny, tokyo], NOW, 3);
    // Wed 11:00 New York = 16:00 UTC; Thu 01:00 Tokyo = Wed 16:00 UTC too, then next Wed 09:00 New York.
    expect(next.map((n) => [n.clientName, n.at.toISOString()])).toEqual([
      ['New York', '2026-11-18T16:00:00.000Z'],
      ['Tokyo', '2026-11-18T16:00:00.000Z'],
      ['New York', '2026-11-25T14:00:00.000Z'],
    ]);
  });

  it('words the Responding card', () => {
    expect(respondingSummary([]).text).toBe('No clients yet');
    expect(respondingSummary([client(), client()]).text).toBe('None this week');
    expect(respondingSummary([client({ week: ['completed'] }), client({ week: ['none', 'responded'] })]).text).toBe('All clients');
    expect(respondingSummary([client({ week: ['completed'] }), client({ week: ['sent'] }), client()]).text).toBe('1 of 3 clients');
  });

  it('takes each client latest check-in for Recent Activity, newest first, reply before AI message', () => {
    const a = client({ id: 'a', username: 'A', latestCheckIn: checkIn({ id: '1', createdAt: '2026-11-17T10:00:00Z', aiMessage: 'How are you?', clientResponse: 'Great' }) });
    const b = client({ id: 'b', username: 'B', latestCheckIn: checkIn({ id: '2', createdAt: '2026-11-18T10:00:00Z', aiMessage: 'Checking in' }) });
    expect(recentActivity([a, b, client({ id: 'c' })]).map((x) => [x.clientName, x.text])).toEqual([
      ['B', 'Checking in'],
      ['A', 'Great'],
    ]);
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
    expect(formatSlotTime('00:05')).toBe('12:05 AM');
    expect(formatSlotTime('19:00')).toBe('7:00 PM');
    expect(excerpt('x'.repeat(80))).toHaveLength(60);
    expect(excerpt('short')).toBe('short');
    expect(formatPhone('+15555550142')).toBe('(555) 555-0142');
  });
});

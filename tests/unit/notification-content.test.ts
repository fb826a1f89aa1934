import { describe, expect, it } from 'vitest';
import { bundleSummaryLine, composeBundle, deliveryTime, nextDayStart, periodEnd, renderNotification, type NotificationText } from '@/lib/notification-content';
import { DEFAULT_NOTIFICATION_PREFERENCES, type NotificationPreferences } from '@/lib/preferences';

const at = (iso: string) => new Date(iso);

function prefs(change: (p: NotificationPreferences) => void): NotificationPreferences {
  const p = structuredClone(DEFAULT_NOTIFICATION_PREFERENCES);
  p.schedule.timezone = 'Europe/Paris';
  change(p);
  return p;
}

const reply: NotificationText = {
  type: 'checkin_response',
  message: 'Ana Lopez replied to the check-in: "Ran twice"',
  details: {
    clientName: 'Ana Lopez',
    summary: 'Two runs this week, knee feels better.',
    goalChanges: [{ title: 'Runs per week', from: 1, to: 2, unit: 'runs', completed: false }],
  },
};
const goal: NotificationText = {
  type: 'goal_completed',
  message: 'Ben reached the target of "Read 10 books" (10 books).',
  details: { clientName: 'Ben', goalChanges: [{ title: 'Read 10 books', from: 9, to: 10, unit: 'books', completed: true }] },
};
const missed: NotificationText = { type: 'missed_checkin', message: 'Cleo did not reply to the check-in within 24 h.', details: { clientName: 'Cleo', question: 'How did the week go?' } };

describe('renderNotification', () => {
  it('minimal is the title line: who and what, nothing the client wrote', () => {
    expect(renderNotification(reply, 'minimal')).toBe('Ana Lopez replied');
    expect(renderNotification(goal, 'minimal')).toBe('Ben reached a goal');
    expect(renderNotification(missed, 'minimal')).toBe('Cleo missed a check-in');
    // Without a client name, the type's title.
    expect(renderNotification({ type: 'system', message: 'AI check-ins paused' }, 'minimal')).toBe('Cadence');
    expect(renderNotification({ type: 'checkin_response', message: 'x' }, 'minimal')).toBe('Client reply');
  });

  it('standard is the message as sent before detail levels existed', () => {
    expect(renderNotification(reply, 'standard')).toBe(reply.message);
  });

  it('detailed adds the AI summary, the goal changes and the question asked', () => {
    expect(renderNotification(reply, 'detailed')).toBe(`${reply.message}\nSummary: Two runs this week, knee feels better.\nGoal: Runs per week: 1 runs → 2 runs`);
    expect(renderNotification(goal, 'detailed')).toBe(`${goal.message}\nGoal: Read 10 books: 9 books → 10 books (target reached)`);
    expect(renderNotification(missed, 'detailed')).toBe(`${missed.message}\nAsked: "How did the week go?"`);
    // Nothing more to say: the standard message.
    expect(renderNotification({ type: 'system', message: 'Paused' }, 'detailed')).toBe('Paused');
  });
});

describe('bundleSummaryLine', () => {
  it('counts by type in a fixed order, singular and plural', () => {
    expect(bundleSummaryLine(['missed_checkin', 'checkin_response', 'goal_completed', 'checkin_response', 'checkin_response'])).toBe('3 replies, 1 goal reached, 1 missed check-in');
    expect(bundleSummaryLine(['goal_completed', 'goal_completed', 'system'])).toBe('2 goals reached, 1 account notice');
    expect(bundleSummaryLine(['test'])).toBe('1 other');
  });
});

describe('composeBundle', () => {
  it('starts with the overview when summary is on, then one entry per notification at the detail level', () => {
    expect(composeBundle([reply, goal], { summary: true, detailLevel: 'minimal' })).toBe('1 reply, 1 goal reached\n\n• Ana Lopez replied\n• Ben reached a goal');
    expect(composeBundle([reply, goal], { summary: false, detailLevel: 'standard' })).toBe(`• ${reply.message}\n• ${goal.message}`);
    // Detail lines stay indented under their entry.
    expect(composeBundle([missed], { summary: false, detailLevel: 'detailed' })).toBe(`• ${missed.message}\n  Asked: "How did the week go?"`);
  });
});

describe('periodEnd', () => {
  it('hourly: the next top of the local hour (a half-hour zone included)', () => {
    expect(periodEnd('hourly', 'Europe/Paris', at('2026-03-10T09:20:30Z')).toISOString()).toBe('2026-03-10T10:00:00.000Z');
    expect(periodEnd('hourly', 'Europe/Paris', at('2026-03-10T09:00:00Z')).toISOString()).toBe('2026-03-10T10:00:00.000Z');
    // Kolkata is UTC+5:30: 09:20Z is 14:50 local, the hour ends at 15:00 local = 09:30Z.
    expect(periodEnd('hourly', 'Asia/Kolkata', at('2026-03-10T09:20:00Z')).toISOString()).toBe('2026-03-10T09:30:00.000Z');
  });

  it('daily: the next 08:00 local, across the spring DST change', () => {
    // Paris 2026-03-28 23:00 local (UTC+1); the next 08:00 is on the 29th, after clocks went forward (UTC+2).
    expect(periodEnd('daily', 'Europe/Paris', at('2026-03-28T22:00:00Z')).toISOString()).toBe('2026-03-29T06:00:00.000Z');
    expect(periodEnd('daily', 'Europe/Paris', at('2026-03-29T06:00:00Z')).toISOString()).toBe('2026-03-30T06:00:00.000Z');
  });

  it('weekly: the next Monday 08:00 local', () => {
    // Wednesday 2026-03-11 → Monday 2026-03-16 08:00 Paris (UTC+1).
    expect(periodEnd('weekly', 'Europe/Paris', at('2026-03-11T12:00:00Z')).toISOString()).toBe('2026-03-16T07:00:00.000Z');
    // Monday 07:59 local belongs to the week ending that morning.
    expect(periodEnd('weekly', 'Europe/Paris', at('2026-03-16T06:59:00Z')).toISOString()).toBe('2026-03-16T07:00:00.000Z');
  });
});

describe('deliveryTime', () => {
  it('immediate and allowed: now; urgent: now whatever the settings', () => {
    const p = prefs((x) => (x.schedule.quietHours = { enabled: true, startTime: '22:00', endTime: '07:00' }));
    expect(deliveryTime(p, at('2026-03-10T12:00:00Z'), false).toISOString()).toBe('2026-03-10T12:00:00.000Z');
    expect(deliveryTime(p, at('2026-03-10T23:00:00Z'), true).toISOString()).toBe('2026-03-10T23:00:00.000Z');
  });

  it('a period end inside quiet hours moves to their end', () => {
    const p = prefs((x) => {
      x.content.frequency = 'hourly';
      x.schedule.quietHours = { enabled: true, startTime: '22:00', endTime: '07:00' };
    });
    // 21:30 Paris: the hour ends at 22:00, inside quiet hours, so 07:00 the next morning.
    expect(deliveryTime(p, at('2026-03-10T20:30:00Z'), false).toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });

  it('the daily cap holds to the next local day, its first allowed instant', () => {
    const p = prefs((x) => (x.schedule.quietHours = { enabled: true, startTime: '22:00', endTime: '07:00' }));
    expect(nextDayStart(p, at('2026-03-10T15:00:00Z')).toISOString()).toBe('2026-03-11T06:00:00.000Z');
  });
});

import { NEXT_CHECK_INS_ITEMS, RECENT_ACTIVITY_ITEMS, WEEKDAYS } from '@/lib/constants';
import type { CheckInSchedule, DayKey } from '@/lib/preferences';
import { addDays, zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';
import { RESPONDED_STATUSES } from './status';
import type { CheckInDto, ClientDto, ClientGoal } from './types';

const DAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const satisfies readonly DayKey[];
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** Clients whose check-ins go out: not archived and not on hold. */
const sending = (c: ClientDto) => !c.archived && !c.checkInsHeld;

/** Scheduled Check-ins this week: the enabled weekly slots of every client whose check-ins go out. */
export function scheduledSlotCount(clients: ClientDto[]): number {
  return clients.filter(sending).reduce((sum, c) => sum + DAY_KEYS.reduce((n, d) => n + (c.checkInSchedule[d] ?? []).filter((s) => s.enabled).length, 0), 0);
}

/** Enabled slots per weekday, Monday first, of the clients whose check-ins go out. */
export function slotsPerDay(clients: ClientDto[]): number[] {
  return DAY_KEYS.map((d) => clients.filter(sending).reduce((n, c) => n + (c.checkInSchedule[d] ?? []).filter((s) => s.enabled).length, 0));
}

export interface UpcomingCheckIn {
  clientId: string;
  clientName: string;
  at: Date;
  time: string;
}

/** The next check-ins from now on, each slot placed in its client's own timezone. */
export function nextCheckIns(clients: ClientDto[], now = new Date(), limit = NEXT_CHECK_INS_ITEMS): UpcomingCheckIn[] {
  const upcoming: UpcomingCheckIn[] = [];
  for (const client of clients.filter(sending)) {
    const today = zonedParts(client.timezone, now);
    // Eight days so a slot earlier today still appears once, a week from now.
    for (let offset = 0; offset <= 7; offset++) {
      const date = addDays(today.date, offset);
      const dayIndex = (today.weekday + offset) % 7;
      for (const slot of client.checkInSchedule[DAY_KEYS[dayIndex]!] ?? []) {
        if (!slot.enabled) continue;
        const at = zonedTimeToInstant(client.timezone, date, slot.time);
        if (at > now) upcoming.push({ clientId: client.id, clientName: client.username, at, time: slot.time });
      }
    }
  }
  return upcoming.sort((a, b) => a.at.getTime() - b.at.getTime()).slice(0, limit);
}

export function respondedThisWeek(client: ClientDto): boolean {
  return client.weeklyCheckIns.some((d) => RESPONDED_STATUSES.includes(d.status));
}

/** Responding this week (product §2.2): 'X of Y clients', 'All clients', 'None this week' or 'No clients yet'. */
export function respondingSummary(clients: ClientDto[]): { responded: number; total: number; text: string } {
  const total = clients.length;
  const responded = clients.filter(respondedThisWeek).length;
  const text = total === 0 ? 'No clients yet' : responded === 0 ? 'None this week' : responded === total ? 'All clients' : `${responded} of ${total} clients`;
  return { responded, total, text };
}

/** How this week's check-ins went so far, across every client's bubble row. */
export function weekStatusCounts(clients: ClientDto[]): Record<'completed' | 'responded' | 'no_response' | 'missed', number> {
  const counts = { completed: 0, responded: 0, no_response: 0, missed: 0 };
  for (const c of clients) for (const d of c.weeklyCheckIns) if (d.status in counts) counts[d.status as keyof typeof counts] += 1;
  return counts;
}

/** Clients expecting check-ins who have not answered one yet this week. */
export function awaitingReply(clients: ClientDto[]): ClientDto[] {
  return clients.filter((c) => sending(c) && !respondedThisWeek(c));
}

/** When a check-in last moved: the reply, else the sending, else its creation. */
export const checkInTime = (c: Pick<CheckInDto, 'respondedAt' | 'sentAt' | 'createdAt'>) => c.respondedAt ?? c.sentAt ?? c.createdAt;

export interface Activity {
  clientId: string;
  clientName: string;
  checkIn: CheckInDto;
  at: string;
  text: string;
}

/** Recent Activity: the latest check-in of each client, newest first, the reply or else the AI's message. */
export function recentActivity(clients: ClientDto[], limit = RECENT_ACTIVITY_ITEMS): Activity[] {
  return clients
    .flatMap((c) => (c.latestCheckIn ? [{ clientId: c.id, clientName: c.username, checkIn: c.latestCheckIn, at: checkInTime(c.latestCheckIn), text: c.latestCheckIn.clientResponse || c.latestCheckIn.aiMessage || '' }] : []))
    .sort((a, b) => new Date(b.at).getTime() - new Date(a.at).getTime())
    .slice(0, limit);
}

/** Days of the week with at least one enabled slot. */
export function scheduledDaysPerWeek(schedule: CheckInSchedule): number {
  return DAY_KEYS.filter((d) => (schedule[d] ?? []).some((s) => s.enabled)).length;
}

/**
 * Response Rate (product §2.9): responses in the last 30 days ÷ (4 × scheduled days per week), capped
 * at 100. Null when nothing is scheduled (no rate to speak of).
 */
export function responseRate(checkIns: CheckInDto[], schedule: CheckInSchedule, now = new Date()): number | null {
  const days = scheduledDaysPerWeek(schedule);
  if (days === 0) return null;
  const since = now.getTime() - THIRTY_DAYS_MS;
  const responses = checkIns.filter((c) => {
    if (!c.respondedAt && !c.clientResponse) return false;
    return new Date(c.respondedAt ?? c.createdAt).getTime() >= since;
  }).length;
  return Math.min(100, Math.round((responses / (4 * days)) * 100));
}

/** Weekly Progress (product §2.9): the average of min(current / target, 100 %) over goals with a target above 0. */
export function weeklyProgress(goals: Pick<ClientGoal, 'currentValue' | 'target'>[]): number | null {
  const trackable = goals.filter((g) => typeof g.target === 'number' && g.target > 0 && typeof g.currentValue === 'number');
  if (trackable.length === 0) return null;
  const sum = trackable.reduce((s, g) => s + Math.min(Math.max((g.currentValue as number) / (g.target as number), 0), 1), 0);
  return Math.round((sum / trackable.length) * 100);
}

export const weekdayName = (dayIndex: number) => {
  const day = WEEKDAYS[dayIndex] ?? 'monday';
  return day[0]!.toUpperCase() + day.slice(1);
};

import { WEEKDAYS } from '@/lib/constants';
import type { CheckInSchedule, DayKey } from '@/lib/preferences';
import type { CheckInDto, ClientGoal } from './types';

const DAY_KEYS = ['0', '1', '2', '3', '4', '5', '6'] as const satisfies readonly DayKey[];
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

/** Responding this week (product §2.2): 'X of Y clients', 'All clients', 'None this week' or 'No clients yet'. */
export function respondingText(responded: number, total: number): string {
  return total === 0 ? 'No clients yet' : responded === 0 ? 'None this week' : responded === total ? 'All clients' : `${responded} of ${total} clients`;
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

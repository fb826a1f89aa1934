import { aiScheduleDays } from '@/lib/ai-schedule-days';
import type { DayKey } from '@/lib/preferences';
import type { AiSchedule } from '@/lib/schemas/ai-schedule';
import type { ClientDto } from '@/lib/schemas/clients';

/** One check-in time of a day, from whichever schedule holds it. */
export interface DaySlot {
  /** Unique within the day (slot ids of different schedules may repeat a time). */
  key: string;
  id: string;
  time: string;
  enabled: boolean;
  /** The goal the check-in is about; null for all goals. */
  goalId: string | null;
  source: 'client' | 'goal' | 'ai';
  /** The weekly schedule that holds the slot, as the schedule endpoints name it: null for the client's own. */
  scheduleGoalId: string | null;
  /** The zone an AI schedule reads its times in (client and goal times are in the client's). */
  zone?: string;
  /** An AI schedule's time while the schedule is paused: shown, but off (decision 0079). */
  paused?: boolean;
}

/**
 * Every time of a weekday across the client's schedule, its goals' schedules and its AI schedules,
 * earliest first. AI schedules are listed for information; they are changed on their own screen.
 */
export function daySlots(client: Pick<ClientDto, 'checkInSchedule' | 'goals'>, aiSchedules: readonly AiSchedule[], dayIndex: number): DaySlot[] {
  const key = String(dayIndex) as DayKey;
  const out: DaySlot[] = [];
  for (const s of client.checkInSchedule[key] ?? []) {
    out.push({ key: `client:${s.id}`, id: s.id, time: s.time, enabled: s.enabled, goalId: s.goalId ?? null, source: 'client', scheduleGoalId: null });
  }
  for (const goal of client.goals) {
    if (goal.status !== 'incomplete') continue;
    for (const s of goal.checkInSchedule[key] ?? []) {
      out.push({ key: `goal:${goal.id}:${s.id}`, id: s.id, time: s.time, enabled: s.enabled, goalId: goal.id, source: 'goal', scheduleGoalId: goal.id });
    }
  }
  for (const a of aiSchedules) {
    if (!a.active || !aiScheduleDays(a).includes(dayIndex)) continue;
    a.timeSlots.forEach((t, i) =>
      out.push({ key: `ai:${a.id}:${i}`, id: a.id, time: t.time, enabled: !a.paused, goalId: a.goalId, source: 'ai', scheduleGoalId: null, zone: a.clientTimezone, paused: a.paused }),
    );
  }
  return out.sort((a, b) => a.time.localeCompare(b.time) || a.key.localeCompare(b.key));
}

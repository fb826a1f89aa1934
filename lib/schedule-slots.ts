import { aiScheduleDays } from '@/lib/ai-schedule-days';
import { AI_SCHEDULE_HORIZON_DAYS, NEXT_CHECK_INS_ITEMS, SLOT_GONE_REASONS, WEEKDAYS } from '@/lib/constants';
import type { CheckInSchedule, DayKey } from '@/lib/preferences';
import { addDays, zonedParts, zonedTimeToInstant } from '@/lib/zoned-time';

/**
 * Which check-ins a client's schedules call for, as pure functions of the schedules and the clock:
 * the dispatcher, its reconciliation and the send job's re-check all ask the same question here.
 *
 * Three sources: the client's weekly schedule (a slot may name a goal), each active goal's own
 * weekly schedule, and the AI schedules (time slots on chosen weekdays). A slot is identified by
 * client + local date + time (+ goal): that is the check-in's dedupe key, unique per client in the
 * database, so one slot is never sent twice. When a global slot (all goals) and a goal's slot fall
 * on the same minute, the global one covers the goal and only it is kept.
 */

export interface SlotClient {
  id: string;
  coachId: string;
  timezone: string;
  checkInSchedule: CheckInSchedule;
}

export interface SlotGoal {
  id: string;
  checkInSchedule: CheckInSchedule;
}

export interface SlotAiSchedule {
  id: string;
  goalId: string | null;
  timeSlots: { time: string }[];
  clientTimezone: string;
  frequency: string;
  customDays: string[];
  promptTemplate: string;
  /** A paused schedule calls for no check-in at all (decision 0079). */
  pausedAt?: Date | null;
  /** Slots before the last resume are never called for: resuming sends nothing missed meanwhile. */
  resumedAt?: Date | null;
}

/** One client's schedules; goals and AI schedules are the active ones only. */
export interface ScheduleSources {
  client: SlotClient;
  goals: SlotGoal[];
  aiSchedules: SlotAiSchedule[];
}

export interface SlotIntent {
  key: string;
  clientId: string;
  coachId: string;
  /** Local date (YYYY-MM-DD) and time (HH:MM) in `zone`. */
  date: string;
  time: string;
  zone: string;
  goalId: string | null;
  at: Date;
  origin: 'client' | 'goal' | 'ai';
  promptTemplate?: string;
}

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

export function dedupeKey(clientId: string, date: string, time: string, goalId: string | null): string {
  return goalId ? `${clientId}:${date}:${time}:${goalId}` : `${clientId}:${date}:${time}`;
}

/** The parts of a schedule dedupe key; null for keys of another shape. */
export function parseDedupeKey(key: string): { clientId: string; date: string; time: string; goalId: string | null } | null {
  const m = /^([0-9a-f-]{36}):(\d{4}-\d{2}-\d{2}):(\d{2}:\d{2})(?::([0-9a-f-]{36}))?$/i.exec(key);
  return m ? { clientId: m[1]!, date: m[2]!, time: m[3]!, goalId: m[4] ?? null } : null;
}

/** Monday = 0 (product §2.9) for a calendar date. */
const weekdays = new Map<string, number>();

export function weekdayOf(date: string): number {
  let day = weekdays.get(date);
  if (day === undefined) {
    // Bounded like the instants below: the dates move on with the calendar.
    if (weekdays.size >= INSTANT_CACHE_SIZE) weekdays.clear();
    day = (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;
    weekdays.set(date, day);
  }
  return day;
}

/**
 * Instants of (zone, date, time) already worked out: clients share zones and times, and each
 * conversion costs several Intl calls (the client list projects a week for every client).
 */
const instants = new Map<string, number>();
const INSTANT_CACHE_SIZE = 20_000;

/**
 * The instant a local time happens. A time that does not exist (the hour skipped when clocks go
 * forward) moves forward by the gap, as calendars do: 02:30 on a spring-forward night is 03:30.
 * In the repeated hour the first occurrence is taken. (lib/zoned-time does both.)
 */
export function slotInstant(zone: string, date: string, time: string): Date {
  const key = `${zone}|${date}|${time}`;
  let at = instants.get(key);
  if (at === undefined) {
    // Bounded: the keys move on with the calendar, and a week of a few zones and times fits.
    if (instants.size >= INSTANT_CACHE_SIZE) instants.clear();
    at = zonedTimeToInstant(zone, date, time).getTime();
    instants.set(key, at);
  }
  return new Date(at);
}

function weeklySlots(schedule: CheckInSchedule, day: number) {
  return (schedule[String(day) as DayKey] ?? []).filter((s) => s.enabled && HHMM.test(s.time));
}

/** Every check-in the sources call for on a local date (each source reads the date in its own zone). */
export function slotsOn(src: ScheduleSources, date: string): SlotIntent[] {
  const { client } = src;
  const day = weekdayOf(date);
  // Most days of most clients have nothing: answered before any allocation (the client list
  // projects a week for every client, decision 0078).
  const key = String(day) as DayKey;
  if (!client.checkInSchedule[key]?.length && !src.goals.some((g) => g.checkInSchedule[key]?.length) && src.aiSchedules.length === 0) return [];
  const activeGoals = new Set(src.goals.map((g) => g.id));
  const raw: Omit<SlotIntent, 'key' | 'at'>[] = [];
  const base = { clientId: client.id, coachId: client.coachId, date };
  for (const slot of weeklySlots(client.checkInSchedule, day)) {
    if (slot.goalId && !activeGoals.has(slot.goalId)) continue;
    raw.push({ ...base, time: slot.time, zone: client.timezone, goalId: slot.goalId ?? null, origin: 'client' });
  }
  for (const goal of src.goals) {
    for (const slot of weeklySlots(goal.checkInSchedule, day)) raw.push({ ...base, time: slot.time, zone: client.timezone, goalId: goal.id, origin: 'goal' });
  }
  for (const s of src.aiSchedules) {
    if (s.pausedAt) continue;
    if (s.goalId && !activeGoals.has(s.goalId)) continue;
    if (!aiScheduleDays(s).includes(day)) continue;
    for (const { time } of s.timeSlots) {
      if (!HHMM.test(time)) continue;
      if (s.resumedAt && slotInstant(s.clientTimezone || client.timezone, date, time) < s.resumedAt) continue;
      raw.push({ ...base, time, zone: s.clientTimezone || client.timezone, goalId: s.goalId, origin: 'ai', ...(s.promptTemplate ? { promptTemplate: s.promptTemplate } : {}) });
    }
  }
  const globalTimes = new Set(raw.filter((r) => r.goalId === null).map((r) => r.time));
  const byKey = new Map<string, SlotIntent>();
  for (const r of raw) {
    if (r.goalId !== null && globalTimes.has(r.time)) continue;
    const key = dedupeKey(client.id, date, r.time, r.goalId);
    const existing = byKey.get(key);
    // The first source wins (client, then goal, then AI); an AI slot still lends its prompt.
    if (existing) {
      if (!existing.promptTemplate && r.promptTemplate) existing.promptTemplate = r.promptTemplate;
      continue;
    }
    byKey.set(key, { ...r, key, at: slotInstant(r.zone, date, r.time) });
  }
  return [...byKey.values()];
}

/**
 * Why a planned slot (its dedupe key) is no longer called for: a slot only a paused AI schedule
 * holds says so, so the coach reads "paused" in the history rather than "removed".
 */
export function slotGoneReason(src: ScheduleSources, date: string, key: string): string {
  const paused = src.aiSchedules.filter((s) => s.pausedAt);
  if (paused.length === 0) return SLOT_GONE_REASONS.removed;
  const unpaused = { ...src, aiSchedules: src.aiSchedules.map((s) => ({ ...s, pausedAt: null })) };
  return slotsOn(unpaused, date).some((i) => i.key === key) ? SLOT_GONE_REASONS.paused : SLOT_GONE_REASONS.removed;
}

/** The zones the sources read their times in. */
function zonesOf(src: ScheduleSources): string[] {
  if (src.aiSchedules.length === 0) return [src.client.timezone];
  return [...new Set([src.client.timezone, ...src.aiSchedules.map((s) => s.clientTimezone || src.client.timezone)])];
}

/**
 * The local dates a window can have slots on in a zone, worked out once per window and zone: the
 * scheduler asks it of every client each minute with the same window.
 */
const windowDates = new Map<string, string[]>();

function localDatesBetween(zone: string, from: Date, to: Date): string[] {
  const key = `${zone}|${from.getTime()}|${to.getTime()}`;
  let dates = windowDates.get(key);
  if (!dates) {
    if (windowDates.size >= INSTANT_CACHE_SIZE) windowDates.clear();
    dates = [];
    const last = zonedParts(zone, to).date;
    // One day of margin each side: a slot's instant and its local date can straddle UTC midnight.
    for (let d = addDays(zonedParts(zone, from).date, -1); d <= addDays(last, 1); d = addDays(d, 1)) dates.push(d);
    windowDates.set(key, dates);
  }
  return dates;
}

/** Every check-in the sources call for with an instant in (from, to], oldest first. */
export function slotsBetween(src: ScheduleSources, from: Date, to: Date): SlotIntent[] {
  const dates = new Set<string>();
  for (const zone of zonesOf(src)) for (const d of localDatesBetween(zone, from, to)) dates.add(d);
  const out: SlotIntent[] = [];
  for (const date of dates) for (const intent of slotsOn(src, date)) if (intent.at > from && intent.at <= to) out.push(intent);
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

/**
 * The next instants one AI schedule texts at, as ISO strings: what GET /ai-schedule/* answers as
 * `nextCheckIns` and what the scheduling screen previews while the coach edits (product §2.3.5).
 * Only the schedule's own slots count (not the client's weekly ones), looked for in the coming
 * AI_SCHEDULE_HORIZON_DAYS.
 */
export function nextAiScheduleCheckIns(schedule: SlotAiSchedule, client: Pick<SlotClient, 'id' | 'coachId' | 'timezone'>, now: Date): string[] {
  if (schedule.pausedAt) return [];
  const src: ScheduleSources = {
    client: { ...client, checkInSchedule: {} },
    goals: schedule.goalId ? [{ id: schedule.goalId, checkInSchedule: {} }] : [],
    aiSchedules: [schedule],
  };
  return slotsBetween(src, now, new Date(now.getTime() + AI_SCHEDULE_HORIZON_DAYS * 24 * 3_600_000))
    .slice(0, NEXT_CHECK_INS_ITEMS)
    .map((i) => i.at.toISOString());
}

/** The local weekday and time shown to the AI, e.g. "Monday 09:00". */
export function localTimeLabel(zone: string, at: Date): string {
  const p = zonedParts(zone, at);
  const name = WEEKDAYS[p.weekday] ?? 'monday';
  return `${name[0]!.toUpperCase()}${name.slice(1)} ${String(p.hour).padStart(2, '0')}:${String(p.minute).padStart(2, '0')}`;
}

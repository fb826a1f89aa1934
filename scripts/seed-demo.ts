/**
 * Seeds a demo coach (Dana Rivers) with ten clients, their goals, milestones, version history,
 * progress history, 8 weeks of check-ins plus the coming week, AI schedules, a beta subscription
 * with its payments, and the API usage those check-ins caused. Re-running replaces the demo coach.
 *
 *   npm run seed:demo           DEMO_EMAIL, DEMO_PASSWORD and DEMO_SEED override the defaults.
 *   npm run seed:demo -- --clients 1000
 *                               As many clients, each one of the ten personas under another name
 *                               (decision 0093: a look at the client list at size).
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { TZDate } from '@date-fns/tz';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_APPEARANCE_PREFERENCES, DEFAULT_NOTIFICATION_PREFERENCES, type CheckInSchedule } from '@/lib/preferences';
import { PLANS } from '@/lib/plans';
import { judgePassword, loadPasswordEstimator, passwordUserInputs } from '@/lib/password-strength';
import { hashPassword } from '../server/auth/passwords';
import { senderNumberFor } from '../server/providers/sms';
import { getDb, type Transaction } from '../server/db/client';
import {
  apiUsage,
  checkIns,
  clients,
  goalProgressHistory,
  goals,
  goalVersions,
  localCardTokens,
  milestones,
  paymentMethods,
  schedules,
  smsConsents,
  subscriptions,
  transactions,
  users,
} from '../server/db/schema';
import {
  checkInQuestion,
  clientReply,
  coachSummary,
  DEMO_CLIENTS,
  DEMO_COACH,
  followUp,
  formatAmount,
  formatDelay,
  insightsFor,
  type DemoClient,
  type DemoGoal,
  type Engagement,
  type MessageContext,
  type Mood,
} from './lib/demo-content';
import { runScript, withScriptDatabase } from './lib/database';
import { hashSeed, mulberry32, type Random } from './lib/random';

type CheckInRow = typeof checkIns.$inferInsert;
/**
 * The history's texts went out as the send step sends them: from our number for the client (set on
 * each sent row), the first to each client carrying the consent notice (one sms_consents row). So
 * the client's texts outside a check-in reach the coach's conversation, and the next check-in does
 * not introduce Cadence again as if it were the first.
 */
function textedFrom(clientRows: ClientRow[], checkInRows: CheckInRow[]): (typeof smsConsents.$inferInsert)[] {
  const phoneOf = new Map(clientRows.map((c) => [c.id, c.phone]));
  const first = new Map<string, typeof smsConsents.$inferInsert>();
  for (const row of checkInRows) {
    const phone = phoneOf.get(row.clientId);
    if (!row.sentAt || row.channel !== 'sms' || !phone) continue;
    row.fromNumber = senderNumberFor(phone);
    const key = `${phone} ${row.coachId}`;
    const earlier = first.get(key);
    if (!earlier || (earlier.sentAt instanceof Date && row.sentAt < earlier.sentAt)) {
      first.set(key, { clientPhone: phone, coachId: row.coachId, ourNumber: row.fromNumber, checkInId: row.id, sentAt: row.sentAt });
    }
  }
  return [...first.values()];
}
type CheckInStatus = NonNullable<CheckInRow['status']>;
type ClientRow = typeof clients.$inferInsert;
type GoalRow = typeof goals.$inferInsert;
type MilestoneRow = typeof milestones.$inferInsert;
type VersionRow = typeof goalVersions.$inferInsert;
type ProgressRow = typeof goalProgressHistory.$inferInsert;
type ScheduleRow = typeof schedules.$inferInsert;
type UsageRow = typeof apiUsage.$inferInsert;
type TransactionRow = typeof transactions.$inferInsert;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HISTORY_DAYS = 56;
const UPCOMING_DAYS = 7;
/** A sent check-in with no reply after this long counts as no_response. */
const REPLY_WINDOW_MS = 24 * HOUR;
const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const BATCH = 500;

const DEMO_EMAIL = (process.env.DEMO_EMAIL ?? 'demo@cadence.local').trim().toLowerCase();
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo!Coach2026';
const SEED_LABEL = process.env.DEMO_SEED ?? 'cadence-demo';

const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const later = (date: Date, ms: number) => new Date(date.getTime() + ms);
const lerp = (range: [number, number], f: number) => range[0] + (range[1] - range[0]) * f;
const round1 = (n: number) => Math.round(n * 10) / 10;
const pad = (n: number) => String(n).padStart(2, '0');

/** Standard normal via Box-Muller, for reply delays and motivation noise. */
function gaussian(rng: Random): number {
  const u = Math.max(rng.next(), 1e-9);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rng.next());
}

function chunks<T>(rows: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Simulation model

interface Slot {
  at: Date;
  localDate: string;
  /** Local date of that week's Monday; groups check-ins into weeks. */
  weekOf: string;
  time: string;
  dayIndex: number;
}

interface SimGoal {
  seed: DemoGoal;
  id: string;
  createdAt: Date;
  /** Planned completion; check-ins stop asking about the goal after it. */
  plannedEnd?: Date;
  completedAt?: Date;
  editAt: Date;
  /** Value (or milestones done, for tasks) before the first check-in in the window. */
  baseline: number;
  finalValue: number;
}

interface SimCheckIn {
  id: string;
  slot: Slot;
  goal: SimGoal | null;
  status: CheckInStatus;
  sentAt?: Date;
  respondedAt?: Date;
  completedAt?: Date;
  mood?: Mood;
  delayMinutes?: number;
  /** Running total after this reply (numeric goals) or milestones done (tasks). */
  cumulative?: number;
  delta?: number;
  finishedMilestone?: string;
  milestoneReached?: string;
  row?: CheckInRow;
}

interface Counts {
  clients: number;
  goals: number;
  milestones: number;
  goalVersions: number;
  progressHistory: number;
  checkIns: Record<string, number>;
  schedules: number;
  apiUsage: number;
  transactions: number;
}

interface ClientBundle {
  client: ClientRow;
  goals: GoalRow[];
  milestones: MilestoneRow[];
  versions: VersionRow[];
  progress: ProgressRow[];
  checkIns: CheckInRow[];
  schedules: ScheduleRow[];
  usage: UsageRow[];
}

function scheduleOf(demo: DemoClient): CheckInSchedule {
  const schedule: CheckInSchedule = {};
  for (const slot of demo.slots) {
    const key = String(slot.day) as keyof CheckInSchedule;
    const entry = { id: `slot-${slot.day}-${slot.time.replace(':', '')}`, time: slot.time, enabled: slot.enabled ?? true };
    schedule[key] = [...(schedule[key] ?? []), entry];
  }
  return schedule;
}

/** Every enabled slot of the client's schedule between `from` and `to`, in the client's zone. */
function slotsBetween(demo: DemoClient, from: Date, to: Date): Slot[] {
  const today = new TZDate(now.getTime(), demo.timezone);
  const out: Slot[] = [];
  for (let offset = -HISTORY_DAYS - 1; offset <= UPCOMING_DAYS + 1; offset += 1) {
    const day = new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + offset, 12, 0, demo.timezone);
    const dayIndex = (day.getDay() + 6) % 7;
    const monday = new TZDate(day.getFullYear(), day.getMonth(), day.getDate() - dayIndex, 12, 0, demo.timezone);
    const localDate = `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
    const weekOf = `${monday.getFullYear()}-${pad(monday.getMonth() + 1)}-${pad(monday.getDate())}`;
    for (const slot of demo.slots) {
      if (slot.day !== dayIndex || slot.enabled === false) continue;
      const [hh, mm] = slot.time.split(':').map(Number) as [number, number];
      const at = new Date(new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hh, mm, demo.timezone).getTime());
      if (at >= from && at < to) out.push({ at, localDate, weekOf, time: slot.time, dayIndex });
    }
  }
  return out.sort((a, b) => a.at.getTime() - b.at.getTime());
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function targetAt(goal: SimGoal, at: Date): number {
  const previous = goal.seed.edit.previousTarget;
  return previous !== undefined && at < goal.editAt ? previous : (goal.seed.target ?? 0);
}

function titleAt(goal: SimGoal, at: Date): string {
  const previous = goal.seed.edit.previousTitle;
  return previous !== undefined && at < goal.editAt ? previous : goal.seed.title;
}

function percent(goal: SimGoal, value: number, at: Date): number {
  if (goal.seed.type === 'task') return Math.round((value / goal.seed.milestones.length) * 100);
  const target = targetAt(goal, at);
  return target > 0 ? Math.min(100, Math.round((value / target) * 100)) : 0;
}

function moodFrom(score: number): Mood {
  return score < 0.38 ? 'low' : score < 0.68 ? 'medium' : 'high';
}

function engagementFrom(mood: Mood, delayMinutes: number): Engagement {
  if (delayMinutes > 240 || (mood === 'low' && delayMinutes > 60)) return 'bad';
  if (delayMinutes <= 60 && mood !== 'low') return 'great';
  return 'okay';
}

/** Spreads the goal's progress over its answered check-ins, more on motivated days. */
function distributeProgress(goal: SimGoal, answered: SimCheckIn[], rng: Random): void {
  const weights = answered.map((c) => (c.mood === 'high' ? 1.4 : c.mood === 'medium' ? 1 : 0.35) * rng.between(0.7, 1.3));
  const total = weights.reduce((a, b) => a + b, 0);
  const gain = goal.finalValue - goal.baseline;
  const step = goal.seed.step ?? 1;
  let running = 0;
  let previous = goal.baseline;
  answered.forEach((c, i) => {
    running += weights[i] ?? 0;
    const cumulative = i === answered.length - 1 ? goal.finalValue : goal.baseline + roundTo((gain * running) / total, step);
    c.cumulative = cumulative;
    c.delta = cumulative - previous;
    previous = cumulative;
  });
}

/** Task goals: milestones finish one per chosen answered check-in, spread over the window. */
function distributeTaskMilestones(goal: SimGoal, answered: SimCheckIn[]): void {
  const total = goal.finalValue;
  // Milestones the window has no answered check-in for were finished before it.
  goal.baseline = Math.min(total, Math.max(goal.baseline, total - answered.length));
  const inWindow = Math.min(answered.length, total - goal.baseline);
  const completed = goal.finalValue === goal.seed.milestones.length && goal.plannedEnd !== undefined;
  const denominator = completed ? inWindow : inWindow + 1;
  const finishing = new Set<number>();
  for (let j = 0; j < inWindow; j += 1) {
    let position = Math.max(j, Math.floor(((j + 1) * answered.length) / denominator) - 1);
    while (finishing.has(position)) position += 1;
    finishing.add(position);
  }
  let done = goal.baseline;
  answered.forEach((c, i) => {
    const current = goal.seed.milestones[Math.min(done, goal.seed.milestones.length - 1)] ?? '';
    if (finishing.has(i) && done < total) {
      c.finishedMilestone = current;
      done += 1;
    }
    c.cumulative = done;
    c.delta = c.finishedMilestone ? 1 : 0;
  });
}

function milestoneThresholds(goal: SimGoal): { title: string; value: number; pct: number }[] {
  const count = goal.seed.milestones.length;
  return goal.seed.milestones.map((title, i) => ({
    title,
    value: goal.seed.type === 'task' ? i + 1 : roundTo(((goal.seed.target ?? 0) * (i + 1)) / count, goal.seed.step ?? 1),
    pct: Math.round(((i + 1) / count) * 100),
  }));
}

function usageRow(userId: string, at: Date, service: string, operation: string, rng: Random, error?: { code: number; message: string }): UsageRow {
  const timing: Record<string, [number, number]> = { openai: [650, 2400], twilio: [140, 620], email: [180, 520] };
  const [min, max] = timing[service] ?? [100, 500];
  const cost =
    service === 'openai' ? round6(rng.between(0.00025, 0.0012)) : service === 'twilio' ? 0.0079 * rng.int(1, 2) : service === 'email' ? 0.0009 : 0;
  return {
    id: randomUUID(),
    userId,
    service,
    operation,
    status: error ? 'error' : 'success',
    statusCode: error ? error.code : service === 'twilio' ? 201 : 200,
    responseMs: rng.int(min, max),
    costUsd: error ? 0 : cost,
    errorMessage: error?.message ?? null,
    createdAt: at,
  };
}

function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

// ---------------------------------------------------------------------------------------------
// One client

function buildClient(demo: DemoClient, coachId: string): ClientBundle {
  const rng = mulberry32(hashSeed(`${SEED_LABEL}:${demo.email}`));
  const clientId = randomUUID();
  const joinedAt = later(daysAgo(demo.joinedDaysAgo), -rng.int(0, 6) * HOUR);
  const stoppedAt = demo.heldDaysAgo !== undefined ? daysAgo(demo.heldDaysAgo) : demo.archivedDaysAgo !== undefined ? daysAgo(demo.archivedDaysAgo) : undefined;
  const windowStart = new Date(Math.max(daysAgo(HISTORY_DAYS).getTime(), later(joinedAt, DAY).getTime()));
  const historyEnd = stoppedAt ?? now;
  const span = Math.max(1, historyEnd.getTime() - windowStart.getTime());

  // Goals, with the value they had reached before the window opened.
  const simGoals: SimGoal[] = demo.goals.map((seed) => {
    const createdAt = seed.startsDaysAgo !== undefined ? daysAgo(seed.startsDaysAgo) : later(joinedAt, 2 * HOUR);
    const plannedEnd = seed.completedDaysAgo !== undefined ? daysAgo(seed.completedDaysAgo) : undefined;
    const isTask = seed.type === 'task';
    const scale = isTask ? seed.milestones.length : (seed.target ?? 0);
    const finalValue = isTask ? Math.round(seed.reached * scale) : roundTo(seed.reached * scale, seed.step ?? 1);
    const lifeEnd = plannedEnd ?? historyEnd;
    const before = Math.max(0, windowStart.getTime() - createdAt.getTime());
    const share = before / Math.max(1, lifeEnd.getTime() - createdAt.getTime());
    const baseline = isTask ? Math.floor(finalValue * share * 0.8) : roundTo(finalValue * share * 0.7, seed.step ?? 1);
    return { seed, id: randomUUID(), createdAt, plannedEnd, editAt: daysAgo(seed.edit.daysAgo), baseline, finalValue };
  });

  // Past slots: who was asked about what, and how they answered.
  const sims: SimCheckIn[] = [];
  let rotation = 0;
  // Error diffusion rather than coin flips, so the realised reply rate follows the persona's curve.
  let replyDebt = 0;
  for (const slot of slotsBetween(demo, windowStart, historyEnd)) {
    const f = (slot.at.getTime() - windowStart.getTime()) / span;
    const open = simGoals.filter((g) => g.createdAt <= slot.at && (!g.plannedEnd || slot.at <= g.plannedEnd));
    const goal = slot.dayIndex === demo.globalReviewDay || open.length === 0 ? null : (open[rotation++ % open.length] ?? null);
    const sim: SimCheckIn = { id: randomUUID(), slot, goal, status: 'missed' };
    sims.push(sim);
    if (rng.chance(0.04)) continue; // the SMS could not be delivered
    sim.sentAt = later(slot.at, rng.int(4, 90) * 1000);
    replyDebt += lerp(demo.responseRate, f);
    const replies = replyDebt >= rng.between(0.35, 0.8);
    if (replies) replyDebt -= 1;
    const delayMinutes = Math.min(16 * 60, Math.max(1, lerp(demo.replyMinutes, f) * Math.exp(0.6 * gaussian(rng))));
    const respondedAt = later(sim.sentAt, delayMinutes * MINUTE);
    if (replies && respondedAt < now) {
      sim.status = 'completed';
      sim.respondedAt = respondedAt;
      sim.completedAt = later(respondedAt, rng.int(6, 40) * 1000);
      sim.delayMinutes = delayMinutes;
      sim.mood = moodFrom(lerp(demo.motivation, f) + 0.12 * gaussian(rng));
    } else {
      sim.status = now.getTime() - sim.sentAt.getTime() < REPLY_WINDOW_MS ? 'sent' : 'no_response';
    }
  }

  // Progress: completed goals end on their last answered check-in.
  for (const goal of simGoals) {
    const answered = sims.filter((c) => c.goal === goal && c.status === 'completed');
    if (goal.seed.type === 'task') distributeTaskMilestones(goal, answered);
    else distributeProgress(goal, answered, rng);
    if (goal.plannedEnd) goal.completedAt = answered.at(-1)?.completedAt ?? goal.plannedEnd;
    const thresholds = milestoneThresholds(goal);
    let before = goal.baseline;
    for (const c of answered) {
      const reached = thresholds.filter((t) => t.value > before && t.value <= (c.cumulative ?? before)).at(-1);
      if (reached) c.milestoneReached = reached.title;
      before = c.cumulative ?? before;
    }
  }

  // Check-in rows with their conversation.
  const concerns = new Map<SimCheckIn, string>();
  for (const sim of sims) {
    const weekday = WEEKDAYS[sim.slot.dayIndex] ?? 'Monday';
    const goal = sim.goal;
    const cumulative = sim.cumulative ?? (goal ? valueBefore(goal, sims, sim) : 0);
    const ctx: MessageContext = {
      first: demo.firstName,
      weekday,
      goal: goal ? { ...goal.seed, title: titleAt(goal, sim.slot.at) } : null,
      mood: sim.mood ?? 'medium',
      amount: goal ? formatAmount(goal.seed, cumulative) : '',
      delta: goal ? formatAmount(goal.seed, sim.delta ?? 0) : '',
      deltaValue: sim.delta ?? 0,
      targetText: goal ? formatAmount(goal.seed, targetAt(goal, sim.slot.at)) : '',
      pct: goal ? percent(goal, cumulative, sim.slot.at) : 0,
      milestone: goal?.seed.type === 'task' ? (sim.finishedMilestone ?? goal.seed.milestones[Math.min(cumulative, goal.seed.milestones.length - 1)] ?? '') : '',
      finishedMilestone: sim.finishedMilestone !== undefined,
    };
    const row: CheckInRow = {
      id: sim.id,
      coachId,
      clientId,
      goalId: goal?.id ?? null,
      isGlobalCheckIn: goal === null,
      status: sim.status,
      dedupeKey: `${clientId}:${sim.slot.localDate}:${sim.slot.time}`,
      channel: 'sms',
      scheduledFor: sim.slot.at,
      sentAt: sim.sentAt ?? null,
      createdAt: later(sim.slot.at, -MINUTE),
      updatedAt: sim.completedAt ?? (sim.status === 'no_response' && sim.sentAt ? later(sim.sentAt, REPLY_WINDOW_MS) : (sim.sentAt ?? sim.slot.at)),
    };
    row.aiMessage = checkInQuestion(ctx, rng); // composed even when the SMS then failed
    if (sim.status === 'completed' && sim.mood && sim.delayMinutes !== undefined) {
      const reply = clientReply(ctx, rng);
      if (reply.concern) concerns.set(sim, reply.concern);
      Object.assign(row, {
        respondedAt: sim.respondedAt,
        completedAt: sim.completedAt,
        clientResponse: reply.text,
        aiResponse: followUp(ctx, rng),
        coachSummary: coachSummary(ctx, sim.delayMinutes, reply.concern),
        insights: insightsFor(sim.mood, sim.delayMinutes, sim.milestoneReached, rng),
        motivation: sim.mood,
        engagementAssessment: engagementFrom(sim.mood, sim.delayMinutes),
        concerns: reply.concern ? [reply.concern] : null,
        value: goal && goal.seed.type !== 'task' ? (goal.seed.type === 'habit' ? (sim.delta ?? 0) : cumulative) : null,
      } satisfies Partial<CheckInRow>);
    } else if (sim.status === 'no_response') {
      Object.assign(row, {
        coachSummary: `${demo.firstName} did not reply to the ${weekday} check-in${goal ? ` about "${ctx.goal?.title}"` : ''}.`,
        insights: ['No reply within 24 hours'],
        engagementAssessment: 'bad',
      } satisfies Partial<CheckInRow>);
    } else if (sim.status === 'missed') {
      row.coachSummary = `The ${weekday} check-in could not be delivered (SMS provider error).`;
    }
    sim.row = row;
  }

  // A short weekly summary on the last answered check-in of each week.
  const weeks = new Map<string, SimCheckIn[]>();
  for (const sim of sims) weeks.set(sim.slot.weekOf, [...(weeks.get(sim.slot.weekOf) ?? []), sim]);
  for (const [weekOf, list] of weeks) {
    const answered = list.filter((c) => c.status === 'completed');
    const last = answered.at(-1);
    if (!last?.row) continue;
    const sent = list.filter((c) => c.sentAt).length;
    const moods = answered.map((c) => c.mood ?? 'medium');
    const mostly = (['high', 'medium', 'low'] as const).reduce((a, b) => (moods.filter((m) => m === b).length > moods.filter((m) => m === a).length ? b : a));
    const goalBits = simGoals
      .filter((g) => g.createdAt <= last.slot.at)
      .map((g) =>
        g.completedAt && g.completedAt <= last.slot.at
          ? `${g.seed.title}: done`
          : `${titleAt(g, last.slot.at)}: ${percent(g, valueAt(g, sims, last.slot.at), last.slot.at)}%`,
      );
    last.row.executiveSummary = `Week of ${weekOf}: ${answered.length} of ${sent} check-ins answered, motivation mostly ${mostly}. ${goalBits.join('; ')}.`;
  }

  // The coming week (active clients only).
  const upcoming: CheckInRow[] = [];
  if (!stoppedAt) {
    for (const slot of slotsBetween(demo, now, later(now, UPCOMING_DAYS * DAY))) {
      const open = simGoals.filter((g) => !g.completedAt);
      const goal = slot.dayIndex === demo.globalReviewDay || open.length === 0 ? null : (open[rotation++ % open.length] ?? null);
      const cancelled = goal === null && open.length > 1 && upcoming.every((u) => !u.isGlobalCheckIn) ? [open[open.length - 1]?.id ?? ''] : [];
      upcoming.push({
        id: randomUUID(),
        coachId,
        clientId,
        goalId: goal?.id ?? null,
        isGlobalCheckIn: goal === null,
        cancelledGoals: cancelled.filter(Boolean),
        status: 'scheduled',
        dedupeKey: `${clientId}:${slot.localDate}:${slot.time}`,
        channel: 'sms',
        scheduledFor: slot.at,
        createdAt: later(now, -HOUR),
        updatedAt: later(now, -HOUR),
      });
    }
  }

  // Goals, milestones, versions, progress history.
  const goalRows: GoalRow[] = [];
  const milestoneRows: MilestoneRow[] = [];
  const versionRows: VersionRow[] = [];
  const progressRows: ProgressRow[] = [];
  const enabledDays = [...new Set(demo.slots.filter((s) => s.enabled !== false).map((s) => s.day))].sort();
  const firstTime = demo.slots.find((s) => s.enabled !== false)?.time ?? '09:00';
  for (const goal of simGoals) {
    const { seed } = goal;
    const isTask = seed.type === 'task';
    const current = goal.finalValue;
    const progress = isTask ? round1((current / seed.milestones.length) * 100) : round1(Math.min(100, (current / (seed.target ?? 1)) * 100));
    const answered = sims.filter((c) => c.goal === goal && c.status === 'completed');
    goalRows.push({
      id: goal.id,
      coachId,
      clientId,
      title: seed.title,
      type: seed.type,
      description: seed.description,
      target: seed.target ?? null,
      unit: seed.unit ?? null,
      currentValue: isTask ? (goal.completedAt ? 1 : 0) : current,
      progress: goal.completedAt ? 100 : progress,
      status: goal.completedAt ? 'completed' : 'incomplete',
      archived: Boolean(goal.completedAt),
      checkInFrequency: enabledDays.map((d) => (WEEKDAYS[d] ?? 'Monday').toLowerCase()),
      checkInTime: firstTime,
      completedAt: goal.completedAt ?? null,
      createdAt: goal.createdAt,
      updatedAt: goal.completedAt ?? answered.at(-1)?.completedAt ?? goal.editAt,
    });

    for (const [position, t] of milestoneThresholds(goal).entries()) {
      const reachedBy = answered.find((c) => (c.cumulative ?? 0) >= t.value);
      const done = goal.baseline >= t.value || reachedBy !== undefined;
      milestoneRows.push({
        id: randomUUID(),
        goalId: goal.id,
        title: t.title,
        description: isTask ? null : `Reach ${formatAmount(seed, t.value)}`,
        targetValue: isTask ? null : t.value,
        targetPercentage: t.pct,
        completed: done,
        completedAt: done ? (reachedBy?.completedAt ?? later(goal.createdAt, (position + 1) * 3 * DAY)) : null,
        position,
        createdAt: goal.createdAt,
      });
    }

    versionRows.push({
      id: randomUUID(),
      goalId: goal.id,
      versionDate: goal.createdAt,
      changeNote: 'Goal created',
      title: seed.edit.previousTitle ?? seed.title,
      type: seed.type,
      target: seed.edit.previousTarget ?? seed.target ?? null,
      unit: seed.unit ?? null,
      status: 'incomplete',
      changedBy: coachId,
    });
    versionRows.push({
      id: randomUUID(),
      goalId: goal.id,
      versionDate: goal.editAt,
      changeNote: seed.edit.changeNote,
      title: seed.title,
      type: seed.type,
      target: seed.target ?? null,
      unit: seed.unit ?? null,
      status: 'incomplete',
      changedBy: coachId,
    });
    if (goal.completedAt) {
      versionRows.push({
        id: randomUUID(),
        goalId: goal.id,
        versionDate: goal.completedAt,
        changeNote: 'Marked complete',
        title: seed.title,
        type: seed.type,
        target: seed.target ?? null,
        unit: seed.unit ?? null,
        status: 'completed',
        changedBy: coachId,
      });
    }

    progressRows.push({ id: randomUUID(), goalId: goal.id, value: isTask ? null : 0, progress: 0, source: 'coach', note: 'Goal created', createdAt: goal.createdAt });
    if (goal.baseline > 0) {
      progressRows.push({
        id: randomUUID(),
        goalId: goal.id,
        value: isTask ? null : goal.baseline,
        progress: percent(goal, goal.baseline, windowStart),
        source: 'coach',
        note: 'Logged in a coaching session before automated check-ins',
        createdAt: later(windowStart, -2 * DAY),
      });
    }
    for (const c of answered) {
      if (!c.delta || !c.completedAt) continue;
      const byCoach = rng.chance(0.15);
      progressRows.push({
        id: randomUUID(),
        goalId: goal.id,
        value: isTask ? null : (c.cumulative ?? 0),
        progress: percent(goal, c.cumulative ?? 0, c.completedAt),
        source: byCoach ? 'coach' : 'ai',
        note: byCoach
          ? 'Confirmed during a coaching call'
          : `From the ${WEEKDAYS[c.slot.dayIndex] ?? ''} check-in${c.finishedMilestone ? `: finished "${c.finishedMilestone}"` : ''}`,
        createdAt: byCoach ? later(c.completedAt, rng.int(2, 20) * HOUR) : c.completedAt,
      });
    }
  }

  // AI schedules: one for the client's first open goal and one covering all goals.
  const scheduleRows: ScheduleRow[] = [];
  if (demo.aiSchedule) {
    const times = [...new Set(demo.slots.filter((s) => s.enabled !== false).map((s) => s.time))].sort();
    const days = enabledDays.map((d) => (WEEKDAYS[d] ?? 'Monday').toLowerCase());
    const openGoal = simGoals.find((g) => !g.completedAt);
    for (const goalId of [openGoal?.id ?? null, null]) {
      scheduleRows.push({
        id: randomUUID(),
        coachId,
        clientId,
        goalId,
        timeSlots: goalId ? times.map((time) => ({ time })) : [{ time: times[0] ?? '09:00' }],
        clientTimezone: demo.timezone,
        frequency: 'custom',
        customDays: goalId ? days : days.slice(0, 1),
        promptTemplate: '',
        active: !stoppedAt,
        createdAt: later(joinedAt, 3 * HOUR),
        updatedAt: later(joinedAt, 3 * HOUR),
      });
    }
  }

  // API usage for what was sent: compose + send, and on a reply analyse + follow up.
  const usage: UsageRow[] = [];
  for (const sim of sims) {
    const compose = sim.sentAt ?? later(sim.slot.at, 20 * 1000);
    if (rng.chance(0.02)) usage.push(usageRow(coachId, later(compose, -4000), 'openai', 'chat.completions', rng, { code: 429, message: 'Rate limit reached for requests' }));
    usage.push(usageRow(coachId, later(compose, -2000), 'openai', 'chat.completions', rng));
    if (sim.status === 'missed') {
      usage.push(usageRow(coachId, compose, 'twilio', 'messages.create', rng, { code: 400, message: 'Twilio 30003: Unreachable destination handset' }));
      continue;
    }
    usage.push(usageRow(coachId, compose, 'twilio', 'messages.create', rng));
    if (sim.respondedAt && sim.completedAt) {
      usage.push(usageRow(coachId, later(sim.respondedAt, 3000), 'openai', 'chat.completions', rng));
      usage.push(usageRow(coachId, sim.completedAt, 'twilio', 'messages.create', rng));
    }
  }

  // The client row, summarised from the history.
  const rows = [...sims.map((s) => s.row).filter((r): r is CheckInRow => r !== undefined), ...upcoming];
  const lastSent = sims.filter((s) => s.sentAt).at(-1)?.sentAt ?? null;
  const lastReply = sims.filter((s) => s.respondedAt).at(-1)?.respondedAt ?? null;
  const client: ClientRow = {
    id: clientId,
    coachId,
    firstName: demo.firstName,
    lastName: demo.lastName,
    email: demo.email,
    phone: demo.phone,
    timezone: demo.timezone,
    status: demo.status,
    archived: demo.archivedDaysAgo !== undefined,
    archivedAt: demo.archivedDaysAgo !== undefined ? daysAgo(demo.archivedDaysAgo) : null,
    checkInsHeld: demo.heldDaysAgo !== undefined,
    checkInSchedule: scheduleOf(demo),
    executiveSummary: clientSummary(demo, sims, simGoals, concerns, windowStart, historyEnd),
    lastCheckInAt: lastSent,
    lastResponseAt: lastReply,
    createdAt: joinedAt,
    updatedAt: stoppedAt ?? lastReply ?? joinedAt,
  };

  return { client, goals: goalRows, milestones: milestoneRows, versions: versionRows, progress: progressRows, checkIns: rows, schedules: scheduleRows, usage };
}

/** The goal's running value just before `sim` (for unanswered check-ins). */
function valueBefore(goal: SimGoal, sims: SimCheckIn[], sim: SimCheckIn): number {
  return valueAt(goal, sims, sim.slot.at);
}

function valueAt(goal: SimGoal, sims: SimCheckIn[], at: Date): number {
  let value = goal.baseline;
  for (const c of sims) {
    if (c.slot.at > at) break;
    if (c.goal === goal && c.cumulative !== undefined) value = c.cumulative;
  }
  return value;
}

function clientSummary(
  demo: DemoClient,
  sims: SimCheckIn[],
  simGoals: SimGoal[],
  concerns: Map<SimCheckIn, string>,
  windowStart: Date,
  historyEnd: Date,
): string {
  const sent = sims.filter((s) => s.sentAt);
  const answered = sims.filter((s) => s.status === 'completed');
  const rate = (list: SimCheckIn[]) => {
    const asked = list.filter((s) => s.sentAt);
    return asked.length ? Math.round((asked.filter((s) => s.status === 'completed').length / asked.length) * 100) : 0;
  };
  const mid = new Date((windowStart.getTime() + historyEnd.getTime()) / 2);
  const early = rate(sims.filter((s) => s.slot.at < mid));
  const recent = rate(sims.filter((s) => s.slot.at >= mid));
  const delays = answered.map((s) => s.delayMinutes ?? 0).sort((a, b) => a - b);
  const median = delays[Math.floor(delays.length / 2)] ?? 0;
  const lastMoods = answered.slice(-4).map((s) => s.mood ?? 'medium');
  const moodLately = lastMoods.filter((m) => m === 'high').length >= 2 ? 'high' : lastMoods.filter((m) => m === 'low').length >= 2 ? 'low' : 'medium';
  const parts = [
    `${demo.firstName} answered ${answered.length} of ${sent.length} check-ins (${rate(sims)}%)${delays.length ? `, usually within ${formatDelay(median)}` : ''}.`,
  ];
  if (recent - early >= 15) parts.push(`Engagement is climbing: replies went from ${early}% to ${recent}% over the period.`);
  else if (early - recent >= 15) parts.push(`Engagement is slipping: replies fell from ${early}% to ${recent}%. Worth a personal call.`);
  else parts.push('Engagement has been steady.');
  parts.push(`Motivation lately: ${moodLately}.`);
  for (const goal of simGoals) {
    if (goal.completedAt) parts.push(`Completed "${goal.seed.title}" on ${goal.completedAt.toISOString().slice(0, 10)}.`);
    else parts.push(`"${goal.seed.title}" is at ${percent(goal, goal.finalValue, now)}%.`);
  }
  const recentConcerns = [...new Set(sims.slice(-8).flatMap((s) => concerns.get(s) ?? []))];
  if (recentConcerns.length) parts.push(`Recent concerns: ${recentConcerns.join(', ').toLowerCase()}.`);
  if (demo.heldDaysAgo !== undefined) parts.push('Check-ins are on hold at the client’s request.');
  if (demo.archivedDaysAgo !== undefined) parts.push('Archived after going quiet.');
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------
// The coach and writing it all

function coachBilling(userId: string, subscriptionId: string): { periodStart: Date; transactions: TransactionRow[] } {
  const periodStart = daysAgo(12);
  const rows: TransactionRow[] = [0, 1, 2, 3].map((k) => {
    const date = later(periodStart, -k * 30 * DAY);
    return {
      id: randomUUID(),
      userId,
      subscriptionId,
      planId: 'beta',
      description: 'Beta plan — monthly',
      amountCents: PLANS.beta.priceCents,
      currency: 'usd',
      status: 'succeeded',
      providerInvoiceId: `in_local_demo_${userId.slice(0, 8)}_${date.toISOString().slice(0, 10).replaceAll('-', '')}`,
      providerPaymentId: `ch_local_demo_${userId.slice(0, 8)}_${k}`,
      details: { lines: [{ description: 'Beta plan, monthly', amountCents: PLANS.beta.priceCents }], card: { brand: 'Visa', last4: '4242' } },
      invoiceUrl: null,
      date,
      createdAt: date,
    };
  });
  return { periodStart, transactions: rows };
}

const { values: args } = parseArgs({ options: { clients: { type: 'string' } } });
const CLIENT_COUNT = args.clients === undefined ? DEMO_CLIENTS.length : Number(args.clients);
if (!Number.isInteger(CLIENT_COUNT) || CLIENT_COUNT < 1 || CLIENT_COUNT > 10_000) throw new Error('--clients must be a whole number from 1 to 10000');

const MORE_FIRST_NAMES = ['Ava', 'Ben', 'Cleo', 'Dev', 'Elsa', 'Finn', 'Gia', 'Hugo', 'Iris', 'Jon', 'Kai', 'Lena', 'Milo', 'Nora', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sami', 'Theo'];
const MORE_LAST_NAMES = ['Abbott', 'Baker', 'Costa', 'Diaz', 'Evans', 'Fox', 'Garcia', 'Hale', 'Ito', 'Jensen', 'Khan', 'Lopez', 'Moreau', 'Novak', 'Okafor', 'Patel', 'Quist', 'Reyes', 'Sato', 'Tran'];

/** The ten personas, and past them the same personas again under other names, e-mails and numbers. */
function demoClients(count: number): DemoClient[] {
  return Array.from({ length: count }, (_, i) => {
    const persona = DEMO_CLIENTS[i % DEMO_CLIENTS.length]!;
    if (i < DEMO_CLIENTS.length) return persona;
    const firstName = MORE_FIRST_NAMES[i % MORE_FIRST_NAMES.length]!;
    const lastName = MORE_LAST_NAMES[Math.floor(i / MORE_FIRST_NAMES.length) % MORE_LAST_NAMES.length]!;
    return { ...persona, firstName, lastName, email: `${firstName}.${lastName}.${i}@example.com`.toLowerCase(), phone: `+1212${String(5_000_000 + i).padStart(7, '0')}` };
  });
}

async function replaceDemoCoach(tx: Transaction, passwordHash: string): Promise<Counts> {
  const [existing] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(sql`lower(${users.email})`, DEMO_EMAIL));
  if (existing && existing.role !== 'coach') throw new Error(`${DEMO_EMAIL} belongs to a ${existing.role} account; refusing to replace it.`);
  if (existing) {
    // api_usage keeps its rows when a user goes (ON DELETE SET NULL); the demo's own go with it.
    await tx.delete(apiUsage).where(eq(apiUsage.userId, existing.id));
    await tx.delete(users).where(eq(users.id, existing.id));
  }

  const coachId = randomUUID();
  const subscriptionId = randomUUID();
  const billing = coachBilling(coachId, subscriptionId);
  const coachCreated = later(billing.periodStart, -92 * DAY);
  await tx.insert(users).values({
    id: coachId,
    email: DEMO_EMAIL,
    passwordHash,
    username: DEMO_COACH.username,
    firstName: DEMO_COACH.firstName,
    lastName: DEMO_COACH.lastName,
    phone: DEMO_COACH.phone,
    role: 'coach',
    isVerified: true,
    title: DEMO_COACH.title,
    company: DEMO_COACH.company,
    location: DEMO_COACH.location,
    timezone: DEMO_COACH.timezone,
    coachingSurvey: { ...DEMO_COACH.coachingSurvey },
    notificationPreferences: DEFAULT_NOTIFICATION_PREFERENCES,
    appearancePreferences: DEFAULT_APPEARANCE_PREFERENCES,
    planId: 'beta',
    paymentCustomerId: `cus_local_demo_${coachId.slice(0, 8)}`,
    createdAt: coachCreated,
    updatedAt: billing.periodStart,
    lastLogin: later(now, -2 * HOUR),
  });
  await tx.insert(subscriptions).values({
    id: subscriptionId,
    userId: coachId,
    planId: 'beta',
    status: 'active',
    provider: 'local',
    providerSubscriptionId: `sub_local_demo_${coachId.slice(0, 8)}`,
    priceCents: PLANS.beta.priceCents,
    currentPeriodStart: billing.periodStart,
    currentPeriodEnd: later(billing.periodStart, 30 * DAY),
    createdAt: later(billing.periodStart, -90 * DAY),
    updatedAt: billing.periodStart,
  });
  await tx.insert(transactions).values(billing.transactions);
  // The local provider's test Visa, so the demo subscription renews and the billing screen shows a card.
  const demoCard = { brand: 'visa', last4: '4242', expMonth: 12, expYear: now.getFullYear() + 3, cardholderName: `${DEMO_COACH.firstName} ${DEMO_COACH.lastName}` };
  const cardToken = `pm_local_demo_${coachId.slice(0, 8)}`;
  await tx.insert(localCardTokens).values({ id: cardToken, userId: coachId, ...demoCard });
  await tx.insert(paymentMethods).values({
    userId: coachId,
    providerPaymentMethodId: cardToken,
    ...demoCard,
    billingAddress: { line1: '200 Congress Ave', line2: '', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
    isDefault: true,
  });

  const bundles = demoClients(CLIENT_COUNT).map((demo) => buildClient(demo, coachId));

  // Weekly digest e-mails to the coach, one of which bounced.
  const usageRng = mulberry32(hashSeed(`${SEED_LABEL}:usage`));
  const digests: UsageRow[] = [];
  for (let week = 1; week <= HISTORY_DAYS / 7; week += 1) {
    const at = later(daysAgo(week * 7), usageRng.int(0, 60) * MINUTE);
    digests.push(usageRow(coachId, at, 'email', 'send', usageRng, week === 3 ? { code: 429, message: 'Too many requests, retry later' } : undefined));
  }

  const clientRows = bundles.map((b) => b.client);
  const goalRows = bundles.flatMap((b) => b.goals);
  const milestoneRows = bundles.flatMap((b) => b.milestones);
  const versionRows = bundles.flatMap((b) => b.versions);
  const progressRows = bundles.flatMap((b) => b.progress);
  const checkInRows = bundles.flatMap((b) => b.checkIns);
  const scheduleRows = bundles.flatMap((b) => b.schedules);
  const usage = [...bundles.flatMap((b) => b.usage), ...digests];

  for (const part of chunks(clientRows)) await tx.insert(clients).values(part);
  for (const part of chunks(goalRows)) await tx.insert(goals).values(part);
  for (const part of chunks(milestoneRows)) await tx.insert(milestones).values(part);
  for (const part of chunks(versionRows)) await tx.insert(goalVersions).values(part);
  for (const part of chunks(progressRows)) await tx.insert(goalProgressHistory).values(part);
  const consentRows = textedFrom(clientRows, checkInRows);
  for (const part of chunks(checkInRows)) await tx.insert(checkIns).values(part);
  for (const part of chunks(consentRows)) await tx.insert(smsConsents).values(part).onConflictDoNothing();
  if (scheduleRows.length) await tx.insert(schedules).values(scheduleRows);
  for (const part of chunks(usage)) await tx.insert(apiUsage).values(part);

  const byStatus: Record<string, number> = {};
  for (const row of checkInRows) byStatus[row.status ?? 'scheduled'] = (byStatus[row.status ?? 'scheduled'] ?? 0) + 1;
  return {
    clients: clientRows.length,
    goals: goalRows.length,
    milestones: milestoneRows.length,
    goalVersions: versionRows.length,
    progressHistory: progressRows.length,
    checkIns: byStatus,
    schedules: scheduleRows.length,
    apiUsage: usage.length,
    transactions: billing.transactions.length,
  };
}

runScript(async () => {
  await withScriptDatabase(async ({ source }) => {
    // The same bar as every password set in the product (a DEMO_PASSWORD override included).
    const { message } = judgePassword(await loadPasswordEstimator(), DEMO_PASSWORD, passwordUserInputs({ email: DEMO_EMAIL }));
    if (message) throw new Error(`DEMO_PASSWORD: ${message}`);
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const counts = await getDb().transaction((tx) => replaceDemoCoach(tx, passwordHash));
    // Fresh statistics for the planner: until autovacuum gets to them, a thousand new clients look
    // like none, and the client list's subqueries were planned 50 times slower.
    await getDb().execute(sql`analyze`);
    const totalCheckIns = Object.values(counts.checkIns).reduce((a, b) => a + b, 0);
    const statuses = Object.entries(counts.checkIns)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status} ${n}`)
      .join(', ');
    process.stdout.write(
      [
        '',
        `Demo coach seeded (database: ${source}).`,
        `  E-mail:   ${DEMO_EMAIL}`,
        `  Password: ${DEMO_PASSWORD}`,
        '',
        `  Clients: ${counts.clients}   Goals: ${counts.goals}   Milestones: ${counts.milestones}   Goal versions: ${counts.goalVersions}`,
        `  Progress history: ${counts.progressHistory}   AI schedules: ${counts.schedules}`,
        `  Check-ins: ${totalCheckIns} (${statuses})`,
        `  API usage rows: ${counts.apiUsage}   Transactions: ${counts.transactions} (+1 active subscription)`,
        '',
      ].join('\n'),
    );
  });
});

import { GOAL_KIND_LABELS } from '@/lib/goal-types';
import { formatGoalAmount } from '@/lib/goal-units';
import type { CheckInSchedule, DayKey } from '@/lib/preferences';
import type { CheckInDto } from '@/lib/schemas/checkins';
import type { ClientGoal, GoalVersion, Milestone } from '@/lib/schemas/goals';

/** A goal as GET /dashboard/client-goals/{clientId} answers it. */
export type GoalDto = ClientGoal;
export type MilestoneDto = Milestone;
export type GoalCheckInDto = CheckInDto;
export type GoalType = GoalDto['type'];
export type GoalVersionDto = GoalVersion;
export type { CheckInSchedule, DayKey };
export { goalTypeLabel } from '@/lib/goal-types';

/** The types a coach picks from, with their friendly names (product §2.3: forms use task, progress, habit). */
export const GOAL_TYPE_OPTIONS = [
  { value: 'task', label: `${GOAL_KIND_LABELS.task} (done / not done)` },
  { value: 'progress', label: GOAL_KIND_LABELS.progress },
  { value: 'habit', label: GOAL_KIND_LABELS.habit },
  { value: 'incremental', label: GOAL_KIND_LABELS.incremental },
] as const satisfies readonly { value: GoalType; label: string }[];

/** Progress is trackable, and editable, only when the target is a positive number (product §2.5). */
export const isTrackable = (goal: Pick<GoalDto, 'target' | 'currentValue'>): goal is typeof goal & { target: number } =>
  typeof goal.target === 'number' && goal.target > 0 && typeof goal.currentValue === 'number';

/** For inputs: 12.5 → "12.5", 12 → "12", 1/3 → "0.33". */
export const plainNumber = (n: number): string => String(Math.round(n * 100) / 100);

/** For reading: 3700 → "3,700", 1/3 → "0.33". */
export const formatNumber = (n: number): string => n.toLocaleString('en-US', { maximumFractionDigits: 2 });

export const formatAmount = (value: number, unit: string | null | undefined): string => formatGoalAmount(value, unit ?? null);

/** Check-in status colours of product §2.4; statuses outside the list read Unknown. */
export const CHECK_IN_STATUS: Record<string, { label: string; className: string }> = {
  completed: { label: 'Completed', className: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-900/40 dark:text-green-300 dark:ring-green-400/30' },
  responded: { label: 'Responded', className: 'bg-amber-100 text-amber-800 ring-amber-600/20 dark:bg-amber-900/40 dark:text-amber-300 dark:ring-amber-400/30' },
  sent: { label: 'Sent', className: 'bg-purple-100 text-purple-800 ring-purple-600/20 dark:bg-purple-900/40 dark:text-purple-300 dark:ring-purple-400/30' },
  no_response: { label: 'No response', className: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/40 dark:text-red-300 dark:ring-red-400/30' },
  upcoming: { label: 'Upcoming', className: 'bg-stone-100 text-stone-700 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-400/30' },
};
export const UNKNOWN_STATUS = { label: 'Unknown', className: 'bg-stone-100 text-stone-500 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-400 dark:ring-stone-400/30' };

export const checkInStatus = (status: string) => CHECK_IN_STATUS[status] ?? UNKNOWN_STATUS;

/** A calendar date (YYYY-MM-DD, no zone) as "12 Dec 2026": the same day wherever the coach is. */
export const formatCalendarDate = (date: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(`${date}T00:00:00Z`));

/**
 * The spec's fallback for a failed goal edit names what was being changed (product §2.8): the
 * unit alone, the measure (target, with or without its unit), or the goal as a whole.
 */
export function goalEditFailure(changed: readonly string[], texts: { unit: string; metric: string; goal: string }): string {
  if (changed.length === 0 || changed.some((field) => field !== 'target' && field !== 'unit')) return texts.goal;
  return changed.includes('target') ? texts.metric : texts.unit;
}

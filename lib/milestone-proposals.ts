/**
 * Generated milestones follow the goal's done ones (decision 0112). One rule for the built-in
 * writer and for whatever an AI provider answers, so a repeat never reaches the coach.
 */

interface MilestoneState {
  title: string;
  completed: boolean;
  targetValue: number | null;
}

const sameTitle = (title: string) => title.trim().toLowerCase();

/** The highest target value a done milestone reached; 0 when none has one. */
export function reachedByDone(milestones: readonly MilestoneState[]): number {
  return Math.max(0, ...milestones.filter((m) => m.completed).map((m) => m.targetValue ?? 0));
}

/**
 * The proposals that come after the done milestones: none with a done one's title and, on a goal
 * with a numeric target, none at or below the highest done target. Milestones not done yet may be
 * proposed again: they are the ones a coach may replace.
 */
export function afterDoneMilestones<P extends { title: string; targetValue?: number | null }>(proposals: readonly P[], milestones: readonly MilestoneState[], goalTarget: number | null): P[] {
  const doneTitles = new Set(milestones.filter((m) => m.completed).map((m) => sameTitle(m.title)));
  const reached = goalTarget !== null && goalTarget > 0 ? reachedByDone(milestones) : 0;
  return proposals.filter((p) => !doneTitles.has(sameTitle(p.title)) && !(reached > 0 && p.targetValue != null && p.targetValue <= reached));
}

/** Nothing is left to propose for a goal with a numeric target once a done milestone reached it. */
export const doneMilestonesReachTarget = (milestones: readonly MilestoneState[], goalTarget: number | null): boolean =>
  goalTarget !== null && goalTarget > 0 && reachedByDone(milestones) >= goalTarget;

import type { AiGoal } from '../types';
import { ABSTAINING, STREAK } from './cues';
import type { Mention } from './mentions';
import { familyOf } from './units';

/** Streaks and spans: when an amount said of a goal counted in days, or over the goal's own span, is where the goal stands. */

/** A goal kept in a row ("Meditation streak", "30 days straight") or of giving something up ("No takeout", "Stay sober"): a streak is where it stands. */
const keptInARow = (goal: AiGoal) => /\b(?:in a row|straight|streak|consecutive)\b/i.test(goal.title) || ABSTAINING.test(goal.title.toLowerCase());

/** A rate in a title ("10,000 steps a day", "2 networking events a month") says how often, neither what is counted nor the goal's span. */
export const withoutRates = (title: string) => title.replace(/\b(?:a|an|per|each|every) [a-z]+/g, ' ');

const inDays = (goal: AiGoal) => goal.unit !== null && familyOf(goal.unit) === 'days';

/** "27 days since my last drink" for a goal counted in days. */
const daysSince = (m: Mention, goal: AiGoal) => inDays(goal) && /^\s*days?\s+since\b/.test(m.after);

/** "3 days since I journaled": days since, for a goal not of giving something up, are a gap, no amount and no streak. */
export const gapOfDays = (m: Mention, goal: AiGoal) => daysSince(m, goal) && !ABSTAINING.test(goal.title.toLowerCase());

/** How an amount says where its goal stands: as a streak, past the goal's record of days in a row, or over the goal's own span. */
export interface Standing {
  streak: boolean;
  streakAt: boolean;
  ownSpan: boolean;
}

/** What an amount not said as more ("explicitIncrement") says of where its goal stands (see Standing). */
export function standing(m: Mention, goal: AiGoal, explicitIncrement: boolean): Standing {
  // "30 days 🙏" at 29 for "Stay sober for 60 days": past the record, a goal of days in a row counts where the streak stands.
  const streakAt = m.mode === 'increment' && !explicitIncrement && m.value > goal.currentValue && inDays(goal) && /\bfor \d+ (?:straight |consecutive )?days\b|\b\d+ days (?:in a row|straight)\b|\bstreak\b/i.test(goal.title);
  // "48 days today", "30 days straight", "it's been 27 days", "27 days since my last drink" for a goal of not drinking:
  // a streak is where a goal counted in days stands (days since, for any other goal, are a gap: gapOfDays).
  const since = daysSince(m, goal);
  const itsBeen = /\bit(?:'s| is| has)(?: been)?\s*$/.test(m.before) && !/^\s*[a-z]*\s*(?:till|until|to go|away|left|before|from)\b/.test(m.after) && !since && m.value > goal.currentValue;
  // "seven days straight" at 12 for "5 portions of veg a day - 30 days": a run below the recorded count, for a goal not kept in a row,
  // is this stretch's days, not where the goal stands.
  const runOfDays = inDays(goal) && STREAK.test(m.after) && m.value < goal.currentValue && !keptInARow(goal);
  const streak = !explicitIncrement && inDays(goal) && !runOfDays && (STREAK.test(m.after) || itsBeen || since);
  // "28 km this month" for a goal of this month: the goal's own span, so where it stands, not an addition. A rate in the title
  // ("2 networking events a month (12 this year)") is how often, not the goal's span.
  const span = /\b(?:this|for the) (month|year|quarter)\b/.exec(m.after.slice(0, 30));
  const ownSpan = m.mode === 'increment' && span !== null && !explicitIncrement && new RegExp(`\\b${span[1]}\\b`).test(withoutRates(goal.title.toLowerCase()));
  return { streak, streakAt, ownSpan };
}

import type { AiGoal } from '../types';
import { NEGATION } from './cues';
import { named } from './goal-names';
import type { Mode } from './mentions';
import { isCurrency } from './text';

/** What a reply claims of a goal, and the claims a clause takes over from the clauses before it. */

export interface Claim {
  goal: AiGoal;
  mode: Mode;
  value: number;
  /** Said as an increment ("another", "more"), not a bare number. */
  explicitIncrement?: boolean;
  /** Said unmistakably as where the goal stands ("I'm at", "in total"): may pass the sanity gates. */
  statedTotal?: boolean;
  /** Said as where the goal stands now ("I'm at", "count is", a streak): may lower the value ("did 1 so far" may be this week's). */
  lowers?: boolean;
  /** Summed up for a stretch of time ("so 300 total", "18 km total running"): this stretch's total, not the goal's. */
  partTotal?: boolean;
  /** The clause it was read in. */
  clause?: number;
}

/**
 * "3 shifts this wk, hit the water thing on 2 of them": the occasions came first in the goal's unit, without its name; the goal,
 * named, was done "on" some of them, which replace them. The goal's earlier claims, when all are such occasions, else none.
 */
export function occasionsBefore(goal: AiGoal, claims: Claim[], clauses: string[], index: number, goals: AiGoal[]): Claim[] {
  const mine = claims.filter((c) => c.goal.id === goal.id);
  const unnamed = (c: Claim) => c.mode === 'increment' && c.clause !== undefined && c.clause < index && named(clauses[c.clause]!, [goal], goals).length === 0;
  return mine.every(unnamed) ? mine : [];
}

/** "all of it went straight to the loan", "put it all into savings": the whole amount just read, moved on to another goal. */
const ALL_OF_IT = /\b(?:all of (?:it|that)|it all|the whole (?:lot|amount|thing)|every (?:penny|cent))\b/;
const MOVED = /\b(?:went|goes|go|put|paid|moved|transferred|sent)\b.*\b(?:to|into|toward|towards|on|off)\b/;

/** "tutored 4 kids = $180, and all of it went to the loan": the money the clause before earned also pays the goal this one names. */
export function passedOnTo(clause: string, index: number, last: { goal: AiGoal; clause: number } | undefined, claims: Claim[], numeric: AiGoal[], goals: AiGoal[]): Claim | undefined {
  if (!last || last.clause !== index - 1 || /\d/.test(clause) || NEGATION.test(clause) || !ALL_OF_IT.test(clause) || !MOVED.test(clause)) return undefined;
  const to = named(clause, numeric, goals);
  const from = claims.findLast((c) => c.goal.id === last.goal.id);
  if (to.length !== 1 || to[0]!.id === last.goal.id || !from || (from.mode !== 'increment' && !(from.partTotal && from.value < from.goal.currentValue)) || !isCurrency(to[0]!.unit) || !isCurrency(last.goal.unit)) return undefined;
  return { goal: to[0]!, mode: 'increment', value: from.value, clause: index };
}

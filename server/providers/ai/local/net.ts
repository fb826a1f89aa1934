import type { AiGoal } from '../types';
import type { Claim } from './claims';
import { named } from './goal-names';
import type { Unread } from './mentions';
import { conversion } from './units';

/** A number the reader could not place, in the clause it was found in. */
export interface Unplaced extends Unread {
  clause: number;
}

/**
 * The precision net: a number the reader could not place, beside an amount it gave a goal, means it has not understood the whole
 * report ("read 85 pages err 58 actually", "hundred fifty pushups", "ran 7.5 klm and 10k"), and the amounts it did understand would
 * record a part as the whole. Beside means in the same sentence or the clause right before or after ("payday.. wait 275").
 * A number that names another goal, or is in a unit the goal is not counted in, is that other thing's and does not stop it.
 */
export function strayNumber(g: AiGoal, claims: Claim[], unplaced: Unplaced[], sentenceOf: number[], numeric: AiGoal[], goals: AiGoal[]): Unplaced | undefined {
  const said = claims.filter((c) => c.goal.id === g.id && c.clause !== undefined).map((c) => c.clause!);
  const beside = (u: Unplaced) => said.some((c) => sentenceOf[c] === sentenceOf[u.clause] || Math.abs(c - u.clause) === 1);
  return unplaced.find((u) => beside(u) && couldBeOf(u, g, numeric, goals));
}

/**
 * Whether a number the reader could not place may be an amount of the goal: a unit it converts to, or none, no other goal named
 * by it, and a size the goal could take in its own unit ("scale said 187.4" for "Lose 15 lbs", "a place paying 62k" for "Send 40 applications" are not).
 */
const couldBeOf = (u: Unplaced, g: AiGoal, numeric: AiGoal[], goals: AiGoal[]) =>
  (u.unit === '' || (g.unit !== null && conversion(u.unit, g.unit) !== null)) && !(u.value * inGoalUnit(u, g) > g.target! * 1.5) && !named(u.segment, numeric, goals).some((o) => o.id !== g.id);

/** What one of the number's unit is in the goal's ("90 minutesyesterday" for a goal in hours is 1.5 of them). */
const inGoalUnit = (u: Unplaced, g: AiGoal) => (u.unit && g.unit ? (conversion(u.unit, g.unit) ?? 1) : 1);

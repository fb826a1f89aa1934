import type { AiGoal, GoalProgress } from '../types';
import { ABSTAINING } from './cues';
import type { Claim } from './claims';
import { isLoss, named } from './goal-names';
import { WHOLE } from './mentions';
import { strayNumber } from './net';
import type { ReadState, ReplyText } from './read-state';
import { NOT_DONE } from './tasks';
import { formatNumber, isDaily } from './text';
import { familyOf } from './units';

/** Settling what the clauses claimed: the numbers left in doubt, then per goal its new value, or a note why it has none. */

/** Per goal the new value the reply's claims settle on, after the numbers the clauses left open; notes go to the state. */
export function settle(state: ReadState, text: ReplyText): GoalProgress[] {
  settleAmountsOrTotals(state, text.isGlobal);
  claimLossFromReadings(state, text.numeric);
  claimReachedGoals(state, text);
  return progressPerGoal(state, text);
}

/** The notes for the coach, without the bare numbers that confirm a total read for exactly one goal ("saved 300, at 1500 now"). */
export function notesFor(state: ReadState, progress: GoalProgress[]): string[] {
  const confirmed = new Set(state.confirmations.filter((c) => progress.filter((p) => p.value === c.value).length === 1).map((c) => c.note));
  return state.unattributed.filter((_, i) => !confirmed.has(i));
}

function settleAmountsOrTotals(state: ReadState, isGlobal: boolean): void {
  for (const { claim, said, counted } of state.amountOrTotal) {
    if (counted && listedAsAmounts(claim, state.claims, isGlobal)) state.claims.push(claim);
    else {
      state.doubt(claim.goal);
      state.note(`${said} could be an amount or the total for "${claim.goal.title}"; not recorded.`);
    }
  }
}

/** Two body-weight readings of a goal of losing, where it started and where it is now, say how much was lost. */
function claimLossFromReadings(state: ReadState, numeric: AiGoal[]): void {
  for (const g of numeric.filter(isLoss)) {
    const mine = state.readings.filter((r) => r.goal.id === g.id);
    const start = mine.find((r) => r.start);
    const now = mine.find((r) => !r.start);
    if (start && now && start.value > now.value) state.claims.push({ goal: g, mode: 'total', value: start.value - now.value });
  }
}

/**
 * "Hit my goal!", "target reached": the target, for the goal the reply is about.
 * "veg goal hit 2 days": met on some days (a count follows), not reached as a whole.
 */
function claimReachedGoals(state: ReadState, { clauses, numeric, goals }: ReplyText): void {
  const reachedGoal = clauses.filter((c) => /\b(?:(hit|reached|smashed|crushed|achieved|made|met) (my|the) (goal|target)|(goal|target) (reached|achieved|hit|met|done))\b(?![^\d]*\d)/.test(c) && !NOT_DONE.test(c));
  for (const c of reachedGoal) {
    const pool = named(c, numeric, goals);
    const goal = pool.length === 1 ? pool[0] : numeric.length === 1 ? numeric[0] : undefined;
    // "hit my goal today" beside "Drink 8 glasses a day — 30 days": a goal counted in days is met one day at a time, not reached.
    const countsDays = ['days', 'nights'].includes(familyOf(goal?.unit ?? ''));
    if (goal && !countsDays && !state.claims.some((x) => x.goal.id === goal.id)) state.claims.push({ goal, mode: 'total', value: goal.target! });
  }
}

function progressPerGoal(state: ReadState, { clauses, sentenceEnds, numeric, goals }: ReplyText): GoalProgress[] {
  const { claims } = state;
  const sentenceOf = clauses.map((_, i) => sentenceEnds.slice(0, i).filter(Boolean).length);
  const progress: GoalProgress[] = [];
  for (const g of numeric) {
    const mine = namedTotal(g, claims.filter((c) => c.goal.id === g.id), clauses, goals);
    const value = state.contradicted.has(g.id) || mine === null ? null : valueOf(g, mine);
    if (value === null) continue;
    const stray = strayNumber(g, claims, state.unplaced, sentenceOf, numeric, goals);
    if (stray) {
      state.note(`"${g.title}": the reply has a number the reader could not place ("${stray.said}"); not recorded.`);
      continue;
    }
    // "32k sunday plus 2 easy 8k runs": one amount taken and another left out would record a part as the whole.
    if (state.doubted.has(g.id) && !claims.some((c) => c.goal.id === g.id && c.mode !== 'increment')) {
      state.note(`"${g.title}": only part of what the reply reports could be read; not recorded.`);
      continue;
    }
    // "Nothing extra toward the loan. Had to cover $600 of rent": the reply said no, so a number found elsewhere is not the goal's.
    if (state.saidNothing.has(g.id) && !ABSTAINING.test(g.title.toLowerCase())) {
      state.note(`"${g.title}": the reply says nothing was done but also gives ${formatNumber(value)}; not recorded.`);
      continue;
    }
    state.saidNothing.delete(g.id);
    progress.push({ goalId: g.id, value, completed: false });
  }
  return progress;
}

/**
 * "trip fund is sitting at 1,385. flights went up to 940": two totals that disagree, for one goal, are one of them something else's;
 * the one said of the goal by name stands, the others go. With none or several such values, which is the goal's is not known (null).
 */
function namedTotal(g: AiGoal, mine: Claim[], clauses: string[], goals: AiGoal[]): Claim[] | null {
  const totals = mine.filter((c) => c.mode === 'total' && !c.partTotal);
  if (new Set(totals.map((c) => c.value)).size < 2) return mine;
  const said = totals.filter((c) => c.clause !== undefined && named(clauses[c.clause]!, [g], goals).length > 0);
  if (new Set(said.map((c) => c.value)).size !== 1) return null;
  return mine.filter((c) => !totals.includes(c) || said.includes(c));
}

/**
 * "120 pgs of the outline, fiction only 40", "cald 14 leds, 1 linkdin post": a reply that lists amounts for several goals says them
 * all one way. When the others were read as amounts done, a number with its unit
 * that could be either is an amount too. A total said anywhere ("at 45 pages now"), or another count read as where its goal
 * stands ("all 25 read" at 20 of 25), leaves it in doubt; so does a number after a noun ("song 4"), which is a place in a row.
 */
function listedAsAmounts(claim: Claim, claims: Claim[], isGlobal: boolean): boolean {
  const others = claims.filter((c) => c.goal.id !== claim.goal.id);
  // An amount that would overshoot its target is read as a count where the goal stands (valueOf), so it says nothing of the rest.
  const asAmount = (c: Claim) => c.mode === 'increment' && !c.partTotal && (c.explicitIncrement || c.value <= c.goal.currentValue || c.goal.currentValue + c.value <= c.goal.target!);
  const onlyAmounts = others.every(asAmount);
  return isGlobal && others.length > 0 && onlyAmounts && !claims.some((c) => c.goal.id === claim.goal.id);
}

const round = (n: number) => Math.round(n * 100) / 100;

/** The goal's new value from what the reply said about it; null when it would lower it without a stated total. */
function valueOf(g: AiGoal, claims: Claim[]): number | null {
  if (claims.length === 0) return null;
  const target = g.target!;
  const explicit = [...claims].reverse().find((c) => c.mode !== 'increment');
  const added = claims.filter((c) => c.mode === 'increment').reduce((sum, c) => sum + c.value, 0);
  // A sum below what is recorded is this stretch's share ("so 300 total" at 430 of 1,000), the client's own sum of the amounts said,
  // as is one that adds up the amounts said ("5k + 6k + 10k = 21k").
  const share = explicit?.partTotal && (explicit.value < g.currentValue || Math.abs(added - explicit.value) < 0.01) && !isDaily(g) && !isLoss(g);
  // "streak at 65. so 11 done": a share beside a total of the goal that is not its sum, so one of them is misread.
  if (explicit?.partTotal && claims.some((c) => c.mode === 'total' && !c.partTotal && c.value !== explicit.value)) return null;
  // "3 more so 8 now" at 4: the amount and the total disagree, so one of them is misread. A total said as such ("strava total for the
  // challenge is 203.4 now. did a 12k sat" at 188) that holds the amounts said is where the goal stands, the amounts a part of it.
  const holdsAmounts = explicit?.statedTotal === true && explicit.value >= g.currentValue + added;
  if (!share && !holdsAmounts && explicit?.mode === 'total' && added > 0 && !isDaily(g) && !isLoss(g) && Math.abs(g.currentValue + added - explicit.value) > 0.01) return null;
  let value: number;
  let stated = false;
  if (explicit) {
    if (explicit.mode === 'percent') value = (target * Math.min(explicit.value, 100)) / 100;
    else if (explicit.mode === 'remainder') value = target - explicit.value;
    else if (share) value = g.currentValue + explicit.value;
    else {
      value = explicit.value;
      stated = true;
    }
  } else {
    const amounts = claims.map((c) => c.value);
    // "twice, once in the morning and once before bed": the parts repeat the whole.
    const [whole, ...parts] = amounts;
    const sum = parts.length >= 2 && Math.abs(parts.reduce((s, v) => s + v, 0) - whole!) < 0.01 ? whole! : amounts.reduce((s, v) => s + v, 0);
    // A daily goal's number for the day is the day's count, not something to add to.
    if (isDaily(g)) value = sum;
    else if (claims.length === 1 && !claims[0]!.explicitIncrement && g.currentValue + sum > target && sum > g.currentValue && sum <= target) {
      // "10!!!" at 9 of 15 books: as an amount it would overshoot the target, as a count it fits.
      value = sum;
      stated = true;
    } else value = g.currentValue + sum;
  }
  value = round(value);
  if (value < 0 || !Number.isFinite(value)) return null;
  if (g.unit && WHOLE.has(familyOf(g.unit)) && !Number.isInteger(value)) return null;
  const statedTotal = claims.some((c) => c.statedTotal);
  // Sanity: one reply moving a goal by more than its whole target, or past 1.5× it, is likelier a misread
  // (another goal's number, a date, a price) than progress, unless the client says it is the total.
  if (!statedTotal && !isDaily(g) && (Math.abs(value - g.currentValue) > target || value > target * 1.5)) return null;
  if (value <= g.currentValue && !stated) return null;
  // A total below what is recorded is most likely a part (this week's), not a correction, unless said as the total ("I'm at").
  if (value < g.currentValue && !isDaily(g) && !isLoss(g) && !claims.some((c) => c.lowers)) return null;
  if (value === g.currentValue) return null;
  return value;
}

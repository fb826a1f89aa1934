import type { AiGoal } from '../types';
import { DID_AMOUNT, DOING, SINCE_LAST, WHEN, WHEN_IN } from './cues';
import { type Claim, occasionsBefore } from './claims';
import { countsListed } from './candidates';
import { named, STOP, wordsOf } from './goal-names';
import { INCREMENT, type Mention, type Mode, MORE_AFTER, STATED_TOTAL_BEFORE } from './mentions';
import type { ClauseAt, ReadState } from './read-state';
import { gapOfDays, type Standing, standing } from './streaks';
import { formatNumber, isDaily } from './text';
import { isKnownUnit } from './units';
import { PAST } from './wordings';

/** How a mention placed with its goal is recorded: its mode and value as a claim, left open, said again, or correcting another. */

/** Records the mention as a claim of its goal (factor: what one of its unit is in the goal's). */
export function record(m: Mention, goal: AiGoal, factor: number, leftOfDebt: boolean, at: ClauseAt, state: ReadState): void {
  if (gapOfDays(m, goal)) return;
  // "all 30 remaining bulbs in": the rest, done now, is an amount; so is what was done "since our last chat".
  const explicitIncrement = INCREMENT.test(m.lead) || MORE_AFTER.test(m.after) || (m.mode === 'increment' && (/^\s*remaining\b/.test(m.after) || SINCE_LAST.test(m.after)));
  const stands = standing(m, goal, explicitIncrement);
  if (!leftOfDebt && !explicitIncrement && amountOrTotal(m, goal, factor, stands, at)) {
    const claim: Claim = { goal, mode: 'increment', value: m.value * factor, clause: at.index };
    state.amountOrTotal.push({ claim, said: `${formatNumber(m.value)}${isKnownUnit(m.unit) ? ` ${m.unit}` : ''}`, counted: m.unit !== '' });
    return;
  }
  const claim = claimOf(m, goal, factor, leftOfDebt, explicitIncrement, stands, at.index);
  if (saidAgain(m, claim, at, state.claims)) return;
  addClaim(m, claim, factor, at, state);
}

/**
 * "5 km" with nothing saying done when or how: as much an amount as where the goal stands (4 of 12 → 5?). Two readings, no value.
 * Compared in the goal's unit: "45 min" is 0.75 of a goal in hours, which no total at 21 hours could be.
 * At 0 the two readings agree ("Strength once" for a goal at 0 is 1 either way).
 */
function amountOrTotal(m: Mention, goal: AiGoal, factor: number, { streak, streakAt, ownSpan }: Standing, { clause, next, corrects, goals }: ClauseAt): boolean {
  // The goal's activity as a verb ("meditated", "ran"), not as a label ("gym: 6", "emergency fund 1,100").
  const didIt = wordsOf(clause).some((w) => (/ed$/.test(w) || PAST.has(w)) && named(w, [goal], goals).length > 0) || DID_AMOUNT.test(m.before);
  // "6 days out of 7": this week's share.
  const ofAWeek = /^\s*[a-z]*\s*(?:out of|of(?: the)?(?: last| past)?|\/)\s*7\b/.test(m.after);
  return m.mode === 'increment' && corrects?.goal.id !== goal.id && !streakAt && !streak && !ownSpan && !ofAWeek && !didIt && !DOING.test(clause) && !WHEN_IN.test(clause) && !saysWhen(next) && goal.currentValue > 0 && m.value * factor > goal.currentValue && m.value * factor <= goal.target! && !isDaily(goal);
}

/** "2 walks with Margaret, Tuesday and Friday": a clause of days alone says when the one before was done. */
const saysWhen = (clause: string) => wordsOf(clause).length > 0 && wordsOf(clause).every((w) => WHEN.test(w) || STOP.has(w));

/** The claim the mention makes of its goal: what is left of a debt, where the goal stands, or the mention's own mode. */
function claimOf(m: Mention, goal: AiGoal, factor: number, leftOfDebt: boolean, explicitIncrement: boolean, { streak, streakAt, ownSpan }: Standing, clause: number): Claim {
  const mode: Mode = leftOfDebt ? 'remainder' : streak || streakAt || ownSpan ? 'total' : m.mode;
  const partTotal = mode === 'total' && !m.statedTotal && !streak && (/(?:=|\b(?:so|that'?s|that is|which makes))\s*$/.test(m.lead) || /^\s*(?:[a-z$-]+\s+){0,4}total\b/.test(m.after));
  return { goal, mode, value: m.value * (mode === 'percent' ? 1 : factor), statedTotal: m.statedTotal || streak, lowers: (m.statedTotal && STATED_TOTAL_BEFORE.test(m.lead)) || streak, explicitIncrement, partTotal, clause };
}

/** Whether the claim says again an amount already read: the same amount referred back to, the sum of those before, or their breakdown. */
function saidAgain(m: Mention, claim: Claim, { index, sentenceEnds }: ClauseAt, claims: Claim[]): boolean {
  // "off 4 days, so slept well all 4 nights", "4 shifts … water on all 4": the same amount said again is said once.
  const backReference = /\b(?:all|those|these|both|each of the|every one of the)\s*$/.test(m.before);
  if (!claim.explicitIncrement && claims.some((c) => c.goal.id === claim.goal.id && c.value === claim.value && c.mode === claim.mode && (backReference || c.clause === index))) return true;
  return restatesSum(claim, claims, sentenceEnds, m.lead) || breaksDown(m, claim, claims, sentenceEnds);
}

/** Adds the claim: in place of the occasions or the listed amounts it sums up, or of the amount it corrects, or as the goal's last. */
function addClaim(m: Mention, claim: Claim, factor: number, at: ClauseAt, state: ReadState): void {
  const { claims } = state;
  const { goal } = claim;
  // "a meetup tuesday and a breakfast thing friday, so two more": the count sums up the sentence's list, some of which was read on its own.
  if (countsListed(m)) for (const c of listedBefore(claim, claims, at.sentenceEnds)) claims.splice(claims.indexOf(c), 1);
  const ofThem = /^\s*(?:[a-z$]+\s+)?of (?:them|those|these)\b/.test(m.after);
  const occasions = ofThem && /\bon\s*$/.test(m.before) && named(at.clause, [goal], at.goals).length > 0 ? occasionsBefore(goal, claims, at.clauses, at.index, at.goals) : [];
  if (occasions.length > 0) {
    for (const c of occasions) claims.splice(claims.indexOf(c), 1);
    claims.push(claim);
    state.last = { goal, factor, clause: at.index };
    return;
  }
  // "41 miles this week, 20 of them on sat": a part of an amount already read for the goal, or the count of it ("2 of them"): two readings, no value.
  if (ofThem && claims.some((c) => c.goal.id === goal.id)) {
    state.doubt(goal);
    return;
  }
  const corrected = at.corrects?.goal.id === goal.id ? claims.findLast((c) => c.goal.id === goal.id) : undefined;
  if (corrected) {
    // The correction keeps how the first number was meant (an amount done, or where the goal stands).
    claims[claims.indexOf(corrected)] = { ...corrected, value: m.value * factor, clause: at.index };
    state.correcting = -1;
    return;
  }
  claims.push(claim);
  state.last = { goal, factor, clause: at.index };
}

/**
 * "learned 2 new ones, wonderwall and blackbird, so that's 2 more": an amount that sums up ("so", "that's", "which makes") the goal's
 * amounts said before it in its sentence is those amounts again, not more of them.
 */
function restatesSum(claim: Claim, claims: Claim[], sentenceEnds: boolean[], lead: string): boolean {
  if (claim.mode !== 'increment' || claim.clause === undefined || !/(?:=|\b(?:so|that'?s|that is|which makes))\s*$/.test(lead)) return false;
  const at = claim.clause;
  const inSentence = (c: Claim) => c.clause !== undefined && c.clause <= at && !sentenceEnds.slice(c.clause, at).some(Boolean);
  const said = claims.filter((c) => c.goal.id === claim.goal.id && c.mode === 'increment' && inSentence(c));
  return said.length > 0 && Math.abs(said.reduce((sum, c) => sum + c.value, 0) - claim.value) < 0.01;
}

/**
 * "45 mins this week, 3 sits of 15 min": occasions times the amount of each, in the same sentence right after the same amount, say
 * how it was made up; with a when of their own ("3 sits of 15 min on sunday") they are more.
 */
function breaksDown(m: Mention, claim: Claim, claims: Claim[], sentenceEnds: boolean[]): boolean {
  const at = claim.clause;
  if (!m.multiplied || claim.mode !== 'increment' || at === undefined || at === 0 || sentenceEnds[at - 1] || WHEN_IN.test(m.after)) return false;
  return claims.some((c) => c.goal.id === claim.goal.id && c.mode === 'increment' && c.clause === at - 1 && Math.abs(c.value - claim.value) < 0.01);
}

/** The goal's amounts read earlier in the claim's sentence, when they add up to less than it: the items its count sums up. */
function listedBefore(claim: Claim, claims: Claim[], sentenceEnds: boolean[]): Claim[] {
  const at = claim.clause;
  if (at === undefined) return [];
  const listed = claims.filter((c) => c.goal.id === claim.goal.id && c.mode === 'increment' && c.clause !== undefined && c.clause <= at && !sentenceEnds.slice(c.clause, at).some(Boolean));
  return listed.reduce((sum, c) => sum + c.value, 0) < claim.value ? listed : [];
}

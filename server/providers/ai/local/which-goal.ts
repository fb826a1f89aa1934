import type { AiGoal } from '../types';
import { otherActivity } from './activities';
import { PUT_ASIDE } from './cues';
import { type Candidates, bare, countsListed, countsThings, OCCASION_NAME, ONE_OCCASION, progressNoun, sentenceBefore } from './candidates';
import { named, saving, wordsOf } from './goal-names';
import { amountsIn, type Mention, WHOLE } from './mentions';
import { EARNED_AMOUNT, oneEarningGoal, salePrice } from './money';
import type { ClauseAt, Last, ReadState } from './read-state';
import { withoutRates } from './streaks';
import { formatNumber, isCurrency } from './text';
import { conversion, familyOf, isKnownUnit } from './units';

/** Of the goals a mention could be for, the one it is for; none, with a note or a doubt, when the reply does not say which. */

/** The one goal a mention is for, or undefined when it is set aside. */
export function oneGoal(m: Mention, found: Candidates, nearby: AiGoal[], at: ClauseAt, state: ReadState): AiGoal | undefined {
  if (inDoubtAfterLast(m, found, at, state)) return undefined;
  const { candidates, carriedOn } = narrowed(m, found.candidates, at, state.last);
  if (candidates.length !== 1) {
    leftOpen(m, candidates, at, state);
    return undefined;
  }
  const goal = candidates[0]!;
  return unclearFor(m, goal, nearby, carriedOn, at, state) ? undefined : goal;
}

/** A bare number right after the last amount that could be of its unit or of the goal's, or taken off it: no reading can be trusted. */
function inDoubtAfterLast(m: Mention, { candidates, inheritedFactor }: Candidates, { index, corrects }: ClauseAt, state: ReadState): boolean {
  const { last } = state;
  // "45 mins yesterday + 2 at 9 this morning" for a goal in hours: a bare number right after an amount in another unit may be more of
  // that unit or of the goal's (the wordings name the unit when its own when says which); either reading could be wrong.
  const eitherUnit = bare(m) && inheritedFactor === null && corrects === undefined && last?.clause === index - 1 && last.factor !== 1 && candidates.includes(last.goal);
  if (eitherUnit && last) {
    state.doubt(last.goal);
    state.note(`${formatNumber(m.value)} mentioned after an amount in another unit for "${last.goal.title}"; not recorded.`);
    return true;
  }
  // "made $55, minus $15 fees", "ran 10k less 2 walking": an amount taken off the one before leaves a difference the reader does
  // not work out, so neither amount is a goal's.
  if (/\b(?:minus|less)\s*\$?\s*$/.test(m.before)) {
    state.doubt(...(last ? [last.goal, ...candidates] : candidates));
    return true;
  }
  return false;
}

/** The candidates narrowed by the clause before and the words near the number; carriedOn when the clause goes on with the last goal. */
function narrowed(m: Mention, found: AiGoal[], at: ClauseAt, last: Last | undefined): { candidates: AiGoal[]; carriedOn: boolean } {
  let candidates = found;
  // "swam half an hour on Monday and an hour and a half on Saturday": a clause with only an amount and a when goes on with the goal before it.
  const carriedOn = candidates.length > 1 && last?.clause === at.index - 1 && candidates.includes(last.goal) && !progressNoun(at.clause.replace(new RegExp(`(?<![a-z])${m.unit}\\b|\\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\\b`, 'g'), ' '));
  if (carriedOn) candidates = [last!.goal];
  if (candidates.length > 1) candidates = toldApart(m, candidates, at);
  // "got paid $1,200 for the job" beside a card, a fund and an income goal: money earned is the one goal of earning's.
  if (candidates.length > 1 && isCurrency(m.unit) && EARNED_AMOUNT.test(m.before)) candidates = oneEarningGoal(candidates);
  return { candidates, carriedOn };
}

/** Words for a whole field of life ("music stuff", "uni stuff"), which may hold several goals. */
const FIELD = /^(?:music|work|job|school|uni|college|study|studies|fitness|health|money|finance|house|home|admin|family|business|art|language)$/;

/** Of several candidates, the one the words nearest the number (or the clause before) name; all of them when no one is named. */
function toldApart(m: Mention, candidates: AiGoal[], { index, clause, previous, sentenceEnds, numeric, goals }: ClauseAt): AiGoal[] {
  // A candidate's own unit word ("books" in "Read 6 non-fiction books", also the unit of "Read 10
  // novels") tells no two book goals apart; a synonym only one title uses ("novel") does.
  const singular = (w: string) => w.toLowerCase().replace(/s$/, '');
  // Nor does a measure written short ("mins" for two goals in minutes); a kind of thing counted ("novels" for books) still may.
  const shortMeasure = (w: string, unit: string) => isKnownUnit(w) && !WHOLE.has(familyOf(w)) && familyOf(w) === familyOf(unit);
  const unitFree = (t: string) => wordsOf(t).filter((w) => !candidates.some((c) => c.unit && (singular(c.unit) === singular(w) || shortMeasure(w, c.unit)))).join(' ');
  // "2 italki sessions with marco … anki 0": the words nearest the number first.
  const closest = named(unitFree(m.tight), numeric, goals).filter((g) => candidates.includes(g));
  const ownTelling = closest.length === 1 ? closest : named(unitFree(m.segment), numeric, goals);
  const wideTelling = ownTelling.length > 0 ? ownTelling : named(unitFree(m.wide), numeric, goals);
  // "bike commute 4 days = 88 km": words before an amount no goal took are the next amount's, when they name one goal only.
  const clauseTelling = named(unitFree(clause), numeric, goals);
  const telling = wideTelling.length > 0 ? wideTelling : clauseTelling.length === 1 && /(?:=|\b(?:so|that'?s|that is|makes))\s*$/.test(m.lead) ? clauseTelling : [];
  // "did my breathing every day, that is 7 times": a clause naming no goal continues the one before, when that one had no number
  // or opened its sentence with one occasion ("Only one run, 8k Sunday": the amount of that run; "2 runs, 8k" leaves one of them out,
  // "1 run and 1 ride, 8k" could be either).
  const opensSentence = index < 2 || sentenceEnds[index - 2]!;
  const carried = telling.length === 0 && previous && !/\d/.test(opensSentence ? previous.replace(ONE_OCCASION, ' ') : previous) ? named(previous, candidates, goals) : [];
  const narrowed = candidates.filter((c) => telling.includes(c) || carried.includes(c));
  // "6 hrs on grad school stuff": "stuff", "things" after a word the goal's title lacks name an area that may hold several of the
  // goals ("theory test stuff" for "Driving theory test prep" is its own). A whole field ("music stuff" beside piano practice
  // and music theory) holds any of them, even when one title names the field.
  const area = /\b([a-z]+) (?:stuff|things|related)\b/.exec(m.wide)?.[1];
  const vague = area !== undefined && narrowed.length === 1 && (named(area, narrowed, goals).length === 0 || FIELD.test(area));
  return narrowed.length === 1 && !vague ? narrowed : candidates;
}

/** No goal, or several: a doubt, the net's evidence or a note for the coach. */
function leftOpen(m: Mention, candidates: AiGoal[], { index, numeric }: ClauseAt, state: ReadState): void {
  if (candidates.length === 0 && numeric.length === 1 && isCurrency(numeric[0]!.unit) && bare(m) && m.mode === 'increment') state.doubt(numeric[0]!);
  // In a check-in about one goal a bare number no rule placed is the net's evidence; beside several goals it is as likely another's, and noted above.
  if (candidates.length === 0 && bare(m)) state.unplace(m, index);
  if (candidates.length > 1) state.note(`${formatNumber(m.value)}${m.unit ? ` ${m.unit}` : ''} mentioned but it could be for ${candidates.map((c) => `"${c.title}"`).join(' or ')}; not recorded.`);
}

/** Whether the one candidate left is still not clearly the mention's goal: a sale's price, another activity's time, other words against it. */
function unclearFor(m: Mention, goal: AiGoal, nearby: AiGoal[], carriedOn: boolean, at: ClauseAt, state: ReadState): boolean {
  const { clauses, index, clause, next, sentenceEnds, numeric, goals } = at;
  // "sold 3 old games on ebay for $45" beside a saving: the price of the things counted, money earned, which is no saving until put aside.
  if (salePrice(m, nearby) && saving(goal)) {
    if (PUT_ASIDE.test(`${m.after} ${next}`)) state.doubt(goal);
    return true;
  }
  // The unit says one goal, the activity word another ("walked 5 days" with a goal counted in days): no evidence agrees.
  // So does the verb right before the number ("posted 3 paintings" beside goals of paintings and of posts); an occasion's name there
  // ("erg session 8000m") is no verb, and says nothing against the goal the unit and the activity word agree on.
  // "did a 2 hr ride, 48 km" beside "Cycle 1,000 km" and "Strength training – 24 hrs": how long the ride took, no time of strength training.
  if (durationOfNamed(m, goal, nearby, sentenceEnds[index] ? undefined : clauses[index + 1], goals)) return true;
  const verbNames = m.verb && !OCCASION_NAME.test(m.verb) ? named(m.verb, numeric, goals) : [];
  const verbElsewhere = verbNames.length > 0 && !verbNames.includes(goal);
  if (!carriedOn && m.unit && ((nearby.length > 0 && !nearby.includes(goal)) || verbElsewhere)) {
    state.doubt(goal, ...nearby, ...verbNames);
    state.note(`${formatNumber(m.value)} ${m.unit} mentioned but it is not clear for which goal; not recorded.`);
    return true;
  }
  // "worked 4 shifts" beside "Sleep 7+ hours after night shifts" and "Drink 8 glasses of water on every shift" (in shifts): the unit is in both titles, so it tells neither.
  if (!carriedOn && nearby.length === 0 && unitInOtherTitle(m.unit, goal, numeric)) {
    state.note(`${formatNumber(m.value)} ${m.unit} mentioned but it is not clear for which goal; not recorded.`);
    return true;
  }
  // "went to physio tues and did the exercises fri so thats 2 more": a count of what the sentence listed, when it listed the doings
  // of several goals that count occasions or things, is not one goal's (money or km said beside it are no such doings).
  if (countsListed(m) && named(`${sentenceBefore(clauses, sentenceEnds, index)} ${clause}`, numeric, goals).filter(countsThings).length > 1) {
    state.note(`${formatNumber(m.value)} more mentioned after doings of several goals; not recorded.`);
    return true;
  }
  return false;
}

/**
 * "did a 2 hr ride, 48 km": a time said of another activity than the goal's, beside the one goal that activity names, is how long that
 * goal's occasion took; it leaves that goal no part unread only when the same sentence goes on with just its amount in that goal's unit.
 */
function durationOfNamed(m: Mention, goal: AiGoal, nearby: AiGoal[], next: string | undefined, goals: AiGoal[]): boolean {
  const [other] = nearby;
  if (nearby.length !== 1 || !other?.unit || !['minutes', 'hours'].includes(familyOf(m.unit)) || conversion(m.unit, other.unit) !== null) return false;
  // The next clause is that amount alone ("48 km"): "2 hr ride and a 30 km ride" is another ride, the first one's km unsaid.
  const amountAlone = next !== undefined && /^\d+(?:\.\d+)?\s*[a-z]+$/.test(next.trim());
  return otherActivity(m, goal, goals) && amountAlone && amountsIn(next).some((a) => conversion(a.unit, other.unit!) !== null);
}

/**
 * Whether another goal, counted in something else, has the unit word in its title ("shift" for "shifts").
 * A rate there ("10,000 steps a day") says how much per day, not that days are counted.
 */
const unitInOtherTitle = (unit: string, goal: AiGoal, goals: AiGoal[]) =>
  unit.length > 2 && goals.some((o) => o.id !== goal.id && (!o.unit || familyOf(o.unit) !== familyOf(unit)) && wordsOf(withoutRates(o.title.toLowerCase())).some((w) => w.replace(/s$/, '') === unit.replace(/s$/, '')));

import type { AiGoal } from '../types';
import { otherActivity, otherSubject } from './activities';
import { APPROX, AWAY, CORRECTION, COUNTERFACTUAL, FILLER_LIKE, FUTURE, HEDGE, HEDGED_NEXT, INCLUDED, INCLUDING, MULTIPLIED_AFTER, NEGATION, OCCASIONS_ENDING, OPINION, PLANNED_DEED, REPEATED, SHARED, WITHDRAWAL } from './cues';
import { isLoss, matchesStem, named, near, stem, titleStems, wordsOf } from './goal-names';
import { daysIn, type Mention, OCCASION, titleAmounts } from './mentions';
import { digitise, emojiWords, withoutEmoji } from './numbers';
import type { ClauseAt, ReadState } from './read-state';
import { irregularPast } from './tasks';
import { formatNumber } from './text';
import { conversion, familyOf, isKnownUnit } from './units';

/** Why a mention is set aside: said as no progress (the wrong way, negated, planned, hedged), or, for its goal, not the goal's amount alone. */

/** Whether the way the mention is said sets it aside before any goal is looked for; a "nothing done" goes to saidNothing. */
export function setAsideAsSaid(m: Mention, nearby: AiGoal[], at: ClauseAt, state: ReadState): boolean {
  // "gained 1 lb" for a goal of losing: the wrong direction is no progress.
  if (AWAY.test(at.clause) && at.numeric.some(isLoss)) {
    // ... and it makes the rest of the reply's reading for that goal a net we cannot trust ("lost 3 but gained 1 back").
    for (const g of at.numeric.filter(isLoss)) state.contradicted.add(g.id);
    return true;
  }
  // "it was 4 not 5": the number negated is the one corrected, nothing said of the goal.
  if (/\d\s*[a-z$]*\s+not\s*$/.test(m.before)) return true;
  if ((NEGATION.test(m.before) && !(at.corrects && CORRECTION.test(m.before.trim()))) || m.value === 0) {
    // "3 dinners cooked, lunches zero": a zero is said of the goal named right before it.
    const zeroOf = m.value === 0 && nearby.length > 1 ? named(m.before.trim().split(/\s+/).slice(-3).join(' '), nearby, at.goals) : [];
    for (const g of zeroOf.length > 0 ? zeroOf : nearby) state.saidNothing.add(g.id);
    return true;
  }
  return notDoneNow(m, at);
}

/** An amount inside a total, taken out, at least so much, planned, imagined, hedged or guessed: not done, or not as said. */
function notDoneNow(m: Mention, { clause, next, numeric }: ClauseAt): boolean {
  // "(added 30 today, they're included)": an amount inside a total the reply gives is not added to it.
  if (m.mode === 'increment' && (INCLUDED.test(clause) || INCLUDED.test(next) || INCLUDING.test(m.before))) return true;
  if (WITHDRAWAL.test(m.wide)) return true;
  // "ran 10k+": at least that much, so not an amount to record.
  if (/^\s*[a-z]*\s*\+(?!\s*\d)/.test(m.after)) return true;
  const plan = FUTURE.exec(m.before.slice(-30)) ?? PLANNED_DEED.exec(m.before);
  return (plan !== null && !numeric.some((g) => titleStems(g).has(stem(plan[1]!)))) || COUNTERFACTUAL.test(m.before) || HEDGE.test(clause) || hedgedNext(m, next) || (m.mode !== 'percent' && ((APPROX.test(m.before) && !(FILLER_LIKE.test(m.before) && isKnownUnit(m.unit))) || OPINION.test(clause)));
}

/** "8k steps, maybe 9": a guess right after the amount doubts it; "gym twice. maybe 1000 words tmrw" guesses at another unit, so at another thing. */
function hedgedNext(m: Mention, next: string): boolean {
  if (!HEDGED_NEXT.test(next)) return false;
  const unit = /\d(?:\.\d+)?\s*([a-z]+)/.exec(next)?.[1] ?? '';
  return !isKnownUnit(unit) || familyOf(unit) === familyOf(m.unit);
}

/** Whether the mention, placed with its goal, is still no amount of that goal alone: lapses, another goal's, multiplied, shared. */
export function setAsideForGoal(m: Mention, goal: AiGoal, nearby: AiGoal[], at: ClauseAt, state: ReadState): boolean {
  const { clause, numeric, goals, reply } = at;
  // "ordered takeout 3 times" for "No takeout - 30 days": times of the thing given up are lapses, no days kept.
  if (lapses(m, goal, clause)) {
    state.doubt(goal);
    return true;
  }
  // "ate out twice" beside "No eating out" and "Gym 3x/wk": the times are the lapses of the thing given up, no occasions of another
  // goal the words by the number do not name ("gym x3 | takeout fri & sat" names the gym).
  if (!nearby.includes(goal) && numeric.some((o) => o.id !== goal.id && lapses(m, o, clause))) return true;
  // "finished 2 more 📚" with goals of books and of audiobooks, "35 pages 📖" with two goals of pages: an emoji does not
  // tell two such goals apart; words must.
  const sibling = numeric.find((o) => confusable(o, goal) || (sameUnit(o, goal) && sharedDoing(emojiWords(reply), o, goal)));
  if (sibling && !named(digitise(withoutEmoji(reply)), [goal], goals).length) {
    state.note(`${formatNumber(m.value)} mentioned but it could be for "${goal.title}" or "${sibling.title}"; not recorded.`);
    return true;
  }
  if (multiplied(m, goal, at)) {
    state.doubt(goal);
    state.note(`${formatNumber(m.value)}${isKnownUnit(m.unit) ? ` ${m.unit}` : ''} mentioned more than once over for "${goal.title}"; not recorded.`);
    return true;
  }
  // "walked 3k" for "Run 50 km": the km fit, the activity is another one.
  if (otherActivity(m, goal, goals) || otherSubject(m, goal)) return true;
  if (sharedWithNext(m, goal, at)) {
    state.doubt(goal);
    state.note(`${formatNumber(m.value)}${isKnownUnit(m.unit) ? ` ${m.unit}` : ''} mentioned for more than one goal; not recorded.`);
    return true;
  }
  return false;
}

/**
 * "3 miles on each of those days", "2 easy 6k runs", "20 min ... did that 3 times": the amount is
 * multiplied by something the reader does not count, so taking it alone would be wrong.
 */
function multiplied(m: Mention, goal: AiGoal, { clause, previous, next }: ClauseAt): boolean {
  // "meditated every morning except tuesday, 10 min": a short amount after occasions is each one's.
  const eachOf = !m.multiplied && isKnownUnit(m.unit) && !OCCASION.has(familyOf(m.unit)) && OCCASIONS_ENDING.test(previous) && wordsOf(clause).length <= 3;
  return (MULTIPLIED_AFTER.test(m.after) && daysIn(clause) === null && !m.multiplied) || eachOf || multipliedBefore(m, goal) || (REPEATED.test(clause) && !repeatCount(m)) || SHARED.test(clause) || SHARED.test(next);
}

/** "2 easy 6k runs": a count of occasions right before the amount of each. */
const MULTIPLIED_BEFORE = /(?<!\b(?:by|at|before|after|until|till)\s)\b\d+\s+(?:[a-z]+\s+)?$/;

/** "2 easy 6k runs": a count of occasions right before the amount; "hit 8000 steps 3 days" for "8,000 steps on 20 days" is the goal's own threshold. */
function multipliedBefore(m: Mention, goal: AiGoal): boolean {
  if (!MULTIPLIED_BEFORE.test(m.before)) return false;
  const prior = /(\d+(?:\.\d+)?)\s+([a-z]+)\s+$/.exec(m.before);
  return !(prior && titleAmounts(goal).some((a) => a.n === Number(prior[1]) && a.unit === familyOf(prior[2]!) && a.n !== goal.target));
}

/** "did it twice more": the number is the times itself, not an amount repeated. */
const repeatCount = (m: Mention) => /\b(?:did|done|do) (?:that|it|this|those)\s*$/.test(m.before) && familyOf(m.unit) === 'count';

/** "1 hour of yoga and meditation": a short clause right after names another goal the unit fits, so the amount is shared. */
function sharedWithNext(m: Mention, goal: AiGoal, { index, next, sentenceEnds, numeric, goals }: ClauseAt): boolean {
  const fits = (g: AiGoal) => g.id !== goal.id && g.unit !== null && (isKnownUnit(m.unit) ? conversion(m.unit, g.unit) !== null : familyOf(g.unit) === familyOf(goal.unit ?? ''));
  // "tutoring was slow" says something of its own about the other goal: a sentence, not a share; so is one after a sentence end ("3 more days of water 💪 veg... 😬").
  return next !== '' && !sentenceEnds[index] && !/\d/.test(next) && !NEGATION.test(next) && !/\b(?:was|were|is|are)\b/.test(next) && wordsOf(next).length <= 3 && named(next, numeric, goals).some(fits);
}

/** Two goals counted in the same unit ("pages" and "pages"). */
const sameUnit = (a: AiGoal, b: AiGoal) => a.id !== b.id && Boolean(a.unit && b.unit) && familyOf(a.unit!) === familyOf(b.unit!);

/** "📖" (read) beside "Read 500 pages for book club" and "Read 400 pages of the textbook": an emoji for the doing both titles share. */
const sharedDoing = (words: string[], a: AiGoal, b: AiGoal) => words.some((w) => [a, b].every((g) => titleStems(g).has(stem(w))));

/** Two goals whose units one contains the other ("books", "audiobooks"). */
function confusable(a: AiGoal, b: AiGoal): boolean {
  if (a.id === b.id || !a.unit || !b.unit) return false;
  const [x, y] = [familyOf(a.unit).replace(/s$/, ''), familyOf(b.unit).replace(/s$/, '')];
  return x !== y && (x.includes(y) || y.includes(x));
}

/** What a goal of giving something up gives up ("No takeout - 30 days" → takeout; "Quit vaping" → vaping). */
const givenUp = (goal: AiGoal) => /^\s*(?:no|quit|stop|avoid|cut out)\s+([a-z]+)/i.exec(goal.title)?.[1]?.toLowerCase();

/**
 * "ordered takeout 3 times", "had takeout twice": times of the thing a goal gives up, not said as avoided, are lapses of it
 * ("phone off 5 nights", "no takeout 3 days" are the nights and days it was kept).
 */
function lapses(m: Mention, goal: AiGoal, clause: string): boolean {
  const thing = givenUp(goal);
  if (!thing || NEGATION.test(m.before) || !(/^(?:|times?|x)$/.test(m.unit) || matchesStem(m.unit, stem(thing)))) return false;
  const pastOfIt = irregularPast(stem(thing));
  return wordsOf(m.segment).some((w) => matchesStem(w, stem(thing)) || near(w, thing) || pastOfIt.includes(w)) && !/\b(?:without|no|skipped|avoided|resisted)\b/.test(clause);
}

/** "ate 200g of chicken", "bought 2 kg of apples", "lifted 60 kg": a weight of something else than the body, unless said lost ("lost 1 kg of fat"). */
export const portion = (m: Mention) =>
  !/\b(?:lost|lose|down|dropped|shed)\s*$/.test(m.lead) && (/^\s*[a-z]*\s+of\s+(?!(?:it|that|weight|body ?weight)\b)[a-z]/.test(m.after) || /^(?:ate|eat|eating|had|bought|buy|lifted|lift|carried|cooked|drank)$/.test(m.verb));

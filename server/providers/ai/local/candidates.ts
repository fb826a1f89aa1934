import type { AiGoal } from '../types';
import { otherActivity } from './activities';
import { ABSTAINING, DOING, FUTURE, GENERIC_OCCASION, NEGATION, SINCE_LAST, WHEN } from './cues';
import { isLoss, matchesStem, named, near, STOP, stem, unitNear, wordsOf } from './goal-names';
import { countedBy, FOLLOWERS, measured, type Mention, OCCASION, OCCASIONS, titleAmounts, WHOLE } from './mentions';
import { EARNED_AMOUNT, oneEarningGoal } from './money';
import type { ClauseAt, ReadState } from './read-state';
import { finishingAt, ONE_MORE_FINISHED } from './tasks';
import { formatNumber, isCurrency } from './text';
import { conversion, familyOf, isKnownUnit, partOf } from './units';

/** Which goals a mention could be for: by its unit, the title words near it, its occasions, or the clauses before it. */

/** A bare number: no unit, or only a word that may follow a number without being one ("3 today", "6 more"). */
export const bare = (m: Mention) => !m.unit || FOLLOWERS.has(m.unit);

/** "run", "session", "class": the names of occasions, one or many. */
const OCCASION_NOUN = `(?:${OCCASIONS.split('|')
  .map((w) => w.replace(/(?<=ch|sh|ss)es$|s$/, ''))
  .join('|')})(?:es|s)?`;
export const OCCASION_NAME = new RegExp(`^${OCCASION_NOUN}$`);

/** "1 run", "1 session": one occasion, which says how often and not how much (the amount said next is its own). */
export const ONE_OCCASION = new RegExp(`\\b1 (?:[a-z]+ )?${OCCASION_NOUN}\\b`, 'g');

/**
 * "1 ride" for "Cycle 300 km", "2 lectures" for "Watch 20 hrs of lectures", "2 jobs" for "$3,000 from handyman jobs": occasions
 * ("rides", "runs", "sessions") and things counted (a plural no unit names) are no amount of a goal measured in money, distance,
 * time or weight ("45 reading", "75 saved" are).
 */
const occasionsOfAmount = (g: AiGoal, noun: string) => measured(g) && !['count', 'days', 'nights'].includes(familyOf(g.unit!)) && (OCCASION_NAME.test(noun) || /[^s]s$/.test(noun));

/** "Cook dinner 20 times": the title states its count, its target, in that unit. */
const titleCountsIn = (goal: AiGoal, unit: string) => titleAmounts(goal).some((a) => a.unit === familyOf(unit) && a.n === goal.target);

/** "Get 7+ hours of sleep on 20 days": the unit comes with a number of the title that is not its target. */
const titleThreshold = (goal: AiGoal, unit: string) => titleAmounts(goal).some((a) => a.unit === familyOf(unit) && a.n !== goal.target);

/** A goal counted in occasions or things ("sessions", "appointments"), not measured in money, distance, time or weight. */
export const countsThings = (g: AiGoal) => g.unit !== null && (WHOLE.has(familyOf(g.unit)) || !isKnownUnit(g.unit));

/** "so thats 2 more", "so two more": a count that sums up the occasions the sentence listed. */
export const countsListed = (m: Mention) => m.mode === 'increment' && /\b(?:so|that'?s|thats)\s*$/.test(m.lead) && /^\s*more\b/.test(m.after);

/** The clauses of the sentence before the given one, joined. */
export function sentenceBefore(clauses: string[], sentenceEnds: boolean[], index: number): string {
  let start = index;
  while (start > 0 && !sentenceEnds[start - 1]) start--;
  return clauses.slice(start, index).join(' ');
}

/** Where an amount was done: "on the way home", "in the park", "at the track". */
const PLACE = /\b(?:on|in|at|during) (?:the|my|a|an|our) (?:[a-z]+ ){0,2}[a-z]+\b/g;

/** Whether a clause has words of its own besides its numbers and when ("2 today" has none). */
export function progressNoun(clause: string): boolean {
  return wordsOf(clause.replace(/\d+(?:\.\d+)?/g, ' ')).some((w) => !FOLLOWERS.has(w) && !STOP.has(w) && !WHEN.test(w));
}

/**
 * A bare number (no unit, no goal word) in a one-goal check-in is progress only when the clause says
 * something was done: a total or a share, a verb of doing, or the number on its own ("12 today!").
 * "the kids were 2 and 4" or "2 picked up" says nothing about the goal.
 */
function progressStatement(m: Mention, clause: string): boolean {
  if (m.mode !== 'increment') return true;
  const rest = wordsOf(clause.replace(/\d+(?:\.\d+)?k?/g, ' ')).filter((w) => !FOLLOWERS.has(w) && !STOP.has(w) && !WHEN.test(w));
  // "2 since we spoke": an amount since the last check-in is done.
  return rest.length === 0 || DOING.test(clause) || SINCE_LAST.test(m.after);
}

/** "3 nights": a clause of occasions alone, the number and its generic occasion word ("times", "nights") and a when at most. */
const occasionsAlone = (m: Mention, clause: string) => GENERIC_OCCASION.test(m.unit) && OCCASION.has(familyOf(m.unit)) && wordsOf(clause).length <= 4 && /^\s*$/.test(m.before);

/**
 * "did cook though, 3 nights": occasions alone after a comma are of the one goal the clause before named with no number of its own,
 * when that goal counts occasions and the clause said it done ("didn't cook, 3 nights", "will cook, 3 nights" say no such thing).
 */
function occasionsOfClauseBefore({ previous, sentenceEnds, index, numeric, goals }: ClauseAt): AiGoal[] {
  if (!previous || sentenceEnds[index - 1] || /\d/.test(previous) || NEGATION.test(previous) || FUTURE.test(previous)) return [];
  const one = named(previous, numeric, goals);
  return one.length === 1 && one[0]!.unit && OCCASION.has(familyOf(one[0]!.unit)) ? one : [];
}

/** The goals the words by a mention name: a goal of losing right by a loss, else those of its segment, else of its wider words. */
export function nearbyGoals(m: Mention, { clause, next, numeric, goals }: ClauseAt): AiGoal[] {
  const own = named(m.segment, numeric, goals);
  // "11 down total", "dropped 2": a loss right by the number names the one goal of losing ("3 down, 9 to go" counts anything).
  const losing = numeric.filter(isLoss);
  const loss = losing.length === 1 && bare(m) && !/\b(?:to go|left)\b/.test(`${clause} ${next}`) && (/^\s*down\b/.test(m.after) || /\b(?:down|lost|dropped|shed)(?: another| a further)?\s*$/.test(m.before)) ? losing : [];
  const wideNamed = named(m.wide, numeric, goals);
  // "moved 100 to savings" beside "Open a high-yield savings account": a task takes no number, so a word it shares names the goal that does.
  return loss.length > 0 ? loss : own.length > 0 ? own : wideNamed.length > 0 ? wideNamed : named(m.segment, numeric, numeric);
}

/**
 * Whether the goal counts what the mention counts. "2 wrkouts ... steps meh": a counted noun that is neither a goal's unit nor a word
 * of its title says the number is not that goal's.
 */
function countsIt(m: Mention, g: AiGoal): boolean {
  const counted = m.unit && !FOLLOWERS.has(m.unit) && !isKnownUnit(m.unit) ? m.unit : null;
  // "learned 12 new chords" for "Learn 15 songs": parts of the things a goal counts are none of them, whatever the verb.
  return !counted || (!(g.unit !== null && partOf(counted, g.unit)) && (countedBy(g, m.verb) || (g.unit !== null && (unitNear(counted, g.unit) || near(counted, g.unit.toLowerCase()))) || (!occasionsOfAmount(g, counted) && wordsOf(g.title.toLowerCase()).some((w) => matchesStem(counted, stem(w)) || near(counted, w)))));
}

/** The goals a mention's unit says it is for: the unit itself, a word of the title, or occasions of a goal counted in them. */
function byUnit(m: Mention, nearby: AiGoal[], at: ClauseAt): AiGoal[] {
  const { clause, numeric, goals, isGlobal } = at;
  let candidates = m.unit && m.mode !== 'percent' ? numeric.filter((g) => g.unit && (conversion(m.unit, g.unit) !== null || unitNear(m.unit, g.unit))) : [];
  // "3 nights" for "No takeout nights" counted in days: the title's own word.
  // Only for a goal counting whole things or occasions: "1 run" is no distance for "Run 50 km".
  // "3 times" for "Visit Dad 10 times": the title counts in that word.
  // A title word after a number that is not the target is a threshold ("7+ hours of sleep on 20 days"), not what is counted.
  // A title that counts in its own unit ("In bed by 9am after nights: 12 times") says when with its days or nights, not what is counted.
  const when = ['days', 'nights'].includes(familyOf(m.unit));
  if (m.unit && candidates.length === 0 && isKnownUnit(m.unit)) candidates = numeric.filter((g) => ((!g.unit || (WHOLE.has(familyOf(g.unit)) && !(when && titleCountsIn(g, g.unit)))) && wordsOf(g.title.toLowerCase()).some((w) => familyOf(w) === familyOf(m.unit)) && !titleThreshold(g, m.unit)) || titleCountsIn(g, m.unit));
  // "2 schools" for "Apply to 5 grad schools": a title word as the unit.
  // Never things counted onto money: "2 jobs" is no amount of "$3,000 from handyman jobs"; nor onto a distance or a time: "1 ride" is no km of "Cycle 300 km".
  if (m.unit && candidates.length === 0 && !isKnownUnit(m.unit) && !FOLLOWERS.has(m.unit)) candidates = numeric.filter((g) => !occasionsOfAmount(g, m.unit) && wordsOf(g.title.toLowerCase()).some((w) => matchesStem(m.unit, stem(w))));
  // "cooked 4 nights", "in bed by 11 only 2 times": occasions (times, days, nights, sessions) count the goal
  // their activity word names, when that goal is itself counted in occasions.
  // The occasion word itself names no goal ("did 3 nights" for "In bed by 9am after nights: 12 times").
  const namedBesides = m.unit ? named(m.segment.replace(new RegExp(`(?<![a-z])${m.unit}\\b`, 'g'), ' '), numeric, goals) : nearby;
  if (m.unit && GENERIC_OCCASION.test(m.unit) && OCCASION.has(familyOf(m.unit)) && nearby.length === 1 && namedBesides.includes(nearby[0]!) && nearby[0]!.unit && OCCASION.has(familyOf(nearby[0]!.unit))) candidates = nearby.filter((g) => countsIt(m, g));
  if (m.unit && candidates.length === 0 && nearby.length === 0 && occasionsAlone(m, clause)) candidates = occasionsOfClauseBefore(at);
  // "twice." to "How is choir going?": occasions alone answer a check-in about one goal that counts occasions or things (for a
  // goal of giving something up they could be lapses).
  if (m.unit && candidates.length === 0 && nearby.length === 0 && occasionsAlone(m, clause) && !isGlobal && numeric.length === 1 && countsThings(numeric[0]!) && !ABSTAINING.test(numeric[0]!.title.toLowerCase())) candidates = numeric;
  return candidates;
}

/** The goals a mention could be for, and what one of its unit is in theirs when it goes on with the amount before it. */
export interface Candidates {
  candidates: AiGoal[];
  inheritedFactor: number | null;
}

/** The goals a mention could be for; undefined when it is set aside (a unit no goal takes, more of such a unit, unclear beside several goals). */
export function candidatesFor(m: Mention, nearby: AiGoal[], at: ClauseAt, state: ReadState): Candidates | undefined {
  const candidates = byUnit(m, nearby, at);
  if (m.unit && isKnownUnit(m.unit) && candidates.length === 0 && !FOLLOWERS.has(m.unit)) {
    state.foreignAt = at.index;
    return undefined;
  }
  // "walked 4 miles today, 2 yesterday" for a goal in km: a bare number going on from an amount in a unit no goal takes is more of
  // that unit, so no amount of the goal; the net keeps the goal from moving on the rest alone.
  if (bare(m) && candidates.length === 0 && nearby.length === 0 && state.foreignAt === at.index - 1 && !at.sentenceEnds[at.index - 1] && !progressNoun(at.clause)) {
    state.unplace(m, at.index);
    return undefined;
  }
  return candidates.length > 0 ? { candidates, inheritedFactor: null } : byContext(m, nearby, at, state);
}

/**
 * "made 180 on etsy", "made 95 off ebay": a bare amount made on or through a named place of selling is money earned there; "made 2 on
 * friday", "made 3 on the weekend" say when, and may count things made.
 */
const earnedOnPlatform = (m: Mention) => {
  const [by, where] = wordsOf(m.after);
  return bare(m) && /^(?:on|off|via|through|thru)$/.test(by ?? '') && where !== undefined && !STOP.has(where) && !WHEN.test(where) && !/^(?:my|our|his|her|their)$/.test(where);
};

/** The goals of a mention its unit does not place: by the words near it, the amount before it, or the one goal its sentence is about. */
function byContext(m: Mention, nearby: AiGoal[], at: ClauseAt, state: ReadState): Candidates | undefined {
  const { clauses, index, clause, previous, joins, sentenceEnds, numeric, goals, isGlobal, corrects } = at;
  const { last } = state;
  let candidates = nearby.length > 0 ? nearby.filter((g) => countsIt(m, g)) : (!isGlobal || numeric.length === 1) && progressStatement(m, clause) ? numeric : [];
  let inheritedFactor: number | null = null;
  // "3 hrs revision yesterday and 2 today": a bare number alone in the next clause goes on with the one before.
  // A correction ("oops 3", "actually 3") goes on with it whatever its other words.
  // "23 calls, 2 were voicemails so 21": a sum right after the goal's amount is of that goal.
  const sums = last?.clause === index - 1 && /(?:=|\b(?:so|that'?s|that is|which makes))\s*$/.test(m.lead);
  // "walked 3 km to work and 2 on the way home": where it was done ("on the way home", "in the park") names nothing else.
  // "64km, plus 18 commuting": "plus" adds the bare number to the amount just said, whatever it was done for, unless it names another goal.
  const addedOn = last?.clause === index - 1 && /\bplus\b|\+/.test(joins[index - 1] ?? '') && nearby.length === 0 && !otherActivity(m, last.goal, goals);
  const goingOn = bare(m) && (corrects !== undefined || (last?.clause === index - 1 && (!progressNoun(clause.replace(PLACE, ' ')) || sums || addedOn)));
  if (candidates.length === 0 && goingOn) {
    candidates = [last!.goal];
    inheritedFactor = last!.factor;
  }
  // "Japan fund was 620 last week, it's 700 now": "it" is the one goal the clause before named.
  const referent = /^(?:and |so |now )?it(?:'s| is|s)(?: now| at| up to)?\s*$/.test(m.before) ? named(previous, numeric, goals) : [];
  if (candidates.length === 0 && bare(m) && referent.length === 1) candidates = referent;
  // "workbook im on unit 12 now but haven't finished it, so 11 done": a "so" that sums up goes to the one goal its sentence named;
  // so does one that counts the occasions it listed ("went to physio tues and fri so thats 2 more").
  const sumsUp = (/\bso\s*$/.test(m.lead) && /^\s*(?:done|finished|complete|completed)\b/.test(m.after)) || countsListed(m);
  const concluded = sumsUp ? named(sentenceBefore(clauses, sentenceEnds, index), numeric, goals) : [];
  if (candidates.length === 0 && bare(m) && concluded.length === 1) candidates = concluded;
  // "made 215 from the etsy shop" beside "Pay down credit card" and "Side hustle income": money earned is the one goal of earning's.
  if (candidates.length === 0 && (!m.unit || isCurrency(m.unit) || earnedOnPlatform(m)) && EARNED_AMOUNT.test(m.before)) candidates = oneEarningGoal(numeric);
  if (candidates.length === 0 && !m.unit && m.mode === 'total' && ONE_MORE_FINISHED.test(`${index > 0 && !sentenceEnds[index - 1] ? clauses[index - 1] : ''} ${m.before}`)) candidates = finishingAt(numeric, m.value);
  if (candidates.length === 0 && numeric.length > 1) {
    // "saved 300, at 1500 now": a bare number may only confirm a total read elsewhere in the reply (checked below).
    if (bare(m)) state.confirmations.push({ value: m.value, note: state.unattributed.length });
    state.note(`${formatNumber(m.value)}${m.mode === 'percent' ? '%' : m.unit && !FOLLOWERS.has(m.unit) ? ` ${m.unit}` : ''} mentioned but it is not clear for which goal; not recorded.`);
    return undefined;
  }
  return { candidates, inheritedFactor };
}

import type { AiGoal, GoalProgress } from '../types';
import { otherActivity, otherSubject } from './activities';
import { type Claim, occasionsBefore, passedOnTo } from './claims';
import { ABSTAINING, ALREADY_REPORTED, APPROX, AWAY, CORRECTION, CORRECTION_AT_END, COUNTERFACTUAL, DID_AMOUNT, DOING, EARNED, FILLER_LIKE, FUTURE, GENERIC_OCCASION, HEDGE, HEDGED_NEXT, INCLUDED, INCLUDING, INCOME, MULTIPLIED_AFTER, NEGATION, NET_OF_FEES, OCCASIONS_ENDING, OPINION, OTHERS, PLANNED_DEED, PURCHASE, PUT_ASIDE, REPEATED, SHARED, SINCE_LAST, SPEND, STREAK, UNSURE, WHEN, WHEN_IN, WITHDRAWAL } from './cues';
import { EARNING, matchesStem, named, near, PAYING_OFF, saving, stem, STOP, titleStems, unitNear, wordsOf } from './goal-names';
import { amountsIn, countedBy, daysIn, FOLLOWERS, INCREMENT, measured, type Mention, mentionsIn, MORE_AFTER, notDone, OCCASION, OCCASIONS, STATED_TOTAL_BEFORE, titleAmounts, type Unread, WHOLE } from './mentions';
import { digitise, dozensCounted, emojiWords, withoutEmoji } from './numbers';
import { type Unplaced, strayNumber } from './net';
import { ordinalTotals } from './ordinals';
import { finishingAt, irregularPast, NOT_DONE, ONE_MORE_FINISHED, taskDone } from './tasks';
import { formatNumber, isCurrency, isDaily, trackable } from './text';
import { conversion, familyOf, isKnownUnit, partOf } from './units';
import { countWordings, listedDays, PAST, tickedDays, verbsStartClauses, withoutDateLists } from './wordings';

/**
 * The local reader of a reply: per goal, the new value (or done) it reports. A number goes to a goal
 * by its unit (with synonyms and exact conversions) and by the goal's title words near it; when it
 * could belong to more than one goal and the reply does not say which, it goes to none and is
 * reported as unattributed. A goal's value never goes down unless the reply states a total.
 * A wrong value is worse than none: every doubt (a plan, a guess, a price, a date) leaves the goal alone.
 */

export interface Reading {
  progress: GoalProgress[];
  /** For the coach: what could not be tied to one goal. */
  unattributed: string[];
  /** Goals the reply says explicitly had nothing ("didn't run at all"). */
  saidNothing: string[];
}

/** Sentence ends ("incl." is no end), commas, dashes and "and"-like words. */
const CLAUSE_SPLIT = /(?:(?<!\bincl?)\.(?!\d)|[!;\n]|\s[-–—+]\s|,\s*(?:and|but|then|plus|also)?\s*|\s+(?:and|but|plus|also|then|&)\s+)+/;
/** "sold 3 games for $45": money after "for" in a sale, beside goals that count things, is what they sold for. */
const salePrice = (m: Mention, nearby: AiGoal[]) => isCurrency(m.unit) && /\b(?:sold|sell|selling)\b[^.!?]*\bfor\s*$/.test(m.before) && nearby.length > 0 && nearby.every((g) => !isCurrency(g.unit));
/** "paid 80 for": bought by the client ("got paid 80 for" is earned). */
const BOUGHT_FOR = /(?<!\b(?:got|get|gets|getting|was|were|been|be|being)\s)\bpaid\s*\$?\s*$/;
/** "2 easy 6k runs": a count of occasions right before the amount of each. */
const MULTIPLIED_BEFORE = /(?<!\b(?:by|at|before|after|until|till)\s)\b\d+\s+(?:[a-z]+\s+)?$/;

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
const isLoss = (g: AiGoal) => /^\s*(lose|drop|shed|cut)\b/i.test(g.title);
/** "ate 200g of chicken", "bought 2 kg of apples", "lifted 60 kg": a weight of something else than the body, unless said lost ("lost 1 kg of fat"). */
const portion = (m: Mention) =>
  !/\b(?:lost|lose|down|dropped|shed)\s*$/.test(m.lead) && (/^\s*[a-z]*\s+of\s+(?!(?:it|that|weight|body ?weight)\b)[a-z]/.test(m.after) || /^(?:ate|eat|eating|had|bought|buy|lifted|lift|carried|cooked|drank)$/.test(m.verb));

/** "run", "session", "class": the names of occasions, one or many. */
const OCCASION_NOUN = `(?:${OCCASIONS.split('|')
  .map((w) => w.replace(/(?<=ch|sh|ss)es$|s$/, ''))
  .join('|')})(?:es|s)?`;
const OCCASION_NAME = new RegExp(`^${OCCASION_NOUN}$`);

/** "1 run", "1 session": one occasion, which says how often and not how much (the amount said next is its own). */
const ONE_OCCASION = new RegExp(`\\b1 (?:[a-z]+ )?${OCCASION_NOUN}\\b`, 'g');

/** Per clause, what joins it to the next one (", and", ". ", "! " with a mark after an emoji), '' after the last. */
function joinsAfter(text: string, clauses: string[]): string[] {
  let at = 0;
  const ends = clauses.map((c) => {
    at = text.indexOf(c, at);
    return at < 0 ? -1 : (at += c.length);
  });
  return ends.map((end, i) => {
    const nextStart = i + 1 < clauses.length ? text.indexOf(clauses[i + 1]!, Math.max(end, 0)) : -1;
    return end >= 0 && nextStart >= 0 ? text.slice(end, nextStart) : '';
  });
}

/**
 * "3 more sunday (last wk's 5 u already have)": an aside with its own number the coach already has is no news, the rest of its
 * clause is. An aside without a number ("4 hrs (told you already)") says it of the clause's own amount, so the clause goes.
 */
const withoutReportedAside = (clause: string) => clause.replace(/\(([^)]*\d[^)]*)\)?/g, (aside: string, inner: string) => (ALREADY_REPORTED.test(inner) ? ' ' : aside));

export function readReply(reply: string, goals: AiGoal[], isGlobal: boolean): Reading {
  // A question mark stays with its clause (a question or an unsure number abstains there) and ends it.
  // A check mark ends what it ticks off; any other emoji between words ends its sentence ("won 7 😎 phone thing was fine").
  const text = countWordings(
    listedDays(withoutDateLists(digitise(dozensCounted(tickedDays(reply, goals), goals))), goals)
      .replace(/\?+/g, '?;')
      .replace(/(?<=[a-z]\s*)(✅|✔️?|☑️)(?=\s*[a-z])/gu, '$1;')
      .replace(/(?<=[a-z\d]\s*)(\p{Extended_Pictographic}[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}\u{200D}]*)(?=\s+[a-z])/gu, '$1;'),
    goals,
  );
  // Someone else's doing ("my sister who ran 5k", "he did 3") is not the client's progress.
  const heard = verbsStartClauses(text, goals)
    .split(CLAUSE_SPLIT)
    .flatMap((c) => c.split(/\s+(?=who\b)/))
    .map((c) => withoutReportedAside(c).trim());
  const clauses = heard.filter((c) => c && !OTHERS.test(c) && !ALREADY_REPORTED.test(c));
  const joins = joinsAfter(text, clauses);
  /** Whether a sentence ends after the clause (a full stop, "!", "?", ";", a line break or an emoji), rather than a comma or an "and". */
  const sentenceEnds = joins.map((j) => /[.!?;\n]/.test(j));
  const numeric = goals.filter(trackable);
  const claims: Claim[] = [];
  const unattributed: string[] = [];
  const saidNothing = new Set<string>();
  const readings: { goal: AiGoal; value: number; start: boolean }[] = [];
  const confirmations: { value: number; note: number }[] = [];
  const contradicted = new Set<string>();
  let last: { goal: AiGoal; factor: number; clause: number } | undefined;
  /** Goals an amount of the reply was said of but not taken for (multiplied, shared, amount or total): their other amounts alone are no full count. */
  const doubted = new Set<string>();

  /** Bare numbers that could be an amount done or where their goal stands; the rest of the reply may say which (see listedAsAmounts). */
  const amountOrTotal: { claim: Claim; said: string; counted: boolean }[] = [];
  /** Numbers the reader could not place, neither given to a goal nor set aside for a reason: the precision net's evidence. */
  const unplaced: Unplaced[] = [];
  const unplace = (m: Mention, clause: number) => {
    if (!notDone(m.before, m.after)) unplaced.push({ value: m.value, unit: '', said: formatNumber(m.value), segment: m.wide, clause });
  };

  /** The clause that said the next number corrects the last one (it may stand alone: "wait no, 2050"). */
  let correcting = -1;
  /** The clause of the last amount set aside for a unit no goal takes ("4 miles" beside a goal in km). */
  let foreignAt = -2;
  for (const [index, clause] of clauses.entries()) {
    if (claims.some((c) => c.clause === index - 1 && onlyTheAmount(clause, c.value))) continue;
    // "5k! wait, and 3k on monday": a "wait" that goes on with "and" adds, it does not correct.
    const waitAndMore = /^(?:oh )?wait$/.test(clauses[index - 1] ?? '') && /\b(?:and|also|plus)\b/.test(joins[index - 1] ?? '');
    if (CORRECTION.test(clause) || (CORRECTION_AT_END.test(clauses[index - 1] ?? '') && !waitAndMore)) correcting = index;
    const corrects = (correcting === index || correcting === index - 1) && last !== undefined && index - last.clause <= 2 ? last : undefined;
    // "pulled out 100, put in 300": what is left in the account is not said, so no amount of the reply is the saving.
    if (WITHDRAWAL.test(clause) && /\d/.test(clause)) for (const g of numeric.filter(saving)) doubted.add(g.id);
    const ordinals = ordinalTotals(clause, numeric);
    for (const o of ordinals) {
      claims.push({ goal: o.goal, mode: 'total', value: o.value, clause: index });
      // "that's song 5 of 8?? no wait 4": a correction right after goes on with the goal the ordinal counted.
      last = { goal: o.goal, factor: 1, clause: index };
    }
    const unreadHere: Unread[] = [];
    const mentions = mentionsIn(clause, numeric, unreadHere, text).filter((m) => !ordinals.some((o) => o.at === m.before.length));
    for (const u of unreadHere) unplaced.push({ ...u, clause: index });
    const claimsBefore = claims.length;
    const passedOn = passedOnTo(clause, index, last, claims, numeric, goals);
    if (passedOn) claims.push(passedOn);
    // "didn't run at all", "no progress on the book"
    // "the total I am not sure": not knowing a number is no saying nothing was done.
    if (mentions.length === 0 && NEGATION.test(clause.replace(UNSURE, ' ')) && ordinals.length === 0 && correcting !== index) for (const g of named(clause, numeric, goals)) saidNothing.add(g.id);
    for (const m of mentions) {
      let inheritedFactor: number | null = null;
      const own = named(m.segment, numeric, goals);
      // "11 down total", "dropped 2": a loss right by the number names the one goal of losing ("3 down, 9 to go" counts anything).
      const losing = numeric.filter(isLoss);
      const loss = losing.length === 1 && (!m.unit || FOLLOWERS.has(m.unit)) && !/\b(?:to go|left)\b/.test(`${clause} ${clauses[index + 1] ?? ''}`) && (/^\s*down\b/.test(m.after) || /\b(?:down|lost|dropped|shed)(?: another| a further)?\s*$/.test(m.before)) ? losing : [];
      const wideNamed = named(m.wide, numeric, goals);
      // "moved 100 to savings" beside "Open a high-yield savings account": a task takes no number, so a word it shares names the goal that does.
      const nearby = loss.length > 0 ? loss : own.length > 0 ? own : wideNamed.length > 0 ? wideNamed : named(m.segment, numeric, numeric);
      // "gained 1 lb" for a goal of losing: the wrong direction is no progress.
      if (AWAY.test(clause) && numeric.some(isLoss)) {
        // ... and it makes the rest of the reply's reading for that goal a net we cannot trust ("lost 3 but gained 1 back").
        for (const g of numeric.filter(isLoss)) contradicted.add(g.id);
        continue;
      }
      // "it was 4 not 5": the number negated is the one corrected, nothing said of the goal.
      if (/\d\s*[a-z$]*\s+not\s*$/.test(m.before)) continue;
      if ((NEGATION.test(m.before) && !(corrects && CORRECTION.test(m.before.trim()))) || m.value === 0) {
        // "3 dinners cooked, lunches zero": a zero is said of the goal named right before it.
        const zeroOf = m.value === 0 && nearby.length > 1 ? named(m.before.trim().split(/\s+/).slice(-3).join(' '), nearby, goals) : [];
        for (const g of zeroOf.length > 0 ? zeroOf : nearby) saidNothing.add(g.id);
        continue;
      }
      // "(added 30 today, they're included)": an amount inside a total the reply gives is not added to it.
      if (m.mode === 'increment' && (INCLUDED.test(clause) || INCLUDED.test(clauses[index + 1] ?? '') || INCLUDING.test(m.before))) continue;
      if (WITHDRAWAL.test(m.wide)) continue;
      // "ran 10k+": at least that much, so not an amount to record.
      if (/^\s*[a-z]*\s*\+(?!\s*\d)/.test(m.after)) continue;
      const plan = FUTURE.exec(m.before.slice(-30)) ?? PLANNED_DEED.exec(m.before);
      if ((plan && !numeric.some((g) => titleStems(g).has(stem(plan[1]!)))) || COUNTERFACTUAL.test(m.before) || HEDGE.test(clause) || hedgedNext(m, clauses[index + 1] ?? '') || (m.mode !== 'percent' && ((APPROX.test(m.before) && !(FILLER_LIKE.test(m.before) && isKnownUnit(m.unit))) || OPINION.test(clause)))) continue;
      // "2 wrkouts ... steps meh": a counted noun that is neither a goal's unit nor a word of its title says the number is not that goal's.
      const counted = m.unit && !FOLLOWERS.has(m.unit) && !isKnownUnit(m.unit) ? m.unit : null;
      // "learned 12 new chords" for "Learn 15 songs": parts of the things a goal counts are none of them, whatever the verb.
      const countsIt = (g: AiGoal) => !counted || (!(g.unit !== null && partOf(counted, g.unit)) && (countedBy(g, m.verb) || (g.unit !== null && (unitNear(counted, g.unit) || near(counted, g.unit.toLowerCase()))) || (!occasionsOfAmount(g, counted) && wordsOf(g.title.toLowerCase()).some((w) => matchesStem(counted, stem(w)) || near(counted, w)))));
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
      if (m.unit && GENERIC_OCCASION.test(m.unit) && OCCASION.has(familyOf(m.unit)) && nearby.length === 1 && namedBesides.includes(nearby[0]!) && nearby[0]!.unit && OCCASION.has(familyOf(nearby[0]!.unit))) candidates = nearby.filter(countsIt);
      if (m.unit && candidates.length === 0 && nearby.length === 0 && occasionsAlone(m, clause)) candidates = occasionsOfClauseBefore(clauses, sentenceEnds, index, numeric, goals);
      // "twice." to "How is choir going?": occasions alone answer a check-in about one goal that counts occasions or things (for a
      // goal of giving something up they could be lapses).
      if (m.unit && candidates.length === 0 && nearby.length === 0 && occasionsAlone(m, clause) && !isGlobal && numeric.length === 1 && countsThings(numeric[0]!) && !ABSTAINING.test(numeric[0]!.title.toLowerCase())) candidates = numeric;
      if (m.unit && isKnownUnit(m.unit) && candidates.length === 0 && !FOLLOWERS.has(m.unit)) {
        foreignAt = index;
        continue;
      }
      // "walked 4 miles today, 2 yesterday" for a goal in km: a bare number going on from an amount in a unit no goal takes is more of
      // that unit, so no amount of the goal; the net keeps the goal from moving on the rest alone.
      if ((!m.unit || FOLLOWERS.has(m.unit)) && candidates.length === 0 && nearby.length === 0 && foreignAt === index - 1 && !sentenceEnds[index - 1] && !progressNoun(clause)) {
        unplace(m, index);
        continue;
      }
      if (candidates.length === 0) {
        candidates = nearby.length > 0 ? nearby.filter(countsIt) : (!isGlobal || numeric.length === 1) && progressStatement(m, clause) ? numeric : [];
        // "3 hrs revision yesterday and 2 today": a bare number alone in the next clause goes on with the one before.
        // A correction ("oops 3", "actually 3") goes on with it whatever its other words.
        // "23 calls, 2 were voicemails so 21": a sum right after the goal's amount is of that goal.
        const sums = last?.clause === index - 1 && /(?:=|\b(?:so|that'?s|that is|which makes))\s*$/.test(m.lead);
        // "walked 3 km to work and 2 on the way home": where it was done ("on the way home", "in the park") names nothing else.
        // "64km, plus 18 commuting": "plus" adds the bare number to the amount just said, whatever it was done for, unless it names another goal.
        const addedOn = last?.clause === index - 1 && /\bplus\b|\+/.test(joins[index - 1] ?? '') && nearby.length === 0 && !otherActivity(m, last.goal, goals);
        const goingOn = (!m.unit || FOLLOWERS.has(m.unit)) && (corrects !== undefined || (last?.clause === index - 1 && (!progressNoun(clause.replace(PLACE, ' ')) || sums || addedOn)));
        if (candidates.length === 0 && goingOn) {
          candidates = [last!.goal];
          inheritedFactor = last!.factor;
        }
        // "Japan fund was 620 last week, it's 700 now": "it" is the one goal the clause before named.
        const referent = /^(?:and |so |now )?it(?:'s| is|s)(?: now| at| up to)?\s*$/.test(m.before) ? named(clauses[index - 1] ?? '', numeric, goals) : [];
        if (candidates.length === 0 && (!m.unit || FOLLOWERS.has(m.unit)) && referent.length === 1) candidates = referent;
        // "workbook im on unit 12 now but haven't finished it, so 11 done": a "so" that sums up goes to the one goal its sentence named;
        // so does one that counts the occasions it listed ("went to physio tues and fri so thats 2 more").
        const sumsUp = (/\bso\s*$/.test(m.lead) && /^\s*(?:done|finished|complete|completed)\b/.test(m.after)) || countsListed(m);
        const concluded = sumsUp ? named(sentenceBefore(clauses, sentenceEnds, index), numeric, goals) : [];
        if (candidates.length === 0 && (!m.unit || FOLLOWERS.has(m.unit)) && concluded.length === 1) candidates = concluded;
        // "made 215 from the etsy shop" beside "Pay down credit card" and "Side hustle income": money earned is the one goal of earning's.
        if (candidates.length === 0 && (!m.unit || isCurrency(m.unit)) && EARNED_AMOUNT.test(m.before)) candidates = oneEarningGoal(numeric);
        if (candidates.length === 0 && !m.unit && m.mode === 'total' && ONE_MORE_FINISHED.test(`${index > 0 && !sentenceEnds[index - 1] ? clauses[index - 1] : ''} ${m.before}`)) candidates = finishingAt(numeric, m.value);
        if (candidates.length === 0 && numeric.length > 1) {
          // "saved 300, at 1500 now": a bare number may only confirm a total read elsewhere in the reply (checked below).
          if (!m.unit || FOLLOWERS.has(m.unit)) confirmations.push({ value: m.value, note: unattributed.length });
          unattributed.push(`${formatNumber(m.value)}${m.mode === 'percent' ? '%' : m.unit && !FOLLOWERS.has(m.unit) ? ` ${m.unit}` : ''} mentioned but it is not clear for which goal; not recorded.`);
          continue;
        }
      }
      // "45 mins yesterday + 2 at 9 this morning" for a goal in hours: a bare number right after an amount in another unit may be more of
      // that unit or of the goal's (the wordings name the unit when its own when says which); either reading could be wrong.
      const eitherUnit = (!m.unit || FOLLOWERS.has(m.unit)) && inheritedFactor === null && corrects === undefined && last?.clause === index - 1 && last.factor !== 1 && candidates.includes(last.goal);
      if (eitherUnit && last) {
        doubted.add(last.goal.id);
        unattributed.push(`${formatNumber(m.value)} mentioned after an amount in another unit for "${last.goal.title}"; not recorded.`);
        continue;
      }
      // "made $55, minus $15 fees", "ran 10k less 2 walking": an amount taken off the one before leaves a difference the reader does
      // not work out, so neither amount is a goal's.
      if (/\b(?:minus|less)\s*\$?\s*$/.test(m.before)) {
        for (const g of last ? [last.goal, ...candidates] : candidates) doubted.add(g.id);
        continue;
      }
      // "swam half an hour on Monday and an hour and a half on Saturday": a clause with only an amount and a when goes on with the goal before it.
      const carriedOn = candidates.length > 1 && last?.clause === index - 1 && candidates.includes(last.goal) && !progressNoun(clause.replace(new RegExp(`(?<![a-z])${m.unit}\\b|\\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\\b`, 'g'), ' '));
      if (carriedOn) candidates = [last!.goal];
      if (candidates.length > 1) {
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
        const previous = clauses[index - 1];
        const opensSentence = index < 2 || sentenceEnds[index - 2]!;
        const carried = telling.length === 0 && previous && !/\d/.test(opensSentence ? previous.replace(ONE_OCCASION, ' ') : previous) ? named(previous, candidates, goals) : [];
        const narrowed = candidates.filter((c) => telling.includes(c) || carried.includes(c));
        // "6 hrs on grad school stuff": "stuff", "things" after a word the goal's title lacks name an area that may hold several of the
        // goals ("theory test stuff" for "Driving theory test prep" is its own). A whole field ("music stuff" beside piano practice
        // and music theory) holds any of them, even when one title names the field.
        const area = /\b([a-z]+) (?:stuff|things|related)\b/.exec(m.wide)?.[1];
        const vague = area !== undefined && narrowed.length === 1 && (named(area, narrowed, goals).length === 0 || FIELD.test(area));
        if (narrowed.length === 1 && !vague) candidates = narrowed;
      }
      // "got paid $1,200 for the job" beside a card, a fund and an income goal: money earned is the one goal of earning's.
      if (candidates.length > 1 && isCurrency(m.unit) && EARNED_AMOUNT.test(m.before)) candidates = oneEarningGoal(candidates);
      // "sold 3 old games on ebay for $45" beside a saving: the price of the things counted, money earned, which is no saving until put aside.
      if (candidates.length === 1 && salePrice(m, nearby) && saving(candidates[0]!)) {
        if (PUT_ASIDE.test(`${m.after} ${clauses[index + 1] ?? ''}`)) doubted.add(candidates[0]!.id);
        continue;
      }
      // The unit says one goal, the activity word another ("walked 5 days" with a goal counted in days): no evidence agrees.
      // So does the verb right before the number ("posted 3 paintings" beside goals of paintings and of posts); an occasion's name there
      // ("erg session 8000m") is no verb, and says nothing against the goal the unit and the activity word agree on.
      // "did a 2 hr ride, 48 km" beside "Cycle 1,000 km" and "Strength training – 24 hrs": how long the ride took, no time of strength training.
      if (candidates.length === 1 && durationOfNamed(m, candidates[0]!, nearby, sentenceEnds[index] ? undefined : clauses[index + 1], goals)) continue;
      const verbNames = m.verb && !OCCASION_NAME.test(m.verb) ? named(m.verb, numeric, goals) : [];
      const verbElsewhere = verbNames.length > 0 && !verbNames.includes(candidates[0]!);
      if (candidates.length === 1 && !carriedOn && m.unit && ((nearby.length > 0 && !nearby.includes(candidates[0]!)) || verbElsewhere)) {
        for (const g of [candidates[0]!, ...nearby, ...verbNames]) doubted.add(g.id);
        unattributed.push(`${formatNumber(m.value)} ${m.unit} mentioned but it is not clear for which goal; not recorded.`);
        continue;
      }
      // "worked 4 shifts" beside "Sleep 7+ hours after night shifts" and "Drink 8 glasses of water on every shift" (in shifts): the unit is in both titles, so it tells neither.
      if (candidates.length === 1 && !carriedOn && nearby.length === 0 && unitInOtherTitle(m.unit, candidates[0]!, numeric)) {
        unattributed.push(`${formatNumber(m.value)} ${m.unit} mentioned but it is not clear for which goal; not recorded.`);
        continue;
      }
      // "went to physio tues and did the exercises fri so thats 2 more": a count of what the sentence listed, when it listed the doings
      // of several goals that count occasions or things, is not one goal's (money or km said beside it are no such doings).
      if (candidates.length === 1 && countsListed(m) && named(`${sentenceBefore(clauses, sentenceEnds, index)} ${clause}`, numeric, goals).filter(countsThings).length > 1) {
        unattributed.push(`${formatNumber(m.value)} more mentioned after doings of several goals; not recorded.`);
        continue;
      }
      if (candidates.length !== 1) {
        if (candidates.length === 0 && numeric.length === 1 && isCurrency(numeric[0]!.unit) && (!m.unit || FOLLOWERS.has(m.unit)) && m.mode === 'increment') doubted.add(numeric[0]!.id);
        // In a check-in about one goal a bare number no rule placed is the net's evidence; beside several goals it is as likely another's, and noted above.
        if (candidates.length === 0 && (!m.unit || FOLLOWERS.has(m.unit))) unplace(m, index);
        if (candidates.length > 1) unattributed.push(`${formatNumber(m.value)}${m.unit ? ` ${m.unit}` : ''} mentioned but it could be for ${candidates.map((c) => `"${c.title}"`).join(' or ')}; not recorded.`);
        continue;
      }
      const goal = candidates[0]!;
      // "ordered takeout 3 times" for "No takeout - 30 days": times of the thing given up are lapses, no days kept.
      if (lapses(m, goal, clause)) {
        doubted.add(goal.id);
        continue;
      }
      // "ate out twice" beside "No eating out" and "Gym 3x/wk": the times are the lapses of the thing given up, no occasions of another
      // goal the words by the number do not name ("gym x3 | takeout fri & sat" names the gym).
      if (!nearby.includes(goal) && numeric.some((o) => o.id !== goal.id && lapses(m, o, clause))) continue;
      // "finished 2 more 📚" with goals of books and of audiobooks, "35 pages 📖" with two goals of pages: an emoji does not
      // tell two such goals apart; words must.
      const sibling = numeric.find((o) => confusable(o, goal) || (sameUnit(o, goal) && sharedDoing(emojiWords(reply), o, goal)));
      if (sibling && !named(digitise(withoutEmoji(reply)), [goal], goals).length) {
        unattributed.push(`${formatNumber(m.value)} mentioned but it could be for "${goal.title}" or "${sibling.title}"; not recorded.`);
        continue;
      }
      // "3 miles on each of those days", "2 easy 6k runs", "20 min ... did that 3 times": the amount is
      // multiplied by something the reader does not count, so taking it alone would be wrong.
      // "meditated every morning except tuesday, 10 min": a short amount after occasions is each one's.
      const eachOf = !m.multiplied && isKnownUnit(m.unit) && !OCCASION.has(familyOf(m.unit)) && OCCASIONS_ENDING.test(clauses[index - 1] ?? '') && wordsOf(clause).length <= 3;
      if ((MULTIPLIED_AFTER.test(m.after) && daysIn(clause) === null && !m.multiplied) || eachOf || multipliedBefore(m, goal) || (REPEATED.test(clause) && !repeatCount(m)) || SHARED.test(clause) || SHARED.test(clauses[index + 1] ?? '')) {
        doubted.add(goal.id);
        unattributed.push(`${formatNumber(m.value)}${isKnownUnit(m.unit) ? ` ${m.unit}` : ''} mentioned more than once over for "${goal.title}"; not recorded.`);
        continue;
      }
      // "walked 3k" for "Run 50 km": the km fit, the activity is another one.
      if (otherActivity(m, goal, goals) || otherSubject(m, goal)) continue;
      // "1 hour of yoga and meditation": a short clause right after names another goal the unit fits, so the amount is shared.
      const next = clauses[index + 1];
      const fits = (g: AiGoal) => g.id !== goal.id && g.unit !== null && (isKnownUnit(m.unit) ? conversion(m.unit, g.unit) !== null : familyOf(g.unit) === familyOf(goal.unit ?? ''));
      // "tutoring was slow" says something of its own about the other goal: a sentence, not a share; so is one after a sentence end ("3 more days of water 💪 veg... 😬").
      if (next && !sentenceEnds[index] && !/\d/.test(next) && !NEGATION.test(next) && !/\b(?:was|were|is|are)\b/.test(next) && wordsOf(next).length <= 3 && named(next, numeric, goals).some(fits)) {
        doubted.add(goal.id);
        unattributed.push(`${formatNumber(m.value)}${isKnownUnit(m.unit) ? ` ${m.unit}` : ''} mentioned for more than one goal; not recorded.`);
        continue;
      }
      // "loan balance is down to 7,450" for "Pay down my $18,000 student loan": what is left of the whole debt.
      const leftOfDebt = balanceLeft(m, goal);
      // A price or a bill is no saving ("needed tires ($380)": an amount in brackets after a thing is its price);
      // a goal of paying something off takes payments, never a purchase.
      if (isCurrency(goal.unit)) {
        const payingOff = PAYING_OFF.test(goal.title);
        // "180 bucks for a fence repair" is what a handyman earns.
        const earning = EARNING.test(goal.title);
        // "card balance is 1500 now": what is still owed, not what was paid; what is left of the whole debt when the title states it.
        if (payingOff && /\bbalance\b/.test(m.lead) && !leftOfDebt) continue;
        // "paid 80 for it at the estate sale" for a goal of earning from flips: what the thing cost, so any price it sold for is no
        // earning either; only a net said as such ("so that's 230 profit") is.
        if (earning && BOUGHT_FOR.test(m.before) && /^\s*(?:\$|usd|dollars?|bucks)?\s*for\b/.test(m.after)) {
          doubted.add(goal.id);
          continue;
        }
        // "got a $500 bonus": money received is no saving until the reply says it was put aside.
        if (saving(goal) && INCOME.test(m.wide) && !PUT_ASIDE.test(`${clause} ${clauses[index + 1] ?? ''}`)) continue;
        // "the app charged me twice, $19.99 x2": a bill said in the clause before, in the same sentence, is what the amount is;
        // "paid 400 on the card and made 215 from etsy": a clause with its own earning is not that bill.
        // "paid 200 to the dentist n 50 to the holiday fund": the same paying, to a goal named right after, is money put there.
        const paidToGoal = /^\s*[a-z$]*\s*(?:to|towards?)\b/.test(m.after) && named(m.after, [goal], goals).length > 0;
        const billedBefore = index > 0 && !sentenceEnds[index - 1] && SPEND.test(clauses[index - 1]!) && !PUT_ASIDE.test(clause) && !EARNED.test(clause) && !paidToGoal;
        const price = SPEND.test(m.wide.replace(NET_OF_FEES, '')) || billedBefore || /\(\s*$/.test(m.before) || /^\s*(?:\$|usd|dollars?|bucks)?\s*on\b(?! top\b)/.test(m.after);
        // A purchase said after the payment ("300 to the loan, rent was due") is another sentence's.
        if (payingOff || earning ? PURCHASE.test(m.segment.replace(NET_OF_FEES, '')) && !(earning && /\brepair/.test(m.segment) && !/\b(spent|spend|bought|cost|paid)\b/.test(m.segment)) : price) continue;
      }
      if (isLoss(goal) && portion(m)) continue;
      const factor = inheritedFactor ?? (m.unit && goal.unit ? (conversion(m.unit, goal.unit) ?? 1) : 1);
      // A body-weight reading ("scale says 171") is no amount lost; two of them, start and now, are. "600g" is an amount, in kg 0.6.
      if (isLoss(goal) && m.value * factor > goal.target! * 2) {
        readings.push({ goal, value: m.value, start: /\b(start(ed)?|began|from|was)\b[^\d]*$/.test(m.before.slice(-25)) });
        continue;
      }
      // "all 30 remaining bulbs in": the rest, done now, is an amount; so is what was done "since our last chat".
      const explicitIncrement = INCREMENT.test(m.lead) || MORE_AFTER.test(m.after) || (m.mode === 'increment' && (/^\s*remaining\b/.test(m.after) || SINCE_LAST.test(m.after)));
      // "5 km" with nothing saying done when or how: as much an amount as where the goal stands (4 of 12 → 5?). Two readings, no value.
      // Compared in the goal's unit: "45 min" is 0.75 of a goal in hours, which no total at 21 hours could be.
      // At 0 the two readings agree ("Strength once" for a goal at 0 is 1 either way).
      // The goal's activity as a verb ("meditated", "ran"), not as a label ("gym: 6", "emergency fund 1,100").
      const didIt = wordsOf(clause).some((w) => (/ed$/.test(w) || PAST.has(w)) && named(w, [goal], goals).length > 0) || DID_AMOUNT.test(m.before);
      // "30 days 🙏" at 29 for "Stay sober for 60 days": past the record, a goal of days in a row counts where the streak stands.
      const streakAt = m.mode === 'increment' && !explicitIncrement && m.value > goal.currentValue && goal.unit !== null && familyOf(goal.unit) === 'days' && /\bfor \d+ (?:straight |consecutive )?days\b|\b\d+ days (?:in a row|straight)\b|\bstreak\b/i.test(goal.title);
      // "48 days today", "30 days straight", "it's been 27 days", "27 days since my last drink" for a goal of not drinking:
      // a streak is where a goal counted in days stands. "3 days since I journaled" is a gap.
      const inDays = goal.unit !== null && familyOf(goal.unit) === 'days';
      const since = inDays && /^\s*days?\s+since\b/.test(m.after);
      if (since && !ABSTAINING.test(goal.title.toLowerCase())) continue;
      const itsBeen = /\bit(?:'s| is| has)(?: been)?\s*$/.test(m.before) && !/^\s*[a-z]*\s*(?:till|until|to go|away|left|before|from)\b/.test(m.after) && !since && m.value > goal.currentValue;
      // "seven days straight" at 12 for "5 portions of veg a day - 30 days": a run below the recorded count, for a goal not kept in a row,
      // is this stretch's days, not where the goal stands.
      const runOfDays = inDays && STREAK.test(m.after) && m.value < goal.currentValue && !keptInARow(goal);
      const streak = !explicitIncrement && inDays && !runOfDays && (STREAK.test(m.after) || itsBeen || since);
      // "28 km this month" for a goal of this month: the goal's own span, so where it stands, not an addition. A rate in the title
      // ("2 networking events a month (12 this year)") is how often, not the goal's span.
      const span = /\b(?:this|for the) (month|year|quarter)\b/.exec(m.after.slice(0, 30));
      const ownSpan = m.mode === 'increment' && span !== null && !explicitIncrement && new RegExp(`\\b${span[1]}\\b`).test(withoutRates(goal.title.toLowerCase()));
      // "6 days out of 7": this week's share.
      const ofAWeek = /^\s*[a-z]*\s*(?:out of|of(?: the)?(?: last| past)?|\/)\s*7\b/.test(m.after);
      if (m.mode === 'increment' && corrects?.goal.id !== goal.id && !leftOfDebt && !streakAt && !streak && !ownSpan && !ofAWeek && !explicitIncrement && !didIt && !DOING.test(clause) && !WHEN_IN.test(clause) && !saysWhen(clauses[index + 1]) && goal.currentValue > 0 && m.value * factor > goal.currentValue && m.value * factor <= goal.target! && !isDaily(goal)) {
        amountOrTotal.push({ claim: { goal, mode: 'increment', value: m.value * factor, clause: index }, said: `${formatNumber(m.value)}${isKnownUnit(m.unit) ? ` ${m.unit}` : ''}`, counted: m.unit !== '' });
        continue;
      }
      const mode = leftOfDebt ? 'remainder' : streak || streakAt || ownSpan ? 'total' : m.mode;
      const partTotal = mode === 'total' && !m.statedTotal && !streak && (/(?:=|\b(?:so|that'?s|that is|which makes))\s*$/.test(m.lead) || /^\s*(?:[a-z$-]+\s+){0,4}total\b/.test(m.after));
      const claim = { goal, mode, value: m.value * (mode === 'percent' ? 1 : factor), statedTotal: m.statedTotal || streak, lowers: (m.statedTotal && STATED_TOTAL_BEFORE.test(m.lead)) || streak, explicitIncrement, partTotal, clause: index };
      // "off 4 days, so slept well all 4 nights", "4 shifts … water on all 4": the same amount said again is said once.
      const backReference = /\b(?:all|those|these|both|each of the|every one of the)\s*$/.test(m.before);
      if (!explicitIncrement && claims.some((c) => c.goal.id === goal.id && c.value === claim.value && c.mode === mode && (backReference || c.clause === index))) continue;
      if (restatesSum(claim, claims, sentenceEnds, m.lead) || breaksDown(m, claim, claims, sentenceEnds)) continue;
      // "a meetup tuesday and a breakfast thing friday, so two more": the count sums up the sentence's list, some of which was read on its own.
      if (countsListed(m)) for (const c of listedBefore(claim, claims, sentenceEnds)) claims.splice(claims.indexOf(c), 1);
      const ofThem = /^\s*(?:[a-z$]+\s+)?of (?:them|those|these)\b/.test(m.after);
      const occasions = ofThem && /\bon\s*$/.test(m.before) && named(clause, [goal], goals).length > 0 ? occasionsBefore(goal, claims, clauses, index, goals) : [];
      if (occasions.length > 0) {
        for (const c of occasions) claims.splice(claims.indexOf(c), 1);
        claims.push(claim);
        last = { goal, factor, clause: index };
        continue;
      }
      // "41 miles this week, 20 of them on sat": a part of an amount already read for the goal, or the count of it ("2 of them"): two readings, no value.
      if (ofThem && claims.some((c) => c.goal.id === goal.id)) {
        doubted.add(goal.id);
        continue;
      }
      const corrected = corrects?.goal.id === goal.id ? claims.findLast((c) => c.goal.id === goal.id) : undefined;
      if (corrected) {
        // The correction keeps how the first number was meant (an amount done, or where the goal stands).
        claims[claims.indexOf(corrected)] = { ...corrected, value: m.value * factor, clause: index };
        correcting = -1;
        continue;
      }
      claims.push(claim);
      last = { goal, factor, clause: index };
    }
    // "6 hrs. actually it was more like 5": a correction whose number could not be read leaves the number it corrects unknown too.
    const unread = correcting === index && corrects !== undefined && /\d/.test(clause) && claims.length === claimsBefore ? claims.findLast((c) => c.goal.id === corrects.goal.id) : undefined;
    if (unread) {
      claims.splice(claims.indexOf(unread), 1);
      unattributed.push(`"${unread.goal.title}": the reply corrects a number in a way that could not be read; not recorded.`);
    }
  }
  for (const { claim, said, counted } of amountOrTotal) {
    if (counted && listedAsAmounts(claim, claims, isGlobal)) claims.push(claim);
    else {
      doubted.add(claim.goal.id);
      unattributed.push(`${said} could be an amount or the total for "${claim.goal.title}"; not recorded.`);
    }
  }
  for (const g of numeric.filter(isLoss)) {
    const mine = readings.filter((r) => r.goal.id === g.id);
    const start = mine.find((r) => r.start);
    const now = mine.find((r) => !r.start);
    if (start && now && start.value > now.value) claims.push({ goal: g, mode: 'total', value: start.value - now.value });
  }
  // "Hit my goal!", "target reached": the target, for the goal the reply is about.
  // "veg goal hit 2 days": met on some days (a count follows), not reached as a whole.
  const reachedGoal = clauses.filter((c) => /\b(?:(hit|reached|smashed|crushed|achieved|made|met) (my|the) (goal|target)|(goal|target) (reached|achieved|hit|met|done))\b(?![^\d]*\d)/.test(c) && !NOT_DONE.test(c));
  for (const c of reachedGoal) {
    const pool = named(c, numeric, goals);
    const goal = pool.length === 1 ? pool[0] : numeric.length === 1 ? numeric[0] : undefined;
    // "hit my goal today" beside "Drink 8 glasses a day — 30 days": a goal counted in days is met one day at a time, not reached.
    const countsDays = ['days', 'nights'].includes(familyOf(goal?.unit ?? ''));
    if (goal && !countsDays && !claims.some((x) => x.goal.id === goal.id)) claims.push({ goal, mode: 'total', value: goal.target! });
  }

  const sentenceOf = clauses.map((_, i) => sentenceEnds.slice(0, i).filter(Boolean).length);
  const progress: GoalProgress[] = [];
  for (const g of numeric) {
    const mine = namedTotal(g, claims.filter((c) => c.goal.id === g.id), clauses, goals);
    const value = contradicted.has(g.id) || mine === null ? null : valueOf(g, mine);
    if (value === null) continue;
    const stray = strayNumber(g, claims, unplaced, sentenceOf, numeric, goals);
    if (stray) {
      unattributed.push(`"${g.title}": the reply has a number the reader could not place ("${stray.said}"); not recorded.`);
      continue;
    }
    // "32k sunday plus 2 easy 8k runs": one amount taken and another left out would record a part as the whole.
    if (doubted.has(g.id) && !claims.some((c) => c.goal.id === g.id && c.mode !== 'increment')) {
      unattributed.push(`"${g.title}": only part of what the reply reports could be read; not recorded.`);
      continue;
    }
    // "Nothing extra toward the loan. Had to cover $600 of rent": the reply said no, so a number found elsewhere is not the goal's.
    if (saidNothing.has(g.id) && !ABSTAINING.test(g.title.toLowerCase())) {
      unattributed.push(`"${g.title}": the reply says nothing was done but also gives ${formatNumber(value)}; not recorded.`);
      continue;
    }
    saidNothing.delete(g.id);
    progress.push({ goalId: g.id, value, completed: false });
  }
  const confirmed = new Set(confirmations.filter((c) => progress.filter((p) => p.value === c.value).length === 1).map((c) => c.note));
  const notes = unattributed.filter((_, i) => !confirmed.has(i));
  const onlyGoal = goals.length === 1;
  for (const g of goals.filter((x) => !trackable(x))) {
    if (taskDone(g, clauses, heard, goals, onlyGoal)) progress.push({ goalId: g.id, value: null, completed: true });
  }
  return { progress, unattributed: notes, saidNothing: [...saidNothing] };
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
 * "sold a dozen dozen lol. twelve dozen.": a clause of nothing but the amount (and its unit) says the amount just said again, for
 * emphasis ("dozen" is read as its 12 by then, so "12 12" is still the one amount).
 */
function onlyTheAmount(clause: string, value: number): boolean {
  const amount = new RegExp(`(?<![\\d.])${String(value).replace('.', '\\.')}(?![\\d.])`, 'g');
  return amount.test(clause) && /^[a-z$]*$/.test(clause.replace(amount, '').trim());
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

/** Words for a whole field of life ("music stuff", "uni stuff"), which may hold several goals. */
const FIELD = /^(?:music|work|job|school|uni|college|study|studies|fitness|health|money|finance|house|home|admin|family|business|art|language)$/;

/** A goal counted in occasions or things ("sessions", "appointments"), not measured in money, distance, time or weight. */
const countsThings = (g: AiGoal) => g.unit !== null && (WHOLE.has(familyOf(g.unit)) || !isKnownUnit(g.unit));

/** "so thats 2 more", "so two more": a count that sums up the occasions the sentence listed. */
const countsListed = (m: Mention) => m.mode === 'increment' && /\b(?:so|that'?s|thats)\s*$/.test(m.lead) && /^\s*more\b/.test(m.after);

/** The goal's amounts read earlier in the claim's sentence, when they add up to less than it: the items its count sums up. */
function listedBefore(claim: Claim, claims: Claim[], sentenceEnds: boolean[]): Claim[] {
  const at = claim.clause;
  if (at === undefined) return [];
  const listed = claims.filter((c) => c.goal.id === claim.goal.id && c.mode === 'increment' && c.clause !== undefined && c.clause <= at && !sentenceEnds.slice(c.clause, at).some(Boolean));
  return listed.reduce((sum, c) => sum + c.value, 0) < claim.value ? listed : [];
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

/** "8k steps, maybe 9": a guess right after the amount doubts it; "gym twice. maybe 1000 words tmrw" guesses at another unit, so at another thing. */
function hedgedNext(m: Mention, next: string): boolean {
  if (!HEDGED_NEXT.test(next)) return false;
  const unit = /\d(?:\.\d+)?\s*([a-z]+)/.exec(next)?.[1] ?? '';
  return !isKnownUnit(unit) || familyOf(unit) === familyOf(m.unit);
}

/** The clauses of the sentence before the given one, joined. */
function sentenceBefore(clauses: string[], sentenceEnds: boolean[], index: number): string {
  let start = index;
  while (start > 0 && !sentenceEnds[start - 1]) start--;
  return clauses.slice(start, index).join(' ');
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

/** "2 easy 6k runs": a count of occasions right before the amount; "hit 8000 steps 3 days" for "8,000 steps on 20 days" is the goal's own threshold. */
function multipliedBefore(m: Mention, goal: AiGoal): boolean {
  if (!MULTIPLIED_BEFORE.test(m.before)) return false;
  const prior = /(\d+(?:\.\d+)?)\s+([a-z]+)\s+$/.exec(m.before);
  return !(prior && titleAmounts(goal).some((a) => a.n === Number(prior[1]) && a.unit === familyOf(prior[2]!) && a.n !== goal.target));
}

/** "made 215", "earned $80": money said right after a verb of earning it. */
const EARNED_AMOUNT = /\b(?:made|earned|netted|brought in|took in|got paid|was paid)\s*\$?\s*$/;
/** The one goal of earning money, if only one of the check-in's goals is. */
function oneEarningGoal(numeric: AiGoal[]): AiGoal[] {
  const earning = numeric.filter((g) => g.unit !== null && isCurrency(g.unit) && EARNING.test(g.title));
  return earning.length === 1 ? earning : [];
}

/** "2 walks with Margaret, Tuesday and Friday": a clause of days alone says when the one before was done. */
const saysWhen = (clause: string | undefined) => clause !== undefined && wordsOf(clause).length > 0 && wordsOf(clause).every((w) => WHEN.test(w) || STOP.has(w));

/**
 * Whether another goal, counted in something else, has the unit word in its title ("shift" for "shifts").
 * A rate there ("10,000 steps a day") says how much per day, not that days are counted.
 */
const unitInOtherTitle = (unit: string, goal: AiGoal, goals: AiGoal[]) =>
  unit.length > 2 && goals.some((o) => o.id !== goal.id && (!o.unit || familyOf(o.unit) !== familyOf(unit)) && wordsOf(withoutRates(o.title.toLowerCase())).some((w) => w.replace(/s$/, '') === unit.replace(/s$/, '')));
const withoutRates = (title: string) => title.replace(/\b(?:a|an|per|each|every) [a-z]+/g, ' ');

/** "did it twice more": the number is the times itself, not an amount repeated. */
const repeatCount = (m: Mention) => /\b(?:did|done|do) (?:that|it|this|those)\s*$/.test(m.before) && familyOf(m.unit) === 'count';

/** "3 nights": a clause of occasions alone, the number and its generic occasion word ("times", "nights") and a when at most. */
const occasionsAlone = (m: Mention, clause: string) => GENERIC_OCCASION.test(m.unit) && OCCASION.has(familyOf(m.unit)) && wordsOf(clause).length <= 4 && /^\s*$/.test(m.before);

/**
 * "did cook though, 3 nights": occasions alone after a comma are of the one goal the clause before named with no number of its own,
 * when that goal counts occasions and the clause said it done ("didn't cook, 3 nights", "will cook, 3 nights" say no such thing).
 */
function occasionsOfClauseBefore(clauses: string[], sentenceEnds: boolean[], index: number, numeric: AiGoal[], goals: AiGoal[]): AiGoal[] {
  const previous = clauses[index - 1];
  if (!previous || sentenceEnds[index - 1] || /\d/.test(previous) || NEGATION.test(previous) || FUTURE.test(previous)) return [];
  const one = named(previous, numeric, goals);
  return one.length === 1 && one[0]!.unit && OCCASION.has(familyOf(one[0]!.unit)) ? one : [];
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

/** Where an amount was done: "on the way home", "in the park", "at the track". */
const PLACE = /\b(?:on|in|at|during) (?:the|my|a|an|our) (?:[a-z]+ ){0,2}[a-z]+\b/g;

/** Whether a clause has words of its own besides its numbers and when ("2 today" has none). */
function progressNoun(clause: string): boolean {
  return wordsOf(clause.replace(/\d+(?:\.\d+)?/g, ' ')).some((w) => !FOLLOWERS.has(w) && !STOP.has(w) && !WHEN.test(w));
}

/** A goal kept in a row ("Meditation streak", "30 days straight") or of giving something up ("No takeout", "Stay sober"): a streak is where it stands. */
const keptInARow = (goal: AiGoal) => /\b(?:in a row|straight|streak|consecutive)\b/i.test(goal.title) || ABSTAINING.test(goal.title.toLowerCase());

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

/**
 * "loan balance is down to 7,450" for "Pay down my $18,000 student loan": the balance of a debt whose title states the whole of it
 * (its target) is what is left of it ("Pay $2,000 off the card" does not say what the card owes, so its balance says nothing).
 */
const balanceLeft = (m: Mention, goal: AiGoal) =>
  isCurrency(goal.unit) && PAYING_OFF.test(goal.title) && /\bbalance\b/.test(m.lead) && m.value < goal.target! && statesWhole(goal) && !/\boff\b/i.test(goal.title.replace(/^\s*pay off\b/i, ''));

/** Whether the title says the goal's target in figures ("$18,000 student loan"). */
const statesWhole = (goal: AiGoal) => (goal.title.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).some((n) => Number(n.replace(/,/g, '')) === goal.target);

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

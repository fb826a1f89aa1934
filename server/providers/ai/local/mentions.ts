import type { AiGoal } from '../types';
import { matchesStem, named, near, stem, synonymOf, titleStems, unitNear, wordsOf } from './goal-names';
import { notAQuantity } from './not-a-quantity';
import { digitise } from './numbers';
import { isCurrency, trackable } from './text';
import { conversion, familyOf, isKnownUnit, unitLike } from './units';
import { COUNTERFACTUAL, FUTURE, PLANNED_DEED, TALLY_OF, WHEN } from './cues';

/** The numbers of a clause that may be progress, and what they count. */

export type Mode = 'increment' | 'total' | 'percent' | 'remainder';

export interface Mention {
  value: number;
  /** The unit word found after the number ('' when none). */
  unit: string;
  mode: Mode;
  /** The text around this number and no other: what names its goal. */
  segment: string;
  /** The words up to the number's unit only: what names its goal most closely. */
  tight: string;
  /** The segment with the words up to the next number, when the segment names no goal. */
  wide: string;
  before: string;
  after: string;
  /** The words between the previous number and this one. */
  lead: string;
  statedTotal: boolean;
  /** Already multiplied by the days it was done on ("45 min every day for 4 days"). */
  multiplied: boolean;
  /** The verb right before the number ("signed 2 cafés"): the thing counted may be any noun. */
  verb: string;
}

/** How hard or fast it went ("Tuesday easy 8", "3 brisk"): said of the goal's own activity, never another thing counted. */
const EFFORT = ['easy', 'hard', 'slow', 'steady', 'gentle', 'tempo', 'recovery', 'brisk', 'quick'];
/** With whom or where it was done ("35 solo on wed", "5 outdoors"): said of the amount, never a thing counted. */
const MANNER = ['solo', 'alone', 'together', 'outdoors', 'indoors'];

/** Words that may follow a number without being a unit: "did 3 today", "sent 6 more". */
export const FOLLOWERS = new Set([
  ...EFFORT,
  ...MANNER,
  ...'down toward towards onto today tonight yesterday this last so in total now more extra done already and but to left remaining of on at for with the my since before after this week so far overall altogether all in total more this morning evening afternoon night straight solid whole full new again too as well lol haha yay woo finally though tho them those these it which that ones away aside back off into cuz coz bc because since as across over throughout about around roughly approx approximately ish'.split(' '),
]);
const TOTAL_BEFORE = /(?:=|\b(?:so|that is|(?:that|which|this) makes|bringing me to|brings? it to))\s*$|\b(total of|total(?: is)?|(?:i|we) (?:have|have got)|i'?ve got|(?:word |step |page )?count(?: is)?|balance(?: is)?|got (?:up )?to|gotten to|made it to|in total|so far|altogether|overall|now at|now on|i'?m on|up to|am at|am on|i'?m at|im at|sitting at|sitting on|ytd|sits at|stands at|standing at|at|reached|hit|brings? me to|brought me to|puts? me at|makes? it|made it|that'?s|currently|now|count is|counter|says|shows|show|reads|tally|already (?:did|done|finished|completed))[:\s]*$|\b(?:can|could) now [a-z]+(?: [a-z]+)?\s*$/;
/** "97 km total for the challenge" is where the goal stands; "9 km total this week" is this week's share; "6 of the pieces" is how many of the set. */
const TOTAL_AFTER = /^\s*of the\b|^\s*(?:[a-z$-]+\s+){0,4}(?:in total|in all|all told|for the (?:month|year|quarter)|year to date|ytd|total(?!\s+(?:this|last|today|yesterday|across|over|for the (?:week|day)|on|in the))|so far|overall|altogether|now|out of|since (?:we|i) started|since the start)\b/;
/** "water goal hit 5 days this week": the goal, named before, met on this stretch's days, an amount of it, not where it stands. */
const HIT_IN_SPAN = /\bhit\s*$/;
const SPAN_AFTER = /^\s*[a-z]*\s*(?:(?:this|last) (?:week|wk|weekend)|today|yesterday)\b/;
/** "I have now done 14 hours": the perfect with "now" says how much there is, unless a span follows ("… this week"). */
const HAVE_NOW = /\b(?:i|we)(?: have|'ve) now [a-z]+\s*$/;
/** "strava total for the challenge is 203.4 now": a tally of the whole stretch, said of it by name (a day's or a week's is a share). */
const TALLY_SAID = new RegExp(`\\b${TALLY_OF} is(?: at)?[:\\s]*$`);
/** The strong forms of a total: only these may lower a goal's value or take it far past its target. */
export const STATED_TOTAL_BEFORE = /\b(?:ytd|(?:i'?m|im|am|is|now|sitting|sits|stands|standing|currently) (?:at|on)|(?:count|tally|balance|total) is(?: at)?|so far|overall|altogether)[:\s]*$/;
/** "1 hour total" may be this week's total: only the goal's own span ("so far", "for the year") is strong. */
const STATED_TOTAL_AFTER = /^\s*(?:[a-z$-]+\s+){0,2}(?:so far|overall|altogether|for the (?:year|month|quarter)|year to date|ytd|since (?:we|i) started)\b/;
export const INCREMENT = /\b(another|more|extra|additional|added|add|again|plus)\b|\+\s*$/;
/** "6 more", "20 extra", "a twenty on top": an amount added to what there was. */
export const MORE_AFTER = /^\s*(?:[a-z$-]+\s+)?(?:more|extra|again|on top(?! of))\b/;
/** "3 left", "2 more to go", "1 more lesson to go": what is left to the target. */
const REMAINDER = /^\s*(?:more\s+)?(?:[a-z$-]+\s+)?(?:more\s+)?(?:to go|left|remaining|away from|short of)\b(.*)$/;
const RATE = /\b(every|each|evry|per|a) ?(day|morning|night|evening|session)\b|\bdaily\b/;
/** A standing arrangement ("$50 every Friday", "set for $50 a week") is a plan, not progress made. */
const RECURRING = /\b(every|each) (monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month|payday)\b|\b(a|per) (week|month)\b|\bset (up )?for\b|\bscheduled for\b/;
/** "20 min on 5 days": a per-day amount and the number of days. */
const ON_DAYS = /^\s*[a-z$]*\s+(?:[a-z]+\s+){0,2}(?:on|for) (\d+) (days|mornings|nights|evenings)\b/;
/** Work undone ("had to delete 2"): taken off what was reported. */
const UNDONE = /\b(delete|deleted|scrapped|scrap|threw out|removed|cut|redo|redid|rewrote)\s*(?:like\s+|about\s+)?$/;

export function daysIn(text: string): number | null {
  if (/\b(mon ?- ?fri|monday to friday|weekdays|every weekday)\b/.test(text)) return 5;
  if (/\b(all week|every (?:day|morning|evening|night) this week|7 days)\b/.test(text)) return 7;
  // "each morning for the last 4 days": the days it was done on.
  // "18k a day x5": the days the daily amount was done on.
  const m = /\((\d+) days?\)|\b(\d+) days? (?:this|last) week|\b(?:for|over|in) the (?:last|past) (\d+) days\b|\b(?:a|per|each) (?:day|morning|evening|night)\s+(\d+) times\b/.exec(text);
  return m ? Number(m[1] ?? m[2] ?? m[3] ?? m[4]) : null;
}

/**
 * A number of a clause the reader found but could not read: neither a mention nor set aside for a reason (a date, a thing
 * counted...). The unit is the family it may be of ('' for any); what the client wrote is kept for the coach.
 */
export interface Unread {
  /** NaN for a number word. */
  value: number;
  unit: string;
  said: string;
  /** The words around it, which may name a goal. */
  segment: string;
}

/**
 * When the word after a number says nothing of what was counted, the unit the number may be in: any ('') after a when ("2 friday")
 * or a word about the saying ("58 actually"), the one a misspelling is near ("7.5 klm"). "3 coffees", "2 kids" count things: undefined.
 */
const unreadUnit = (word: string) => (WHEN.test(word) || /ly$/.test(word) || /^(?:too|instead|tho)$/.test(word) ? '' : (unitLike(word) ?? gluedUnit(word)));

/** "135 minuteson", "5kmtoday": a unit run together with the word after it (a slipped space), in that unit's family. */
function gluedUnit(word: string): string | undefined {
  for (let cut = word.length - 1; cut >= 2; cut--) {
    const [unit, rest] = [word.slice(0, cut), word.slice(cut)];
    if (isKnownUnit(unit) && (FOLLOWERS.has(rest) || WHEN.test(rest))) return familyOf(unit);
  }
  return undefined;
}

/** Irregular plurals: things counted without an "s" ("2 people", "3 children"). */
const IRREGULAR_PLURAL = /^(?:people|persons|children|kids|men|women|feet|teeth|mice|geese|fish|sheep|deer|staff|crew|folks|dozen|hundred|thousand|million|grand)$/;

/**
 * "…, 35 solo on wed", "…, 12 barefoot today": a number opening its clause, with one word that is no plural and then a when, counts
 * no things ("3 coffees" does, "2 want a demo" goes on, "30 tomorow" may be a when): it is an amount of a list the reader did not read.
 */
const describesAmount = (value: number, word: string, before: string, after: string) => {
  const rest = after.trim().split(/\s+/).slice(1).filter((w) => !/^(?:on|in|at)$/.test(w));
  return value > 1 && /^\s*(?:and\s+)?$/.test(before) && /^[a-z]{3,}$/.test(word) && !/s$/.test(word) && !IRREGULAR_PLURAL.test(word) && rest.length === 1 && WHEN.test(rest[0]!);
};

/**
 * Reasons a number the reader could not read as an amount is no amount done: a plan ("gona do 1 more sat"), what would have been
 * ("shuld hav been 5"), a time or a point along the way ("in bed by 11 only", "felt strong till 28", "at km 28"), occasions in a row or counted ("3 in a row",
 * "3 night shifts").
 */
export function notDone(before: string, after: string): boolean {
  const plan = FUTURE.test(before.slice(-30)) || PLANNED_DEED.test(before);
  const along = /\b(?:till|til|until|by|before|after|around|km|mile|kilometre|kilometer)\s*$/.test(before);
  const occasions = new RegExp(`^\\s*(?:in a row\\b|(?:[a-z]+\\s+)?(?:${OCCASIONS})\\b)`).test(after);
  return plan || COUNTERFACTUAL.test(before) || along || occasions;
}

/** Spoken numbers the reader did not turn into digits ("hundred 50" from "hundred fifty"). */
const NUMBER_WORD = /\b(?:hundred|thousand)\b/g;

/** Words said to the coach, not of the thing counted. */
const INTERJECTION = /^(?:sorry|oops|lol|haha|hahaha|omg|thx|thanks|ty|yay|woo|ugh|tbh|btw)$/;

function unitAfter(after: string, goals: AiGoal[]): string {
  // "6 out of 12 now": the number's unit, if any, comes with the denominator.
  if (/^\s*out of\b/.test(after)) return '';
  const words = after
    .replace(/^\s*(?:more|extra|additional|whole|full|straight|solid|new|of)\s+/, '')
    .split(/[\s/]+/)
    .slice(0, 3)
    .filter(Boolean);
  // "3 12hr nights": the next number's unit is not this one's.
  if (/^\d/.test(words[0] ?? '')) return '';
  const clean = (w: string) => w.replace(/[^a-z$£€'-]/g, '');
  const goalUnit = (word: string) => goals.some((g) => g.unit && (familyOf(word) === familyOf(g.unit) || near(familyOf(word), familyOf(g.unit))));
  const unitWord = (word: string) => isKnownUnit(word) || goalUnit(word);
  for (const [i, w] of words.entries()) {
    // "2 new customers ($450)": a unit after the next number, bracketed or not, is that number's.
    if (/^\W*\d/.test(w)) break;
    const word = clean(w);
    if (!word) continue;
    // "1457 sorry fat thumbs", "5 lol": a word said to the coach right after the number is no unit of it.
    if (i === 0 && INTERJECTION.test(word)) return '';
    // "meant 120 not 150": the number a correction puts instead of another has no unit word of its own there.
    if (i === 0 && word === 'not' && /^\W*\d/.test(words[1] ?? '')) return '';
    // "2 on the walk home", "5 in the pool": a place or an occasion the amount was done on, not its unit.
    if (/^(?:on|in|at|during|after|before)$/.test(word) && /^(?:the|a|an|my|our)$/.test(clean(words[i + 1] ?? ''))) break;
    // "2 people said call back": a verb after the noun starts what they did; a unit past it is not this number's ("3 prospects booked demos" is the goal's own verb).
    if (i > 0 && /^(?:[a-z]+ed|said|told|asked|went|came|were|was|are|is)$/.test(word) && !goals.some((g) => titleStems(g).has(stem(word)))) break;
    // "2400m this morning": an "m" on the number is its unit (metres or minutes, told apart below), not a word further on.
    if (unitWord(word) || (i === 0 && word === 'm')) return word;
    // "all 25 read", "3 sold": what was done to them, right after the number, is no unit of it ("25 done" reads so too).
    if (i === 0 && /^(?:read|done|sold|sent|written|finished|completed|submitted|posted|watched)$/.test(word)) return '';
    // "2 wrkouts lol steps": a misspelt title word right after the number is its unit; a unit further on belongs to something else
    // ("4 rapid games": an adjective of a title before a goal's unit is not).
    if (i === 0 && !goalUnit(clean(words[1] ?? '')) && goals.some((g) => wordsOf(g.title.toLowerCase()).some((t) => t.length >= 5 && near(word, t)))) return countedAfter(clean(words[1] ?? ''), goals) ?? word;
  }
  return clean(words[0] ?? '');
}

/**
 * "2 practice sets", "2 blog drafts": a title word used of another plural noun, which no title names, says what is counted (not the goal's
 * things); "2 practice questions" is the goal's own unit and is read so above.
 */
function countedAfter(next: string, goals: AiGoal[]): string | undefined {
  if (!/[^s]s$/.test(next) || isKnownUnit(next) || FOLLOWERS.has(next) || WHEN.test(next)) return undefined;
  return goals.some((g) => wordsOf(g.title.toLowerCase()).some((t) => matchesStem(next, stem(t)))) ? undefined : next;
}

/** "swam 1500m", "meditated 20m": metres when the goals measure distance and not time (or the number is too big for minutes), minutes when time and not distance. */
function metresOrMinutes(goals: AiGoal[], value: number): string {
  const measures = (families: string[]) => goals.some((g) => g.unit && families.includes(familyOf(g.unit)));
  const distance = measures(['km', 'meters', 'mi']);
  const time = measures(['minutes', 'hours']);
  // "1500m in the pool" beside a goal in hours: no one writes 200 minutes or more as "m".
  if (distance && (!time || value >= 200) && !measures(['mi'])) return 'meters';
  return time && !distance ? 'minutes' : 'm';
}

/** The numbers a goal's title states ("Hit 10,000 steps on 20 days" → 10000, 20). */
export function titleNumbers(goal: AiGoal): number[] {
  return [...goal.title.toLowerCase().replace(/(\d),(\d{3})/g, '$1$2').matchAll(/(\d+(?:\.\d+)?)(k\b)?/g)].map((m) => Number(m[1]) * (m[2] ? 1000 : 1));
}

/** The numbers of a clause that may be progress, each with the text that is only its own. */
export function mentionsIn(clause: string, goals: AiGoal[], unread: Unread[] = [], reply = clause): Mention[] {
  for (const w of clause.matchAll(NUMBER_WORD)) unread.push({ value: NaN, unit: '', said: w[0], segment: clause });
  const titleWords = new Set(goals.flatMap((g) => wordsOf(g.title.toLowerCase())));
  const found = [...clause.matchAll(/(?<![\d.:])(\d+(?:\.\d+)?)(?![\d])\s*(%|percent\b|per cent\b)?/g)];
  const out: Mention[] = [];
  const consumed = new Set<number>();
  let lastKeptEnd = 0;
  found.forEach((m, i) => {
    if (consumed.has(i)) return;
    const at = m.index;
    const raw = m[1]!;
    const before = clause.slice(0, at);
    const after = clause.slice(at + m[0].length);
    const nextStart = found[i + 1]?.index ?? clause.length;
    let value = Number(raw);
    // The words since the previous number and its first word are this number's own: "3 more so 7 now" — the "more" is the 3's.
    const previous = found[i - 1];
    const lead = previous ? clause.slice(previous.index + previous[0].length, at).replace(/^\s*[a-z$'-]+/, '').slice(-25) : before.slice(-25);
    // A percent sign is read with the words after it ("is 75% paid off" is a share, not a size).
    if (notAQuantity(before, m[2] ? `${m[2]}${after}` : after, raw, titleWords)) return;
    // "3 sessions scheduled", "3 cancelled", "long run (24k) is planned": a plan or a loss, unless that verb is the goal's own ("3 demos booked" for "Book 20 demos").
    const planned = /^\s*(?:[a-z$-]+\)?\s+){0,2}(scheduled|planned|booked|cancell?ed|postponed|missed|skipped)\b/.exec(after);
    if (planned && !goals.some((g) => titleStems(g).has(stem(planned[1]!)))) return;
    // A plan said anywhere after it, before the next number, unless planning is the goal's own word.
    const plannedAfter = (text: string) => PLANNED_AFTER.test(text) && !goals.some((g) => ['planned', 'scheduled'].some((w) => titleStems(g).has(stem(w))));
    if (plannedAfter(after)) return;
    // A denominator ("3 of my 5", "5/7", "sets of 30") or the target itself ("hit my 10") is read with its numerator.
    if (/(\bof (?:my |the |them |those )?|\/\s*|\bout of |\bsets? of |\breps? of |\bx\s*)$/.test(before) && !/\btotal of $/.test(before)) return;
    let unit = m[2] ? '' : unitAfter(after, goals);
    // "20 from Mrs Patel" where every goal is money: an amount of it, from somewhere.
    if (unit === 'from' && goals.every((g) => isCurrency(g.unit))) unit = '';
    // "15k Sunday" with no goal in km: thousands (of steps, words, dollars), not kilometres.
    if (unit === 'k' && /^k\b/.test(after) && !goals.some((g) => g.unit && familyOf(g.unit) === 'km')) {
      value *= 1000;
      unit = '';
    }
    if (unit === 'm') unit = metresOrMinutes(goals, value);
    // "ran 12 sunday": a day after the number says when, not what is counted (the clause's words still name the goal).
    if (WHEN.test(unit) && !FOLLOWERS.has(unit)) unit = '';
    // "18 commuting": a doing after the number says what the amount was done at, not what it counts.
    if (/ing$/.test(unit) && !isKnownUnit(unit)) unit = '';
    // "3 more up", "2 more out": a particle after "more" says the things went up or out (posted, sent), not what is counted.
    if (/^(?:up|out|live)$/.test(unit) && /^\s*more\s+[a-z]+\b/.test(after)) unit = '';
    const known = isKnownUnit(unit) || FOLLOWERS.has(unit) || /ed$/.test(unit) || goals.some((g) => g.unit && unitNear(unit, g.unit));
    const verb = /([a-z]+)\s+(?:(?:only|just)\s+)?$/.exec(before)?.[1] ?? '';
    // "3 coffees", "2 kids": a word no goal counts is no progress, unless it is a goal's title word ("2 schools", "45 reading")
    // or the goal's own verb counts it ("signed 2 cafés" for "Sign 10 new clients").
    // "2 practice sets of 35 questions": a word may describe the occasions.
    const occasions = unit === 'times' ? /^\s*times\s+(\d+(?:\.\d+)?)\s*([a-z$]+)/.exec(after) : OCCASION_WORDS.has(unit) ? new RegExp(`^\\s*(?:[a-z]+\\s+)?${unit}\\s+of\\s+(\\d+(?:\\.\\d+)?)\\s*([a-z$]+)`).exec(after) : null;
    // The amount of each in a known unit or in a goal's own ("sets of 35 questions" for a goal in questions).
    const ofEach = occasions !== null && (isKnownUnit(occasions[2]!) || goals.some((g) => g.unit && unitNear(occasions[2]!, g.unit)));
    if (unit && !known && !ofEach && !goals.some((g) => wordsOf(g.title.toLowerCase()).some((w) => matchesStem(unit, stem(w))) || (countedBy(g, verb) && !unitCountedIn(reply, g)))) {
      // "4.5 tody": a number with a fraction counts no things ("3 coffees"), so the word after it is one the reader failed to read.
      const may = unreadUnit(unit) ?? (Number.isInteger(value) && !describesAmount(value, unit, before, after) ? undefined : '');
      if (may !== undefined && !notDone(before, after)) unread.push({ value, unit: may, said: `${raw} ${unit}`, segment: clause.slice(lastKeptEnd, nextStart) });
      return;
    }
    // The words up to its unit name its goal ("gym 2 times meditation 3 times"); the rest of the clause only when no number follows.
    const unitEnd = unit ? after.indexOf(unit) + unit.length : 0;
    const ownEnd = found[i + 1] ? Math.min(nextStart, at + m[0].length + Math.max(0, unitEnd)) : clause.length;
    const segment = clause.slice(lastKeptEnd, ownEnd);
    const tight = clause.slice(lastKeptEnd, at + m[0].length + Math.max(0, unitEnd));
    const wide = clause.slice(lastKeptEnd, nextStart);
    let mode: Mode = 'increment';
    const rem = REMAINDER.exec(after);
    if (m[2]) {
      // "60% of chapter 2", "20% of my paycheck": a share of something else, unless it names the goal.
      if (/^\s*of\s+(?!the way\b|it\b|(?:my |the )?goal\b|(?:my |the )?target\b)/.test(after) && named(after.slice(0, 40), goals, goals).length === 0) return;
      // "100% effort", "100% sure": a manner, not a share of the goal.
      // "halfway through my 6th book": a share of one of the things the goal counts, not of the goal.
      const ofOne = /^\s*(?:through|of|into|with)\s+(?:(?:my|the|a|this|that)\s+)?(?:\d+(?:st|nd|rd|th)\s+)?([a-z]+)\b/.exec(after)?.[1] ?? '';
      // A word of a goal's title is that goal ("75% of the punch list" is no lunch, whatever a typo could make of it).
      if (isKnownUnit(ofOne) && !/s$/.test(ofOne) && WHOLE.has(familyOf(ofOne)) && !titleWords.has(ofOne)) return;
      // "75% packed" for "Pack 40 boxes": the goal's own verb says what the share is of.
      const ownVerb = named(/^\s*([a-z]+)/.exec(after)?.[1] ?? '', goals, goals).length > 0;
      if (!ownVerb && !/^\s*(?:$|[.!,;:)]|(?:done|there|through|complete|completed|finished|drafted|written|built|of|to|towards|now|in|way|along|ready|so far|paid|saved|covered|cleared)\b)/.test(after)) return;
      mode = 'percent';
    }
    // "all 30 remaining bulbs in": the ones that were left, now done.
    else if (rem && !/\b(?:all|the|those|these|last)\s*$/.test(before)) {
      // "2 more to go before this week's batch is done" is about something else than the goal.
      // "7 more to go for the year" is the goal's own span.
      // "$900 left on the Visa" names the goal it is left on; "$2,650 left on it" the one being talked of.
      if (/^\s*(before|for|in|on|this|of|till|until)\b(?! it\b)/.test(rem[1]!) && !/\b(goal|target)\b|^\s*for the (?:year|month|quarter)\b/.test(rem[1]!) && named(rem[1]!.slice(0, 30), goals, goals).length === 0) return;
      mode = 'remainder';
    } else {
      // "5 of the last 7 days": of the days just past.
      // "3 sits of 20 min" for "Meditate 20 hours": occasions of an amount each, never a share of a target.
      const ratio = !(occasions && ofEach) && /^\s*(?:[a-z$-]+\s+)?(?:of (?:my |the |them |those )?(?:last |past )?|\/\s*|out of )(\d+(?:\.\d+)?)/.exec(after);
      const denominatorIndex = found.findIndex((f, j) => j > i && ratio && f[1] === ratio[1]);
      if (ratio && denominatorIndex > i) consumed.add(denominatorIndex);
      // "8 of 10" against a target of 10 is where the goal stands; "3 of my 5 sessions this week" is this week's share.
      // "10/10 week", "8 out of 10": a rating, unless the denominator is a goal's target, the days of a week ("7/7") or a unit follows.
      const ofWeek = ratio && Number(ratio[1]) === 7 && goals.some((g) => g.unit && ['days', 'nights'].includes(familyOf(g.unit)));
      // "4 shifts out of 5" counted in the goal's own unit is an amount done.
      if (ratio && !ofWeek && !goals.some((g) => g.target === Number(ratio[1]) || (unit && g.unit && unitNear(unit, g.unit))) && !isKnownUnit(/^\s*[\d.]+\s*([a-z$]+)/.exec(after.slice(after.indexOf(ratio[1]!)))?.[1] ?? '') && !isKnownUnit(unit)) return;
      if (ratio) mode = goals.some((g) => g.target === Number(ratio[1])) ? 'total' : 'increment';
      // "bike commute 4 days = 88 km": the amount those occasions came to, done now.
      else if (INCREMENT.test(lead) || MORE_AFTER.test(after) || new RegExp(`\\b\\d+ (?:${OCCASIONS}|commutes) =\\s*$`).test(before)) mode = 'increment';
      else if (HIT_IN_SPAN.test(lead) && SPAN_AFTER.test(after) && named(before, goals, goals).length > 0) mode = 'increment';
      // "made it to 2 meetings this week": getting to occasions in a stretch is attending them, not where a count stands ("made it to 50 km").
      else if (/\bmade it to\s*$/.test(lead) && OCCASION_WORDS.has(unit) && SPAN_AFTER.test(after)) mode = 'increment';
      else if (TOTAL_BEFORE.test(lead) || TALLY_SAID.test(before) || TOTAL_AFTER.test(after) || (HAVE_NOW.test(lead) && !/^\s*[a-z$]*\s*(?:this|today|tonight|yesterday|last|on|since)\b/.test(after))) mode = 'total';
    }
    // "hit 10k steps on 3 days" for "Hit 10,000 steps on 20 days": the goal's own threshold, not an amount of it.
    // "ran 3 times" for "Run 5k 3 times a week (36 runs)": occasions the goal counts are an amount of it, not its threshold.
    const threshold = (g: AiGoal) => g.unit && conversion(unit, g.unit) === null && titleNumbers(g).includes(value) && wordsOf(g.title.toLowerCase()).some((w) => familyOf(w) === familyOf(unit));
    if (unit && goals.some(threshold)) return;
    // "$135 total" for what was sold ("sold 9 for $135 total") is this sale, not the goal's total.
    if (mode === 'total' && /\bfor\s*\$?\s*$/.test(before)) mode = 'increment';
    if (mode === 'increment' && RECURRING.test(`${before.slice(-20)} ${after.slice(0, 30)}`)) return;
    // "run 2 times 8 km", "3 sessions of 75 min": occasions times the amount of each, in the amount's unit.
    const onDays = ON_DAYS.exec(after);
    // "20 min x3", "20 min meditation 3 times": the amount each time and the times, up to one word apart; after a known unit
    // ("3 km w the dog twice") up to three, none of them a doing or a doer of its own ("3 km i think 2 times").
    const gap = isKnownUnit(unit) ? 3 : 1;
    const times = new RegExp(`^\\s*[a-z$]*\\s*x\\s*(\\d+)\\b|^\\s*[a-z$]*(?:\\s+${BESIDE_TIMES}){0,${gap}}\\s+(\\d+) times\\b`).exec(after);
    if (occasions && ofEach && mode === 'increment') {
      const j = found.findIndex((f, k) => k > i && f[1] === occasions[1]);
      if (j > i) consumed.add(j);
      // "3 sessions of 75 min planned": the plan said after the amount of each is the plan of them all.
      if (plannedAfter(after.slice(occasions[0].length))) return;
      lastKeptEnd = ownEnd;
      out.push({ value: value * Number(occasions[1]), unit: occasions[2]!, mode, segment: wide, tight: wide, wide, before, after, lead, statedTotal: false, verb, multiplied: true });
      return;
    }
    // "2 times a day on 6 days" for "Check blood sugar twice daily on 14 days": the goal's own daily threshold met on 6 days.
    // "hit 10k on 4 days" for "Walk 10,000 steps on 25 days": the threshold without its unit is still the title's ("hit" says it was met, not a total).
    if (onDays && (mode === 'increment' || (mode === 'total' && /\bhit\s*$/.test(lead))) && goals.some((g) => g.unit && ['days', 'nights'].includes(familyOf(g.unit)) && titleAmounts(g).some((a) => a.n === value && (a.unit === familyOf(unit) || !unit) && a.n !== g.target))) {
      const j = found.findIndex((f, k) => k > i && f[1] === onDays[1]);
      if (j > i) consumed.add(j);
      lastKeptEnd = ownEnd;
      out.push({ value: Number(onDays[1]), unit: onDays[2]!, mode: 'increment', segment: wide, tight: wide, wide, before, after, lead, statedTotal: false, verb, multiplied: true });
      return;
    }
    const multiplied = Boolean(onDays && mode === 'increment' && !/^(day|days|night|nights)$/.test(unit) && isKnownUnit(unit));
    if (onDays && multiplied) {
      value *= Number(onDays[1]);
      const j = found.findIndex((f, k) => k > i && f[1] === onDays[1]);
      if (j > i) consumed.add(j);
    } else if (times && mode === 'increment' && !(times[2] && familyOf(unit) === 'count')) {
      value *= Number(times[1] ?? times[2]);
      const j = found.findIndex((f, k) => k > i && f[1] === (times[1] ?? times[2]));
      if (j > i) consumed.add(j);
    } else if (/^\s*[a-z$]*\s+(each(?! (?:day|morning|night|evening)\b)|apiece|a piece|per (?:run|session|time|day|walk|workout))\b/.test(after) && mode === 'increment') {
      // "5k each" with the count in another clause: an amount per occasion, not a total we can trust ("each morning" is a rate, below).
      return;
    } else if (RATE.test(after.slice(0, 40)) && mode === 'increment') {
      const days = daysIn(clause);
      if (days === null) return;
      value *= days;
      found.forEach((f, k) => {
        if (k > i && Number(f[1]) === days) consumed.add(k);
      });
    }
    // "twice for 10 mins": the times come first.
    const timesBefore = /\b(\d+) times\s+(?:for|of|at)\s+$/.exec(before);
    if (timesBefore && mode === 'increment' && isKnownUnit(unit) && familyOf(unit) !== 'count') value *= Number(timesBefore[1]);
    if (UNDONE.test(before.slice(-25))) value = -value;
    lastKeptEnd = ownEnd;
    out.push({ value, unit, mode, segment, tight, wide, before, after, lead, statedTotal: mode === 'total' && (STATED_TOTAL_BEFORE.test(lead) || TALLY_SAID.test(before) || STATED_TOTAL_AFTER.test(after)), verb, multiplied });
  });
  return out;
}
/** A word between an amount and its times that still describes the amount: no doing ("-ed", "-ing") and no doer. */
const BESIDE_TIMES = '(?!(?:i|we|he|she|they|you|it)\\b)(?![a-z]+(?:ed|ing)\\b)[a-z]+';

/** Units of whole things: half a book or 2.5 sessions is no count the coach would record. */
export const WHOLE = new Set(['count', 'books', 'applications', 'calls', 'posts', 'emails', 'entries', 'clients', 'leads', 'lessons', 'runs', 'walks', 'days', 'nights', 'drinks', 'meals', 'dinners', 'lunches', 'breakfasts', 'cigarettes']);
export const OCCASION = new Set(['count', 'days', 'nights', 'runs', 'walks', 'lessons', 'entries', 'meals', 'dinners', 'lunches', 'breakfasts']);

/** Units that measure rather than count, and occasions any activity has: no verb makes a noun one of these. */
const MEASURED = new Set(['km', 'mi', 'meters', 'steps', 'minutes', 'hours', 'seconds', 'usd', 'lbs', 'kg', 'pages', 'words', 'litres', 'count', 'days', 'nights']);

/** A goal measured in money, time, distance or occasions, which no counted noun fills. */
export const measured = (g: AiGoal) => Boolean(g.unit && (isCurrency(g.unit) || MEASURED.has(familyOf(g.unit))));

/** "called 4 boutiques" for "Make 30 calls", "sold 1 thing" for "Sell 15 items": the goal's verb or unit done to N things counts them. */
export function countedBy(goal: AiGoal, verb: string): boolean {
  if (!verb || !goal.unit || measured(goal)) return false;
  const first = wordsOf(goal.title.toLowerCase())[0] ?? '';
  return [first, goal.unit.toLowerCase()].some((w) => w.length > 2 && stem(w) === stem(verb));
}

/**
 * "learned 12 chords but only 1 song" for "Learn 50 songs": when the reply counts the goal's own unit by name, another noun
 * after the goal's verb is some other thing, not more of the goal's.
 */
const unitCountedIn = (clause: string, goal: AiGoal) =>
  goal.unit !== null && [...clause.matchAll(/(?:\d|\bone\b)\s*((?:[a-z]+\s+){0,2}[a-z]+)/g)].some((m) => m[1]!.split(/\s+/).some((w) => unitNear(w, goal.unit!)));

/** The title's numbers with the word after each ("Cook dinner 20 times" → 20 times). */
export const amountsIn = (text: string) => [...digitise(text).matchAll(/(\d+(?:\.\d+)?)\+?\s*([a-z]+)/g)].map((m) => ({ n: Number(m[1]), unit: familyOf(m[2]!) }));
export const titleAmounts = (goal: AiGoal) => amountsIn(goal.title);

/** Whether a goal counts things called this ("section" for "Finish 8 SAT practice sections"). */
export const numericGoalCounts = (goals: AiGoal[], noun: string) => goals.some((g) => trackable(g) && g.unit && !measured(g) && (unitNear(noun, g.unit) || synonymOf(noun, g.unit)));

/** Names of occasions ("2 kids, 3 hours each" is no two occasions). */
export const OCCASIONS = 'times|sits|sittings|shifts|runs|walks|rides|swims|hikes|sessions|workouts|classes|lessons|days|nights|mornings|evenings|trips|visits|calls|meetings|games|matches|rounds|sets|practices|rehearsals';
/** The occasion names one by one: "3 sessions of 75 min" multiplies, "made it to 2 meetings" attends. */
const OCCASION_WORDS = new Set(OCCASIONS.split('|'));
/** "24k long run on sunday planned": a plan said after a number, before the next one ("ran 10k as planned" was done). */
const PLANNED_AFTER = /^[^\d]*?(?<!\bas )\b(?:planned|scheduled)\b/;

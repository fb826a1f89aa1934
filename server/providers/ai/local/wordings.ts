import type { AiGoal } from '../types';
import { ABSTAINING, NEGATION, WEEKDAY } from './cues';
import { named, near, stem, titleStems, wordsOf } from './goal-names';
import { numericGoalCounts, OCCASION, OCCASIONS, titleNumbers } from './mentions';
import { MONTH } from './not-a-quantity';
import { nextOrdinalOne, ordinalOfPeriod, ordinalsDone } from './ordinals';
import { pastOf } from './tasks';
import { isCurrency, trackable } from './text';
import { conversion, familyOf, isKnownUnit } from './units';

/** How clients say counts of things, rewritten into the numbers and units the reader reads. */

/** "booked 3 more (2, 4 and 6 of December)", "Dec 2, 4 and 6": days of a month in a list are dates, however the list is split into clauses. */
export function withoutDateLists(text: string): string {
  const list = '\\d{1,2}(?:\\s*(?:,|and|&)\\s*\\d{1,2})+';
  return text.replace(new RegExp(`\\b${list}\\s+(?:of\\s+)?(${MONTH})\\b`, 'g'), 'dates in $1').replace(new RegExp(`\\b(${MONTH})\\.?\\s+${list}\\b`, 'g'), '$1 dates');
}
export const PAST = new Set(['ran', 'swam', 'wrote', 'written', 'slept', 'drank', 'read', 'rode', 'drove', 'went', 'spent', 'sold', 'paid', 'lost']);

/** "2 times, 4 miles each", "a couple of shifts, four hours each": the occasions, whatever they are called, times the amount of each. */
function occasionsEach(m: string, n: string, noun: string, amount: string, unit: string): string {
  if (!isKnownUnit(unit)) return m;
  const name = /^(?:times|runs|walks|sessions)$/.test(noun) ? '' : `${noun} `;
  return `${name}${n} times ${amount} ${unit}`;
}

/** Units that count any thing at all ("Sell 10 items"): whatever noun the reply names is one of them. */
const ANY_THING = /^(?:items?|things?|pieces?|products?)$/i;

/**
 * "sold the old bike too" for "Sell 10 items on Marketplace": the goal's own verb, done to one named thing, is one of what it counts.
 * A list ("sold the bike and the lamp", "sold the bike. And the lamp!") or a price after it is left alone: a part of it counted would be too few.
 */
function oneThingDone(text: string, goals: AiGoal[]): string {
  return goals
    .filter((g) => g.unit && ANY_THING.test(g.unit))
    .flatMap((g) => pastOf(wordsOf(g.title.toLowerCase())[0] ?? ''))
    .reduce((t, past) => t.replace(new RegExp(`\\b${past} (?:the|a|an|my|our|that|this) (?=[a-z ]+(?:[.!?;\\n]|$))(?![^.!?;\\n]*\\b(?:and|or)\\b|[^.!?;\\n]*[.!?;\\n]+\\s*(?:and|also|plus|oh and)\\b)`, 'g'), `${past} 1 `), text);
}

/** Nouns that say where a thing was sent, not what it is: "applied to 3 places", "pitched 4 companies". */
const RECIPIENTS = 'places|companies|firms|employers|roles|positions|openings|agencies|schools|programs|programmes';

/** "sent my resume", "sent it", "submitted them": an application sent, whatever the client calls it. */
const APPLICATION_SENT = "(?:sent|submitted|emailed) (?:it|them|(?:my|the|a|an) (?:resume|cv|application|cover letter)s?)";

/**
 * "applied to 3 places" for "Apply to 20 UX jobs": the goal's own verb, done to that many recipients, is that many of what it counts;
 * for a goal counted in applications, so is an application sent to them ("sent it to 2 places").
 */
function recipientsOfOwnVerb(text: string, goals: AiGoal[]): string {
  return goals
    .filter((g) => trackable(g) && g.unit && !isCurrency(g.unit))
    .reduce((t, g) => {
      const own = pastOf(wordsOf(g.title.toLowerCase())[0] ?? '');
      const past = (familyOf(g.unit!) === 'applications' ? [...own, APPLICATION_SENT] : own).join('|');
      return past ? t.replace(new RegExp(`\\b((?:${past})(?: to| at| for| with)? \\d+) (?:more )?(?:${RECIPIENTS})\\b`, 'g'), `$1 ${g.unit!.toLowerCase()}`) : t;
    }, text);
}

/** Going to a thing is attending it: "went to writing group" for "Attend writing group". */
const ATTENDING = /^(?:attend|go|visit|join)$/;
/** One when: a weekday, "yesterday", "last night", "this morning". */
const ONE_WHEN = `(?:on )?(?:${WEEKDAY}|yesterday|today|tonight|(?:last|this) (?:night|morning|evening|afternoon))`;

/**
 * "called mom sunday" for "Call mom every Sunday", "went to writing group tues" for "Attend writing group": the goal's own doing in
 * the past, of the goal it names, on one when and with no number, is one occasion of a goal counted in occasions. A list of days
 * ("tues and thurs"), a plan ("will call mom sunday") or a "not" in the clause say no such thing.
 */
function oneOccasionDone(text: string, goals: AiGoal[]): string {
  return goals
    .filter((g) => trackable(g) && g.unit !== null && conversion('time', g.unit) === 1)
    .reduce((t, g) => {
      const verb = wordsOf(g.title.toLowerCase())[0] ?? '';
      const done = [...pastOf(verb), ...(ATTENDING.test(verb) ? ['went to', 'made it to', 'got to'] : [])].join('|');
      const pattern = new RegExp(`(?<=(?:^|[,.!?;:\\n])[^,.!?;:\\n\\d]*)\\b(?:${done}) ([^,.!?;:\\n\\d]*?)(?=\\b${ONE_WHEN}\\b(?!\\s*(?:,|and|&|\\+|or|n)?\\s*${WEEKDAY}\\b))`, 'g');
      // The goal is named by what was done to or at ("called the bank" names no goal of calling mom), and no other day is.
      return t.replace(pattern, (doing: string, what: string, at: number, all: string) => {
        const clause = (all.slice(0, at).split(/[,.!?;:\n]/).at(-1) ?? '') + doing;
        const once = named(what, [g], goals).length > 0 && !new RegExp(`\\b${WEEKDAY}\\b`).test(what) && !NEGATION.test(clause);
        return once ? `${doing}1 time ` : doing;
      });
    }, text);
}

/**
 * "meal prep sunday ✅", "meal prep done sunday", "meal prepped sunday" for "Meal prep on 8 Sundays": the one weekday a goal counts, ticked or done
 * right after the goal's own words, is one of them ("gym sunday ✅" says when the gym was).
 */
function weekdayDone(text: string, goals: AiGoal[]): string {
  return goals
    .filter((g) => g.unit && new RegExp(`^${WEEKDAY}s$`, 'i').test(g.unit))
    .reduce((t, g) => {
      const unit = g.unit!.toLowerCase();
      const day = unit.slice(0, -1);
      const namedBefore = (at: number) => named(t.slice(0, at).split(/[.!?;,\n]|\p{Extended_Pictographic}/u).at(-1) ?? '', [g], goals).length > 0;
      // "meal prepped sunday": the goal's own verb, in the past, right before the day, is done on it ("skipped meal prep sunday" is not).
      const ownVerbBefore = (at: number) => {
        const verb = /\b([a-z]+?)(?:p?ed|d) (?:on |this |last )?$/.exec(t.slice(0, at))?.[1];
        return verb !== undefined && titleStems(g).has(stem(verb));
      };
      return t.replace(new RegExp(`\\b${day}(?=\\s*(?:✅|✔️?|☑️))|(?<=\\bdone (?:on |this |last )?)${day}\\b|(?<=\\b[a-z]+ed (?:on |this |last )?)${day}\\b`, 'gu'), (m: string, at: number, all: string) =>
        namedBefore(at) && (!/ed (?:on |this |last )?$/.test(all.slice(0, at)) || ownVerbBefore(at)) ? `1 ${unit}` : m,
      );
    }, text);
}

/** How clients say counts of things, as the reader reads them. */
/** Weights and volumes a pack holds ("bags of 250g"): the families multiplied out. */
const CONTENTS = new Set(['grams', 'kg', 'lbs', 'ml', 'litres']);
function packsOf(m: string, n: string, noun: string, size: string, unit: string): string {
  return CONTENTS.has(familyOf(unit)) && !isKnownUnit(noun) ? `${Number(n) * Number(size)} ${unit}` : m;
}

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
/**
 * "sat 15 min mon-fri": minutes under an hour and a range of weekdays after them are that much on each of those days ("on 5 days", read
 * as such); a total over days that long is said in hours. "11 hours mon-thu", "35 calls mon-wed" are what the days came to.
 */
const DAY_RANGE_AFTER_MINUTES = new RegExp(`\\b([1-5]?\\d ?(?:min|mins|minutes)) (${WEEKDAY}) ?(?:-|–|to|thru|through) ?(${WEEKDAY})\\b(?! ?(?:in total|total|in all|altogether|combined)\\b)`, 'g');
function daysOfRange(m: string, amount: string, from: string, to: string): string {
  const days = WEEK.indexOf(to.slice(0, 3)) - WEEK.indexOf(from.slice(0, 3)) + 1;
  return days >= 2 ? `${amount} on ${days} days` : m;
}

export function countWordings(text: string, goals: AiGoal[]): string {
  return (
    nextOrdinalOne(ordinalOfPeriod(ordinalsDone(oneThingDone(weekdayDone(oneOccasionDone(recipientsOfOwnVerb(text, goals), goals), goals), goals), goals), goals), goals)
      // "veg every day (7)": every day of the week, counted.
      .replace(/\b(?:every|each|a) (day|night|morning|evening) \(([1-7])\)/g, '$2 $1s this week')
      // "15 min each morning, 5 mornings": the amount each morning, on that many mornings.
      .replace(/\b(every|each) (day|morning|evening|night),? (?=\d+ (?:days|mornings|evenings|nights)\b)/g, '$1 $2 on ')
      // "30 min every morning except sat and sun, so 5 mornings": the days are counted at the end, which the words between only explain
      // ("..., so 2 days off" counts the days it was not done).
      .replace(/\b(every|each) (day|morning|evening|night)\b[^\d.!?;\n]*?,? (?:so|that'?s|thats|=) (?=\d+ (?:days|mornings|evenings|nights)\b(?! (?:off|missed|skipped|without|of rest|free)\b))/g, '$1 $2 on ')
      // "journaled every day this week": seven of them, when the sentence gives no number of its own ("so 7 more days").
      // "failed every night this week" is seven nights the habit was broken, not kept.
      .replace(/\b(?!(?:failed|missed|skipped|slipped|relapsed|cheated|caved|struggled)\b)([a-z]+ed) (?:every|each) (day|night|morning|evening) this week\b(?![^.!?\n]*\d)/g, '$1 7 $2s this week')
      .replace(DAY_RANGE_AFTER_MINUTES, daysOfRange)
      // "between 20 and 30 words": a range, a guess, which the "and" must not split into two amounts.
      .replace(/\bbetween (\$?\d+(?:\.\d+)?(?: ?[a-z]+)?) (?:and|&) (?=\$?\d)/g, 'between $1 to ')
      // "2 shifts, 4 hours each" is the occasions and the amount of each.
      .replace(new RegExp(`\\b(\\d+) (${OCCASIONS}),? (\\d+(?:\\.\\d+)?) ?([a-z$]+) each\\b(?! (?:way|side|leg|direction))`, 'g'), occasionsEach)
      // "2 lectures, 45 mins each" for "Watch 20 hrs of lectures": things the title names, each of that amount.
      .replace(/\b(\d+) ([a-z]+s),? (\d+(?:\.\d+)?) ?([a-z$]+) each\b(?! (?:way|side|leg|direction))/g, (m, n: string, noun: string, amount: string, unit: string) =>
        goals.some((g) => wordsOf(g.title.toLowerCase()).includes(noun)) ? occasionsEach(m, n, noun, amount, unit) : m,
      )
      // "28 bags of 250g", "6 jars of 500 ml": things of a weight or volume each, that many times it.
      .replace(/\b(\d+) ([a-z]+s) of (\d+(?:\.\d+)?) ?([a-z]+)\b/g, packsOf)
      // "3 sets of 20 pushups": 20 pushups three times.
      .replace(/\b(\d+) (?:sets|rounds) of (\d+) ([a-z]+)/g, '$2 $3 $1 times')
      // "one meetup on thursday": the noun right after it first, before words further on.
      .replace(/\bone ([a-z]+)\b/g, (m, noun: string) => (numericGoalCounts(goals, noun) ? `1 ${noun}` : m))
      // "one full song lol": a word between, before two words between (which would take "lol" for the noun).
      .replace(/\bone ((?!of\b)[a-z]+ )([a-z]+)\b/g, (m, word: string, noun: string) => (numericGoalCounts(goals, noun) ? `1 ${word}${noun}` : m))
      // "did one SAT math section": one of the things a goal counts, a word or two between.
      .replace(/\bone ((?:(?!of\b)[a-z]+ ){0,2})([a-z]+)\b/g, (m, words: string, noun: string) => (numericGoalCounts(goals, noun) ? `1 ${words}${noun}` : m))
      // "went to a meeting", "did a session": one of the things a goal counts, done ("had a meeting" may be any meeting).
      .replace(/\b(went to|attended|did|finished|completed|wrote|posted|sent|made|logged|taught|gave|hosted|led) an? ([a-z]+)\b/g, (m, verb: string, noun: string) => (numericGoalCounts(goals, noun) ? `${verb} 1 ${noun}` : m))
      // "did four of the worksheets", "finished 2 of my essays": so many of the things a goal counts, done ("4 of the 20 worksheets" is a share: left to the totals).
      .replace(/\b(did|finished|completed|read|wrote|sent|made|watched|got through) (\d+) of (?:the|my) ([a-z]+)\b/g, (m, verb: string, n: string, noun: string) => (numericGoalCounts(goals, noun) ? `${verb} ${n} ${noun}` : m))
      // "went to a meeting Tuesday and one last night": "one" after "and" stands for another of the thing just counted.
      .replace(/\b1 ([a-z]+)((?: [a-z]+){0,3}) and (?:another )?one\b(?! of\b)/g, (m, noun: string, when: string) => (numericGoalCounts(goals, noun) ? `1 ${noun}${when} and 1 ${noun}` : m))
      // "plan was 15 calls this week, managed 9": the bare number done after a planned amount is of the planned thing.
      .replace(/\b((?:the )?(?:plan|goal|target|aim) was|aimed for|planned) (\d+) ([a-z]+)((?: this (?:week|month)| today)?),? (?:but )?(?:i )?(?:only )?(managed|did|got through|got done|made|hit) (\d+)(?=\s*(?:[.!?,;\n]|$|and\b|but\b))/g, '$1 $2 $3$4, $5 $6 $3')
      // "ch 4 and 5 done", "ch1 + ch2 done", "completed sessions 5 and 6", "finished chem chapters 1 and 2": two of them, whichever they are.
      .replace(/\b(chapters?|ch|lessons?|episodes?|modules?|sessions?) ?(\d+) ?(?:and|&|\+) ?(?:\1 ?)?(\d+)\b/g, (m, noun: string, a: string, b: string, at: number, all: string) =>
        a !== b && (/\b(?:finished|completed|did|done with)\s+(?:[a-z]+\s+)?$/.test(all.slice(0, at)) || /^\s+(?:done|finished|completed|complete)\b/.test(all.slice(at + m.length))) ? `2 ${noun === 'ch' ? 'chapters' : noun.replace(/s?$/, 's')}` : m,
      )
      // "Anatomy 45 pages (ch 7 & 8)": which ones, a list of labels the clauses would split ("ch 7-8" reads as labels).
      .replace(/\b(chapters?|ch|lessons?|episodes?|modules?|parts?|units?|sections?) (\d+) (?:and|&|,) (\d+)\b/g, '$1 $2-$3')
      // "90 minutes on Tuesday and another 90 on Friday": "another" with a bare number is more of the unit just said.
      .replace(ANOTHER_OF_THE_UNIT, (m, n: string, unit: string, between: string, more: string) => (isKnownUnit(unit) && !OCCASION.has(familyOf(unit)) ? `${n} ${unit}${between}${more} ${unit}` : m))
      // "4 mi tuesday n like 6 satrday", "20 pages mon, 30 wed": a bare number after "and" or a comma with its own weekday is more of the unit just said
      // ("like" there is the filler "did like" is); "3 runs mon and 2 fri" is 2 more runs, whatever the goal counts.
      .replace(/[^]*/, moreOfTheUnitOnDays)
      // "90 mins last night + 45 this morning", "3 runs yesterday and 2 today": a bare number joined on with its own when ("this morning", "today") is more of the unit just said.
      .replace(AMOUNT_THEN_BARE_AT_A_TIME, (m, n: string, unit: string, between: string, more: string) => (isKnownUnit(unit) ? `${n} ${unit}${between}${more} ${unit}` : m))
      // "45 min on the bike Tues and Thurs", "4 km each time Mon Wed and Fri": an amount said once for days listed after it is done on each of them (a total is said so: "10k total mon and wed").
      .replace(AMOUNT_ON_WEEKDAYS, (m, amount: string, unit: string, words: string, days: string) => {
        const count = new Set(days.match(new RegExp(WEEKDAY, 'g'))!.map((d) => d.slice(0, 3))).size;
        // "4 hrs studying sat + sun", "30 min tues + thurs": a "+" sums the days, so the amount may be each day's or both together's;
        // said as shared, the reader takes neither the amount alone nor a multiple of it.
        if (count > 1 && /\+/.test(days) && !TOTAL_WORD.test(m)) return `${amount} ${unit} ${words}split between ${days}`;
        return count > 1 && !TOTAL_WORD.test(m) ? `${words.replace(/\beach(?: time)? /, '')}${count} times ${amount} ${unit}` : m;
      })
      // "2 easy 8k runs", "two 20-minute meditations": the occasions, each of that amount.
      .replace(/(?<!\b(?:the|those|these) )\b(\d+) (?:([a-z]+) )?(\d+(?:\.\d+)?)[ -]?(k|km|kms|mi|miles?|min|mins|minutes?) (runs|walks|rides|swims|hikes|jogs|sessions|workouts|meditations|classes)\b/g, (_, n: string, adjective: string | undefined, amount: string, unit: string, noun: string) => `${adjective ?? ''} ${noun} ${n} times ${amount} ${unit}`)
  );
}

/** The one of days or nights the goals count in, if only one is ("bed ✅❌" beside a goal in days and one in nights says neither). */
function dailyUnit(goals: AiGoal[]): string | undefined {
  const units = new Set(goals.filter((g) => trackable(g) && g.unit).map((g) => familyOf(g.unit!)).filter((u) => ['days', 'nights'].includes(u)));
  return units.size === 1 ? [...units][0] : undefined;
}

/** "wed was late", "fri is a write-off": a weekday a clause says something of is that clause's subject, not one more day of a list before it. */
const SUBJECT_OF_ITS_OWN = "(?!\\s+(?:was|is|wasn'?t|isn'?t)\\b)";
/** "mon tues and fri", "Monday, Wednesday & Friday", "tues + thurs": two weekdays or more in a list ("mon tue and thu, wed was late" lists three). */
const WEEKDAY_LIST = new RegExp(`\\b(?:on )?${WEEKDAY}(?:(?:\\s*,\\s*|\\s+|\\s*(?:and|&)\\s+|\\s*\\+\\s*)${WEEKDAY}\\b${SUBJECT_OF_ITS_OWN})+`, 'g');

/** An amount, then in the same sentence "another" or "a further" and a bare number followed by a when or where ("after lunch"), or the sentence's end. */
const ANOTHER_OF_THE_UNIT = /\b(\d+(?:\.\d+)?) ?([a-z]+)\b([^\d.!?;\n]*?\b(?:another|a further) )(\d+(?:\.\d+)?)(?!\.?\d)(?= (?:on|in|at|this|last|yesterday|today|tonight|over|after|before|during)\b|\s*[,.!?;)\n]|\s*$)/g;
/** An amount on a weekday, then "and" (or "n", "&", "+", a comma, a bare space), maybe "like", a bare number and one word: "4 mi tuesday n like 6 satrday" (not a share, "6 % of", nor "6 miles each"). */
const AMOUNT_THEN_BARE_ON_A_DAY = new RegExp(`\\b(\\d+(?:\\.\\d+)?) ?([a-z]+) (${WEEKDAY})(,? (?:and|n|&|\\+|plus) |, ?| )(?:like )?(\\d+(?:\\.\\d+)?) ([a-z]+)\\b(?! ?(?:%|[a-z]+ (?:of|each)\\b))`, 'g');
/**
 * Names the unit of each bare number on a day after an amount ("20 pages mon, 30 wed and 10 fri"): each one is read off the one
 * before, so the search goes on from the number just named (a plain global replace would swallow it and leave the third bare).
 */
function moreOfTheUnitOnDays(text: string): string {
  const pattern = new RegExp(AMOUNT_THEN_BARE_ON_A_DAY.source, 'g');
  let named = text;
  for (let m = pattern.exec(named); m; m = pattern.exec(named)) {
    const [whole, n, unit, day, join, more, later] = m as unknown as [string, string, string, string, string, string, string];
    if (!isKnownUnit(unit) || !isWeekday(later)) {
      pattern.lastIndex = m.index + 1;
      continue;
    }
    const before = `${n} ${unit} ${day}${join}`;
    named = `${named.slice(0, m.index)}${before}${more} ${unit} ${later}${named.slice(m.index + whole.length)}`;
    pattern.lastIndex = m.index + before.length;
  }
  return named;
}
/** An amount, its own when, then "+", "and" or "plus", a bare number and a when of its own: "90 mins last night + 45 this morning". */
const AMOUNT_THEN_BARE_AT_A_TIME = /\b(\d+(?:\.\d+)?) ?([a-z]+)\b( (?:(?:this|last) (?:morning|afternoon|evening|night)|yesterday|today|tonight) (?:\+|and|n|&|plus) )(\d+(?:\.\d+)?)(?= (?:(?:this|last) (?:morning|afternoon|evening|night)|yesterday|today|tonight)\b)/g;
const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** A weekday, short or whole, or a whole one with a slip of the thumb ("satrday", "wensday" is too far). */
const WEEKDAY_WORD = new RegExp(`^${WEEKDAY}$`);
const isWeekday = (word: string) => WEEKDAY_WORD.test(word) || WEEKDAY_NAMES.some((d) => near(word, d));
/** "every morning except sat and sun": the days named after it are the ones left out, not the ones done. */
const LEFT_OUT = '(?:except|but|apart|besides|minus|not|without|skipped|missed)';
/** An amount of time or distance, a few words, then two weekdays or more: "45 min on the bike Tues and Thurs". */
const AMOUNT_ON_WEEKDAYS = new RegExp(`\\b(\\d+(?:\\.\\d+)?) ?(k|km|kms|mi|miles?|min|mins|minutes?|hrs?|hours?) ((?:(?!${WEEKDAY}\\b|${LEFT_OUT}\\b)[a-z']+ ){0,4}?)(?:on )?(${WEEKDAY}(?:(?:\\s*,\\s*|\\s+|\\s*(?:and|&|n)\\s+|\\s*\\+\\s*)${WEEKDAY}\\b)+)(?![^.!?;\\n]*\\b(?:each|total|in all|altogether|combined|between)\\b)`, 'g');
const TOTAL_WORD = /\b(?:total|in all|altogether|combined|between)\b/;

/**
 * "went to a meeting Tuesday and Friday" beside "90 days sober": the days are when one thing, a noun no daily goal names, happened,
 * not days of the goal ("did a walk mon and wed" for "Walk on 20 days" is the goal's).
 */
function anotherThingsDays(before: string, daily: AiGoal[]): boolean {
  const noun = /\b(?:a|an|one|the|my)\s+([a-z]+)\s*$/.exec(before)?.[1];
  return noun !== undefined && !daily.some((g) => titleStems(g).has(stem(noun)));
}

/**
 * "had drinks fri and sat" beside "Alcohol-free days": for goals of not doing something, days listed without a word of not doing
 * ("no drinks", "didn't smoke", "sober") may be the days it was broken; naming the thing ("smoked sat and sun") is no keeping of it.
 */
const unsaidAbstaining = (before: string, daily: AiGoal[]) => {
  // "not gonna lie, I vaped sat and sun": a "not" of another clause keeps nothing; only the clause of the days says it.
  const clause = before.split(/[,:]/).at(-1) ?? '';
  return daily.every((g) => ABSTAINING.test(g.title.toLowerCase())) && !ABSTAINING.test(clause) && !NEGATION.test(clause);
};

/**
 * "hit 8k stps mon tues n fri" for a goal counted in days: the days listed are the days done. A sentence that counts its occasions
 * itself ("mon, wed and fri, 3 days", "3 shifts (mon tue fri)", "a couple of times, Tues and Fri") is read by its number.
 */
export function listedDays(text: string, goals: AiGoal[]): string {
  const unit = dailyUnit(goals);
  if (!unit) return listedOnceADay(text, goals);
  // "ran 5k mon and wed" may be 5k on each or in all: only a number that is a daily goal's own threshold ("hit 8k steps") may stand beside the days.
  const daily = goals.filter((g) => g.unit && familyOf(g.unit) === unit);
  const thresholds = daily.flatMap(titleNumbers);
  // A range ("rest of the days like 5-6k") is a guess about other days, no amount done; a clock time ("wed was 12:40", "up at 5am")
  // is when, no amount either.
  const amountBeside = (sentence: string) => [...withoutClockTimes(sentence.replace(/\d+\s*[a-z]*\s*(?:-|–|to)\s*\d+/g, ' ')).matchAll(/\d+(?:\.\d+)?/g)].some((n) => !thresholds.includes(Number(n[0])));
  return text.replace(/[^.!?;\n]+/g, (sentence) =>
    new RegExp(`\\b\\d+ (?:[a-z]+ )?(?:${OCCASIONS})\\b`).test(sentence) || amountBeside(sentence)
      ? sentence
      : sentence.replace(WEEKDAY_LIST, (list, at: number) => {
          const days = new Set(list.match(new RegExp(WEEKDAY, 'g'))!.map((d) => d.slice(0, 3)));
          return days.size > 1 && !anotherThingsDays(sentence.slice(0, at), daily) && !unsaidAbstaining(sentence.slice(0, at), daily) ? `on ${days.size} ${unit}` : list;
        }),
  );
}

/** "12:40", "11:30pm", "5am", "10 p.m.": times of day, taken out of a sentence whose numbers are weighed as amounts. */
const withoutClockTimes = (sentence: string) => sentence.replace(/\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.?|p\.m\.?)(?![a-z])|\b\d{1,2}:\d{2}\b/g, ' ');

/** Things done at most once a day: a weekday on which one was done counts one (a training session). Not meals (three a day) nor nights (read as days above). */
const ONCE_A_DAY = new Set(['dinners', 'lunches', 'breakfasts', 'sessions']);

/**
 * "cooked at home mon, wed and thu" for "Cook dinner at home 4 nights a week" counted in dinners: with the goal's own verb in the
 * past, the weekdays listed are that many of the things it counts once a day. Only for the one such goal, and only in a sentence
 * with no number of its own (that is read by its number: "cooked 2 dinners mon and tue") and no "not" (days it was not done).
 */
function listedOnceADay(text: string, goals: AiGoal[]): string {
  // "sessions" is a count like any other to the units, so the goal's own word is looked up too.
  const onceADay = goals.filter((g) => trackable(g) && g.unit !== null && [familyOf(g.unit), g.unit.toLowerCase()].some((u) => ONCE_A_DAY.has(u)));
  const goal = onceADay.length === 1 ? onceADay[0]! : undefined;
  if (!goal) return text;
  const didIt = (before: string) => wordsOf(before).some((w) => (/ed$/.test(w) || PAST.has(w)) && named(w, [goal], goals).length > 0);
  return text.replace(/[^.!?;\n]+/g, (sentence) =>
    /\d/.test(sentence) || NEGATION.test(sentence)
      ? sentence
      : weekdaysSpelt(sentence).replace(WEEKDAY_LIST, (list, at: number, spelt: string) => {
          const days = new Set(list.match(new RegExp(WEEKDAY, 'g'))!.map((d) => d.slice(0, 3)));
          return days.size > 1 && didIt(spelt.slice(0, at)) ? `on ${days.size} ${goal.unit!}` : list;
        }),
  );
}

/** "lifted tuesdy thrusday and satuday": a word one typo from a weekday's full name is that weekday. */
const weekdaysSpelt = (sentence: string) => sentence.replace(/\b[a-z]{5,}\b/g, (w) => (WEEKDAY_WORD.test(w) ? w : (WEEKDAY_NAMES.find((d) => near(w, d)) ?? w)));

/** "my sister who ran 5k", "he walked 3": a verb with its own subject is read with it. */
const OWN_SUBJECT = /\b(?:who|i|he|she|we|they|you|it)\s+$/;

/**
 * "protein 5 days this wk stretched only twice": in a run-on without commas or stops, a past tense naming a goal between two
 * numbers starts the later number's clause (the verb comes before what was done), so the number before it is not that goal's.
 * Right after the number's noun it is a participle of that noun ("7 books read in total"), unless the number after it counts
 * the same thing: one verb does not take both ("ate veg 4 days stretched 3 days").
 */
export function verbsStartClauses(text: string, goals: AiGoal[]): string {
  const numeric = goals.filter(trackable);
  const startsClause = (before: string, after: string) => {
    const participleOf = /\d\s*([a-z$]*)\s+$/.exec(before)?.[1];
    const nextUnit = /^[^\d]*?\d+(?:\.\d+)?\s*([a-z$]*)/.exec(after)?.[1];
    return participleOf === undefined || (participleOf !== '' && familyOf(participleOf) === familyOf(nextUnit ?? ''));
  };
  return text.replace(/(?<=\d[^\d.!?;,\n]*\s)([a-z]+)\b(?=[^.!?;,\n]*?\d)/g, (word: string, _: string, at: number) =>
    (/ed$/.test(word) || PAST.has(word)) && !OWN_SUBJECT.test(text.slice(0, at)) && startsClause(text.slice(0, at), text.slice(at)) && named(word, numeric, goals).length > 0 ? `, ${word}` : word,
  );
}

const TICK = /✅|✔️?|☑️/gu;
/** A day-by-day record: three marks or more, a cross among the ticks ("✅✅✅❌✅"); ticks alone could be anything done. */
const TICK_ROW = /(?:(?:✅|✔️?|☑️|❌|✖️?|❎)\s*){3,}/gu;

/** "bed on time mon-fri: ✅✅✅❌✅" for a goal counted in days or nights: one mark a day, so the ticks are the days done. */
export function tickedDays(text: string, goals: AiGoal[]): string {
  const unit = dailyUnit(goals);
  if (!unit) return text;
  return text.replace(TICK_ROW, (row) => {
    const ticks = row.match(TICK)?.length ?? 0;
    const crosses = (row.match(/❌|✖️?|❎/gu) ?? []).length;
    return ticks > 0 && crosses > 0 ? ` ${ticks} ${unit} ` : row;
  });
}

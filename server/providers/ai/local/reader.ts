import type { AiGoal, GoalProgress } from '../types';
import { digitise, withoutEmoji } from './numbers';
import { formatNumber, isCurrency, isDaily, trackable } from './text';
import { conversion, familyOf, isKnownUnit, oneEditApart } from './units';

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

type Mode = 'increment' | 'total' | 'percent' | 'remainder';

interface Mention {
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

// ---------------------------------------------------------------------------------------------
// Words of a goal's title

const STOP = new Set(
  'fund funds account put into a an the of to my per day days daily week weekly month monthly year every each least at by in on for and or with from this that your goal goals get do go be is are more than times time total into out up new most keep stay hit reach make complete finish start one two all no'.split(
    ' ',
  ),
);
const IRREGULAR: Record<string, string> = {
  // "done" is no stem of "donations".
  done: 'done',
  ran: 'run', running: 'run', runs: 'run', jog: 'run', jogged: 'run', jogging: 'run', write: 'write', wrote: 'write', written: 'write', writing: 'write', slept: 'sleep', swam: 'swim', swum: 'swim',
  drank: 'drink', drove: 'driv', rode: 'cycl', ride: 'cycl', riding: 'cycl', hiking: 'hik', hiked: 'hik', hike: 'hik', rowing: 'row', rowed: 'row', swimming: 'swim', swim: 'swim', biked: 'cycl', bike: 'cycl', biking: 'cycl', cycled: 'cycl', cycling: 'cycl',
  meditation: 'medit', meditate: 'medit', meditated: 'medit', meditating: 'medit', meditations: 'medit', mindfulness: 'medit',
  // Lifting is what a strength session at the gym is.
  lift: 'gym', lifts: 'gym', lifted: 'gym', lifting: 'gym', studied: 'studi', study: 'studi', studying: 'studi', revision: 'studi', revise: 'studi', revised: 'studi', revising: 'studi',
  save: 'save', saved: 'save', saving: 'save', savings: 'save', applied: 'appli', apply: 'appli', applying: 'appli', applications: 'appli', application: 'appli',
  read: 'read', reading: 'read', books: 'book', novels: 'novel', walked: 'walk', walking: 'walk', walks: 'walk', steps: 'step', stps: 'step',
  journaled: 'journ', journalled: 'journ', journaling: 'journ', journalling: 'journ', journal: 'journ', entries: 'entry',
  // Words clients use for what a coach's title calls otherwise.
  novel: 'novel', fiction: 'novel', visa: 'card', mastercard: 'card', amex: 'card', card: 'card', cards: 'card',
  podcast: 'liste', podcasts: 'liste', listened: 'liste', talking: 'conve', talked: 'conve', chatting: 'conve', chatted: 'conve',
  pool: 'swim', trip: 'trip', vacation: 'trip', holiday: 'trip', holidays: 'trip', travel: 'trip', voice: 'sing', vocal: 'sing', vocals: 'sing', singing: 'sing', sang: 'sing', sing: 'sing',
  meetup: 'event', meetups: 'event', event: 'event', events: 'event', conference: 'event', gym: 'gym', strength: 'gym', weights: 'gym',
  hydrate: 'water', hydration: 'water', diary: 'journ', coding: 'code', code: 'code', coder: 'code', coded: 'code', programming: 'code', leetcode: 'code',
  sold: 'sell', sells: 'sell', selling: 'sell', called: 'call', calls: 'call', calling: 'call', posted: 'post', posts: 'post', pages: 'page', pgs: 'page', practised: 'pract', practiced: 'pract', practice: 'pract', practise: 'pract', practicing: 'pract',
};

function stem(word: string): string {
  const w = word.toLowerCase().replace(/[^a-z]/g, '');
  if (IRREGULAR[w]) return IRREGULAR[w];
  // "leetcodes": the plural of a word the reader knows stems as the word.
  const singular = w.replace(/s$/, '');
  if (IRREGULAR[singular]) return IRREGULAR[singular];
  let s = w.replace(/(ations?|ings?|ed|es|s|e)$/, '');
  if (s.length < 3) s = w;
  s = s.replace(/([bdgmnprt])\1$/, '$1').replace(/y$/, 'i');
  return s.slice(0, 5);
}

const wordsOf = (text: string): string[] => text.match(/[a-z][a-z'-]*/g) ?? [];

/** The telling words of a goal's title, stemmed; "CV" and "GP" are short but telling. A goal of putting money aside is named by saving it ("200 in savings" for "Build a $3,000 emergency fund"). */
function titleStems(goal: AiGoal): Set<string> {
  const initialisms = (goal.title.match(/\b[A-Z]{2}\b/g) ?? []).map((w) => w.toLowerCase());
  return new Set([...wordsOf(goal.title.toLowerCase()).filter((w) => !STOP.has(w) && w.length > 2).map(stem), ...initialisms, ...(saving(goal) ? ['save'] : [])]);
}

/** A typo (one edit or a swap) between words of five letters or more, or txt-speak's dropped vowel ("watr" for "water"); exact below. */
function near(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 5 && oneEditApart(a, b)) || (a.length >= 4 && droppedVowel(a, b));
}

const droppedVowel = (typed: string, word: string) => typed.length === word.length - 1 && [...word].some((c, i) => /[aeiou]/.test(c) && word.slice(0, i) + word.slice(i + 1) === typed);

/** A word that stems like one of a goal title's words ("rating" for "Reach a 1400 rapid rating"). */
const stemsLikeTitleWord = (word: string, titleWords: Set<string>) => [...titleWords].some((w) => w.length > 2 && stem(w) === stem(word));

function matchesStem(word: string, key: string): boolean {
  const s = stem(word);
  if (s === key) return true;
  // A typo ("medetated", "aplications") is near the title word itself or its stem; a word the reader knows ("application" beside "appointment") is no typo.
  return word.length >= 5 && !IRREGULAR[word.toLowerCase()] && (near(s, key) || near(word.replace(/(ed|ing|s)$/, ''), key));
}

/** "DDIA" for "Read Designing Data-Intensive Applications": the initials of three or more capitalised title words in a row. */
function acronyms(goal: AiGoal): string[] {
  const words = goal.title.split(/[\s-]+/);
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    let initials = '';
    for (let j = i; j < words.length && /^[A-Z]/.test(words[j]!); j++) {
      initials += words[j]![0]!.toLowerCase();
      if (initials.length >= 3) out.push(initials);
    }
  }
  return out;
}

/** Stems of learning: studying and practising are one doing, so "5 hours of studying" may be for "Practice Spanish" as much as for "Study for the CPA exam". */
const LEARNING = ['studi', 'pract', 'learn'];
const learns = (goal: AiGoal) => [...titleStems(goal)].some((s) => LEARNING.includes(s));

/** The goals among `pool` whose own title words (not shared with another goal of the pool) appear in the text. */
function named(text: string, pool: AiGoal[], all: AiGoal[]): AiGoal[] {
  // "CV's finally done": the possessive names the thing.
  const words = wordsOf(text)
    .map((w) => w.replace(/'s$/, ''))
    .filter((w) => !STOP.has(w));
  const singular = (w: string) => w.replace(/s$/, '');
  return pool.filter((g) => {
    const others = all.filter((o) => o.id !== g.id);
    const otherStems = others.flatMap((o) => [...titleStems(o)]);
    // Beside another goal of learning, studying names neither.
    const sharedDoing = (k: string) => LEARNING.includes(k) && others.some(learns);
    const own = [...titleStems(g)].filter((k) => !otherStems.includes(k) && !sharedDoing(k));
    // "rating" for "Reach a 1400 rapid rating" beside "Play 20 rated games": a shared stem, but only one title has the word itself.
    // "shifts" and "shift" are one word, in one title or the other.
    const otherWords = others.flatMap((o) => wordsOf(o.title.toLowerCase()).map(singular));
    const exact = wordsOf(g.title.toLowerCase()).filter((t) => t.length > 3 && !STOP.has(t) && !otherWords.includes(singular(t)) && !sharedDoing(stem(t)));
    // "puzles" for "Solve 200 chess puzzles": a typo of the word itself.
    return words.some((w) => own.some((k) => matchesStem(w, k)) || exact.some((t) => near(w, t)) || acronyms(g).includes(w));
  });
}

// ---------------------------------------------------------------------------------------------
// Numbers in clauses

/** Sentence ends ("incl." is no end), commas, dashes and "and"-like words. */
const CLAUSE_SPLIT = /(?:(?<!\bincl?)\.(?!\d)|[!;\n]|\s[-–—+]\s|,\s*(?:and|but|then|plus|also)?\s*|\s+(?:and|but|plus|also|then|&)\s+)+/;

/** How hard or fast it went ("Tuesday easy 8", "3 brisk"): said of the goal's own activity, never another thing counted. */
const EFFORT = ['easy', 'hard', 'slow', 'steady', 'gentle', 'tempo', 'recovery', 'brisk', 'quick'];

/** Words that may follow a number without being a unit: "did 3 today", "sent 6 more". */
const FOLLOWERS = new Set([
  ...EFFORT,
  ...'down toward towards onto today tonight yesterday this last so in total now more extra done already and but to left remaining of on at for with the my since before after this week so far overall altogether all in total more this morning evening afternoon night straight solid whole full new again too as well lol haha yay woo finally though tho them those these it which that ones away aside back off into cuz coz bc because since as across over throughout about around roughly approx approximately ish'.split(' '),
]);

/** Months as clients write them, whole or cut short. */
const MONTH = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
/** A month right before a number ("Mar 2"). */
const MONTH_BEFORE = new RegExp(`\\b(?:${MONTH})\\.?\\s*$`);

/** "booked 3 more (2, 4 and 6 of December)", "Dec 2, 4 and 6": days of a month in a list are dates, however the list is split into clauses. */
function withoutDateLists(text: string): string {
  const list = '\\d{1,2}(?:\\s*(?:,|and|&)\\s*\\d{1,2})+';
  return text.replace(new RegExp(`\\b${list}\\s+(?:of\\s+)?(${MONTH})\\b`, 'g'), 'dates in $1').replace(new RegExp(`\\b(${MONTH})\\.?\\s+${list}\\b`, 'g'), '$1 dates');
}

/** "around 7 this morning", "at 6 tonight": the words after a time of day. */
const PART_OF_DAY = /^\s*(?:(?:this|in the|last|on) )?(?:morning|evening|afternoon|night|tonight)\b/;

/** A number that is a date, a time of day, an ordinal, a year, a phone number or a version is no progress. */
function notAQuantity(before: string, after: string, raw: string, titleWords: Set<string>): boolean {
  if (/^\s*(?::\d|am\b|pm\b|a\.m|p\.m|o'?clock|st\b|nd\b|rd\b|th\b|-\d|h\d|\s\d{3}\b)/.test(after)) return true;
  if (/^0\d/.test(raw)) return true;
  // "last weigh-in I was down 9": where it stood before, not news.
  if (/\b(?:last|previous) [a-z-]+,? (?:i|it|we) (?:was|were)\b/.test(before)) return true;
  // "a rough 5 days": a stretch of time, not days done.
  if (/\ba (?:[a-z]+ )?$/.test(before) && /^\s*(?:days|weeks|months)\b/.test(after)) return true;
  // "the remaining 3 books are on my shelf": things described, not done.
  if (/\bthe (?:[a-z]+ )?$/.test(before) && /^\s*[a-z]+\s+(?:are|were)\b/.test(after)) return true;
  // "still owe 1800": what is left of a debt, which may be more than the goal's part of it.
  if (/\b(?:owe|owing)\s*$/.test(before)) return true;
  // "my 30 day chip", "a 7-day challenge": the period, singular, names a thing (a token, a plan), no amount done.
  if (/^\s*-?\s*(?:day|week|month|year)\s+(?:chip|coin|medal|badge|token|keytag|challenge|plan|program|programme|course|trial|pass|membership|detox|cleanse)s?\b/.test(after)) return true;
  // "listings still 31", "still 3 to go": where it stood and stands, no amount done (a total, if one, is unchanged).
  if (/\bstill\s*$/.test(before)) return true;
  // "one application got rejected": lost, not done.
  if (/^\s*[a-z]*\s*(?:got|was|were|been) (?:rejected|declined|refused|cancell?ed|returned|bounced|deleted)\b/.test(after)) return true;
  // "race is Dec 14, 18 days out": a countdown to something, not days done.
  if (/^\s*(?:days?|weeks?|months?|sleeps)\s+(?:out|away|until|till)\b(?! of)/.test(after)) return true;
  // "3 more to come in March": a plan.
  if (/^\s*(?:[a-z]+\s+)?(?:more\s+)?to come\b/.test(after)) return true;
  // "1 day at a time": a motto, not a day.
  if (/^\s*(?:day|step)s? at a time\b/.test(after)) return true;
  // "at 7", "by 11": a time of day; "now at 360" is a total, and no clock shows 360.
  // "the count is at 12", "streak is at 12" (a tally or a goal's word) stand; "the recital is at 2", "my session is at 6" (one of them) are when.
  const atSubject = /([a-z]+)\s+is at\s*$/.exec(before)?.[1];
  const oneOccasion = atSubject !== undefined && isKnownUnit(atSubject) && !/s$/.test(atSubject);
  const tallyAt = atSubject !== undefined && (/^(?:it|that|count|total|tally|balance|streak|number|score|counter|progress)$/.test(atSubject) || (!oneOccasion && stemsLikeTitleWord(atSubject, titleWords)));
  if (/\b(at|by|around|until|till|til|before|after|from)\s*$/.test(before) && !/\b(now|i'?m|im|am|sitting|currently|still) at\s*$/.test(before) && !tallyAt && Number(raw) <= 24 && (!/^\s*(%|[a-z$]+)/.test(after) || PART_OF_DAY.test(after))) return true;
  // "4km of it uphill": a part of an amount already said.
  if (/^\s*[a-z$]*\s+of (?:it|that|them|those|which)\b/.test(after)) return true;
  // "twice as many as last week", "3 times more pages than": a ratio, not a count ("did it twice more" is two more times).
  if (/^\s*times\s+(?:as|longer|faster|further|farther)\b|^\s*times\s+(?:more|less)\s+(?:[a-z]+\s+)?than\b/.test(after)) return true;
  // "for a 10k", "did the 32k": an event, not an amount done.
  if (/\bfor (?:a|the|my)\s*$/.test(before) || (/\bthe\s*$/.test(before) && /^k\b/.test(after))) return true;
  // "7 for 7": the second number is the whole the first is out of.
  if (/\b\d+\s+for\s*$/.test(before)) return true;
  // "from 3000", "started the week on 180": where something started, not where it is.
  if (/\bfrom\s*$|\b(?:started|began) (?:the|this) (?:day|week|month|year) (?:on|at)\s*$/.test(before)) return true;
  // "last week only 2", "usually 2": a comparison with another stretch, not this one's progress.
  // The stretch opens the clause: "since last week 37" is this one.
  if (/^(?:and |but |while |whereas )?(?:last (?:week|time|month)|the week before|usually|normally|typically)(?:,? (?:it )?(?:was|were))?,? (?:only |just )?$/.test(before)) return true;
  // "last week was only 2": said of a thing as "was 2" is.
  const said = before.replace(/\s(?:only|just)\s*$/, ' ');
  // "the article was 2000 words": the size of a thing, not progress (a count or total "is at" is read as a total).
  // "that is 7 times" sums up what came before.
  // "the card is 75% paid off" is a share of the goal.
  // "rating is 1352 now" (a goal's word) is where it stands now; "it is 27 days" (ça fait 27 jours) is how long a streak has run.
  const subject = /([a-z]+)\s+is\s*$/.exec(said)?.[1] ?? '';
  const ownWord = stemsLikeTitleWord(subject, titleWords);
  // "ça fait 10 jours que je n'ai pas médité" is a gap.
  const standsNow = (ownWord && /^\s*[a-z]*\s*now\b/.test(after)) || (subject === 'it' && /^\s*(?:days|weeks|nights)\b(?!\s+(?:till|until|to|away|left|before|from)\b)/.test(after) && !/\b(?:not|never|haven'?t|didn'?t)\b/.test(after));
  // "long run sunday was 28k": an outing's length is an amount done ("was 5k short" is not).
  const outing = /\b(?<!(?:last|previous|usual|average|typical|longest|shortest) )(?:run|walk|ride|swim|hike|jog|session|workout)(?:\s+[a-z']+){0,2}\s+was\s*$/.test(said) && !/^\s*[a-z]*\s*(?:short|off|less|more|behind|ahead|slower|faster|over|under)\b/.test(after);
  // "steps were 38,500 across the week": a unit a title counts and a span just done say an amount done ("fasting was 6.1 today" is a reading).
  const wasSubject = /([a-z]+)\s+(?:was|were)\s*$/.exec(said)?.[1] ?? '';
  const doneInSpan = isKnownUnit(wasSubject) && stemsLikeTitleWord(wasSubject, titleWords) && /^\s*[a-z]*\s*(?:(?:across|over|for) the week|this week|today|yesterday)\b/.test(after);
  // "wait no it was 5", "sorry it was 5": a correction of the number just said, not a description.
  const corrected = CORRECTION.test(said) && /^[a-z ,]*\b(?:it|that)(?: was|'s| is)\s*$/.test(said);
  if (/\b(?:was|were|is|are)\s*$/.test(said) && !/\b(?:count|total|tally|balance|number|that|which)\s+(?:was|is)\s*$/.test(said) && !/^\s*%/.test(after) && !standsNow && !outing && !doneInSpan && !corrected) return true;
  // "8k-10k", "5 to 6 km": a range is a guess.
  if (/\d\s*[a-z$]*\s*(?:-|–|to)\s*$/.test(before) || /^\s*[a-z$]*\s*(?:-|–|to)\s*\d/.test(after)) return true;
  // A month ("Mar 2", "march 2"), not a word it begins ("Margaret 2 times", "decided 3", "novel 2").
  if (MONTH_BEFORE.test(before)) return true;
  // "wait no 21", "sorry no, 21": a correction's "no", not "No. 21".
  if (/\b(level|module|unit|phase|round|room|bus|route|version|v|(?<!\b(?:wait|sorry|oops|oh|actually|i mean),? )no\.?|number|phone|call me on|text me on|size|age|aged|platform|gate|floor|exit|seat|apt|apartment|flight|line|track|street|st|ave|avenue|zone|row|table|aisle|lane|ward)\s*#?\s*$/.test(before)) return true;
  // "chapter 3 done", "week 2", "page 70": which one, not how many (a goal counting these reads them as totals elsewhere).
  // "this week 60 new words" is when, not which one; "book 1 more" (📚 1 more) is an amount.
  if (/\b(chapter|ch|episode|part|section|week|day|step|lesson|module|book|session|workout|class|entry|post|page)\s*#?\s*$/.test(before) && !/\b(?:this|last|that|per|each|every) (?:week|day)\s*$/.test(before) && !/^\s*(?:%|more\b|extra\b)/.test(after) && !isKnownUnit(/^\s*([a-z$]+)/.exec(after)?.[1] ?? '')) return true;
  // "ran 10k in 55 minutes": how long something took, not an amount of a minutes goal.
  if (/(?<!\bput )\bin\s*(?:under|just|about|less than)?\s*$/.test(before) && /^\s*(?:m|min|mins|minutes?|hrs?|hours?|secs?|seconds?|h)\b/.test(after)) return true;
  // "2 picked up", "3 were no-shows": the number is the subject of someone else's doing, not an amount the client did.
  // ... unless the word is the goal's own ("12 rated games" for "Play 40 rated chess games", "1 signed" for "Sign 5 new customers").
  const next = /^\s*([a-z]+)/.exec(after)?.[1] ?? '';
  if (!titleWords.has(next) && !stemsLikeTitleWord(next, titleWords) && /^\s*(?:(?!completed|finished|logged|tracked|submitted|walked|applied|saved|posted|added)[a-z]+ed\b(?!\s+(?:out|in|off|away)\b)|were\b|was\b|are\b|is\b|came\b|said\b|went\b|showed\b|got back\b)/.test(after)) return true;
  const value = Number(raw);
  if (value >= 1900 && value <= 2100 && !/^\s*[a-z$]/.test(after)) return true;
  return false;
}

/** "actually strava says 4.2", "wait no, 2050", "sorry, 24", "wait it was 4 not 5": the number that follows replaces the one just said. */
const CORRECTION = /^(?:actually|wait,? no|no wait|(?:oh )?wait,? (?:it|that) (?:was|'s|is)|no,? sorry|sorry,? (?:i mean|i meant|meant|it was|make that)|sorry(?=,?\s*(?:\d|$))|well(?=,?\s*\d+(?:\.\d+)?(?:\s+[a-z]+)?$)|i mean|i meant|correction|scratch that|oops|make that)\b/;

/**
 * "did 23 calls (sorry, 21)", "ran 5k, wait that's wrong, 4", "ran 5k. oh wait, it was 4": a correction word ending a clause
 * corrects with the clause after it; so does a clause that is only "no", "nope" or "wait" ("ran 5k - no, 4").
 */
const CORRECTION_AT_END = /[(\s](?:sorry|oops|wait,? no|no wait|that'?s wrong|that was wrong|my bad)\s*$|^(?:no|nope|(?:oh )?wait)$/;

const UNSURE = /\b(?:not sure|not certain|no idea)\b/g;
const NEGATION = /\b(untouched|no change|unchanged|didn'?t|did not|don'?t|couldn'?t|could not|haven'?t|have not|hasn'?t|wasn'?t|never|not|no|zero|nothing|none|nada|skipped|missed)\b/;
/** Plans and intentions, not things done: "gonna", "about to", "planned 3", "supposed to do 3", "wanted to run 10k", "booked 3 sessions"; "wanted 15 calls" is a want, no deed. */
const FUTURE = /\b(gonna|going to|about to|will|i'?ll|plan to|planning to|planning|planned|plan was|supposed to|meant to|wanted(?: to)?|hoped to|hoping to|hoping for|trying to|try to|tried to|aimed for|aiming for|going for|(?:goal|aim|target|plan) (?:was|is)|booked|scheduled|signed up for|registered for|entered|training for|want to|wanna|hope to|aim to|aiming|tomorrow|next week|next time|tonight i|should|could|might|would|shoulda|coulda|woulda)\b[^.!?]*$/;
/**
 * A hedge anywhere in the clause abstains: the client does not know the number, so neither can we ("maybe", "4 or 5", a question).
 * "about 30", "25 ish", "roughly 2,400 words" are the number as clients count it, and are taken.
 */
/** "8k steps, maybe 9", "5k, maybe more": a guess said right after an amount puts that amount in doubt too. */
const HEDGED_NEXT = /^(?:maybe|perhaps|possibly|or|could be|might be|might have been)\s+(?:[a-z]+\s+)?(?:\d|more\b|less\b)/;
const HEDGE = /\b(maybe|dunno|not sure|or so|give or take|something like|lost count|lost track|didn'?t track|no idea)\b|\b\d+(?:\.\d+)?\s*(?:[a-z]+\s+)?or\s+\d|\?/;
/** "I think", "I reckon": doubt about a count, but how a share is always judged ("about 60% there I reckon" is taken). */
const OPINION = /\b(i think|i guess|i reckon|probably)\b/;
/** "nearly 10k", "over 5 km", "at least 3", "almost ran 10k": not the number said, one way or the other; "~10k" is a guess at it. */
const APPROX = /\b(like|nearly|almost|close to|over|under|at least|more than|less than)\s*$|~\s*$|\b(?:almost|nearly) [a-z]+\s*$/;
/** "did like 3 hrs": "like" right after "did" and before an amount is a filler, not a guess ("it's like 40 mins", "did like 5" still guess). */
const FILLER_LIKE = /\bdid\s+like\s*$/;
const PAYING_OFF = /\b(pay|debt|loan|owe|card)\b/i;
const EARNING = /\b(earn|make|revenue|sales|income|sell|invoice)\b/i;
/** A goal of money put aside (in any currency: "Save 5,000 reais"): neither paying something off nor earning. */
const saving = (g: AiGoal) => (isCurrency(g.unit) || /\bsav(?:e|ings?)\b/i.test(g.title)) && !PAYING_OFF.test(g.title) && !EARNING.test(g.title);
const INCOME = /\b(?:bonus|pay ?check|salary|wages|refund|tax return|got paid|a raise)\b/;
const PUT_ASIDE = /\b(?:sav\w*|into|put|moved|transferred|deposit\w*|stashed)\b/;
/** "sold 3 games for $45": money after "for" in a sale, beside goals that count things, is what they sold for. */
const salePrice = (m: Mention, nearby: AiGoal[]) => isCurrency(m.unit) && /\b(?:sold|sell|selling)\b[^.!?]*\bfor\s*$/.test(m.before) && nearby.length > 0 && nearby.every((g) => !isCurrency(g.unit));
/** "took out 100", "took 100 out for the vet", "dipped into it": money taken back out of what was saved. */
const WITHDRAWAL = /\b(?:withdrew|withdrawn|withdraw|(?:pulled|took|taken|take) (?:\S+ ){0,2}out|dipped into)\b/;
const SPEND = /\b(ate|cost|costs|spent|spend|paid|pay|bill|bills|repair|bought|price|rent|fee|fine|ticket|per month|a month|lost|owe|debt|treated (?:myself|ourselves|me)|splurged)\b|\/\s?mo(nth)?\b/;
const TOTAL_BEFORE = /(?:=|\b(?:so|that is|(?:that|which|this) makes|bringing me to|brings? it to))\s*$|\b(total of|total(?: is)?|(?:i|we) (?:have|have got)|i'?ve got|(?:word |step |page )?count(?: is)?|balance(?: is)?|got (?:up )?to|gotten to|made it to|in total|so far|altogether|overall|now at|now on|i'?m on|up to|am at|am on|i'?m at|im at|sitting at|sitting on|ytd|sits at|stands at|standing at|at|reached|hit|brings? me to|brought me to|puts? me at|makes? it|made it|that'?s|currently|now|count is|counter|says|shows|show|reads|tally|already (?:did|done|finished|completed))[:\s]*$|\b(?:can|could) now [a-z]+(?: [a-z]+)?\s*$/;
/** "97 km total for the challenge" is where the goal stands; "9 km total this week" is this week's share; "6 of the pieces" is how many of the set. */
const TOTAL_AFTER = /^\s*of the\b|^\s*(?:[a-z$-]+\s+){0,4}(?:in total|in all|all told|for the (?:month|year|quarter)|year to date|ytd|total(?!\s+(?:this|last|today|yesterday|across|over|for the (?:week|day)|on|in the))|so far|overall|altogether|now|out of|since (?:we|i) started|since the start)\b/;
/** "water goal hit 5 days this week": the goal, named before, met on this stretch's days, an amount of it, not where it stands. */
const HIT_IN_SPAN = /\bhit\s*$/;
const SPAN_AFTER = /^\s*[a-z]*\s*(?:(?:this|last) (?:week|wk|weekend)|today|yesterday)\b/;
/** "I have now done 14 hours": the perfect with "now" says how much there is, unless a span follows ("… this week"). */
const HAVE_NOW = /\b(?:i|we)(?: have|'ve) now [a-z]+\s*$/;
/** The strong forms of a total: only these may lower a goal's value or take it far past its target. */
const STATED_TOTAL_BEFORE = /\b(?:ytd|(?:i'?m|im|am|is|now|sitting|sits|stands|standing|currently) (?:at|on)|(?:count|tally|balance|total) is(?: at)?|so far|overall|altogether)[:\s]*$/;
/** "1 hour total" may be this week's total: only the goal's own span ("so far", "for the year") is strong. */
const STATED_TOTAL_AFTER = /^\s*(?:[a-z$-]+\s+){0,2}(?:so far|overall|altogether|for the (?:year|month|quarter)|year to date|ytd|since (?:we|i) started)\b/;
/** When something was done: "4 on sunday" is still an amount on its own. */
const WHEN = /^(mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(day)?s?$|^(weekend|morning|evening|afternoon|night|tonight|today|yesterday|week|am|pm)$/;
const PAST = new Set(['ran', 'swam', 'wrote', 'written', 'slept', 'drank', 'read', 'rode', 'drove', 'went', 'spent', 'sold', 'paid', 'lost']);
const WHEN_IN = /\b(mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(day)?s?\b|\b(weekend|morning|evening|afternoon|night|tonight|today|yesterday|week)\b/;
/** Verbs and words of a done amount: in a one-goal check-in, a bare number needs one of these (or to stand alone) to be progress. */
const DOING = /\b(did|done|do|went|made|make|got|get|logged|completed|finished|managed|hit|added|put|sent|moved|transferred|deposited|paid|knocked|clocked|racked|another|more|extra|on top(?! of)|up|at|now|total|so far|reached|today|yesterday|this week|last week)\b/;
const INCREMENT = /\b(another|more|extra|additional|added|add|again|plus)\b|\+\s*$/;
/** "6 more", "20 extra", "a twenty on top": an amount added to what there was. */
const MORE_AFTER = /^\s*(?:[a-z$-]+\s+)?(?:more|extra|again|on top(?! of))\b/;
/** "3 left", "2 more to go", "1 more lesson to go": what is left to the target. */
const REMAINDER = /^\s*(?:more\s+)?(?:[a-z$-]+\s+)?(?:more\s+)?(?:to go|left|remaining|away from|short of)\b(.*)$/;
const RATE = /\b(every|each|evry|per|a) ?(day|morning|night|evening|session)\b|\bdaily\b/;
/** A standing arrangement ("$50 every Friday", "set for $50 a week") is a plan, not progress made. */
const PURCHASE = /\b(ate|cost|costs|spent|spend|bought|buy|price|rent|fee|fine|ticket|repair|treated (?:myself|ourselves|me)|splurged)\b/;
const RECURRING = /\b(every|each) (monday|tuesday|wednesday|thursday|friday|saturday|sunday|week|weekend|month|payday)\b|\b(a|per) (week|month)\b|\bset (up )?for\b|\bscheduled for\b/;
const STREAK = /^\s*days?\s+(?:today|now|straight|in a row|and counting|clean|sober|strong)\b/;
/** "on each of those days", "per session", "on both days": an amount repeated an uncounted number of times. */
const MULTIPLIED_AFTER = /^\s*[a-z$]*\s+(?:[a-z]+\s+){0,3}(?:on each|each|every|per|on both)\b(?! (?:my|the|his|her)\b)/;
/** A clause ending on occasions ("every morning", "6 mornings this week"): the amount said next is each one's. */
const OCCASIONS_ENDING = /(?:\b(?:every|each) (?:day|morning|night|evening)|\bdaily|\b\d+ (?:days|mornings|nights|evenings|times))(?: this week)?\s*$/;
/** "2 easy 6k runs": a count of occasions right before the amount of each. */
const MULTIPLIED_BEFORE = /(?<!\b(?:by|at|before|after|until|till)\s)\b\d+\s+(?:[a-z]+\s+)?$/;
/** "4 workouts, a mix of pool and running": one amount shared between activities. */
const SHARED = /\b(?:mix of|mixed|split between|combined|between the two|across both)\b/;
/** "did that 3 times", "x3": the whole clause's amount happened several times. */
const REPEATED = /\b(?:did|done|do) (?:that|it|this|those) (?:\d+|twice|several|a few|a couple of) times\b|\bx\s?\d\b/;
/** "20 min on 5 days": a per-day amount and the number of days. */
const ON_DAYS = /^\s*[a-z$]*\s+(?:[a-z]+\s+){0,2}(?:on|for) (\d+) (days|mornings|nights|evenings)\b/;
/** Work undone ("had to delete 2"): taken off what was reported. */
const UNDONE = /\b(delete|deleted|scrapped|scrap|threw out|removed|cut|redo|redid|rewrote)\s*(?:like\s+|about\s+)?$/;

function daysIn(text: string): number | null {
  if (/\b(mon ?- ?fri|monday to friday|weekdays|every weekday)\b/.test(text)) return 5;
  if (/\b(all week|every (?:day|morning|evening|night) this week|7 days)\b/.test(text)) return 7;
  // "each morning for the last 4 days": the days it was done on.
  // "18k a day x5": the days the daily amount was done on.
  const m = /\((\d+) days?\)|\b(\d+) days? (?:this|last) week|\b(?:for|over|in) the (?:last|past) (\d+) days\b|\b(?:a|per|each) (?:day|morning|evening|night)\s+(\d+) times\b/.exec(text);
  return m ? Number(m[1] ?? m[2] ?? m[3] ?? m[4]) : null;
}

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
    // "2 on the walk home", "5 in the pool": a place or an occasion the amount was done on, not its unit.
    if (/^(?:on|in|at|during|after|before)$/.test(word) && /^(?:the|a|an|my|our)$/.test(clean(words[i + 1] ?? ''))) break;
    // "2 people said call back": a verb after the noun starts what they did; a unit past it is not this number's ("3 prospects booked demos" is the goal's own verb).
    if (i > 0 && /^(?:[a-z]+ed|said|told|asked|went|came|were|was|are|is)$/.test(word) && !goals.some((g) => titleStems(g).has(stem(word)))) break;
    if (unitWord(word)) return word;
    // "all 25 read", "3 sold": what was done to them, right after the number, is no unit of it ("25 done" reads so too).
    if (i === 0 && /^(?:read|done|sold|sent|written|finished|completed|submitted|posted|watched)$/.test(word)) return '';
    // "2 wrkouts lol steps": a misspelt title word right after the number is its unit; a unit further on belongs to something else
    // ("4 rapid games": an adjective of a title before a goal's unit is not).
    if (i === 0 && !goalUnit(clean(words[1] ?? '')) && goals.some((g) => wordsOf(g.title.toLowerCase()).some((t) => t.length >= 5 && near(word, t)))) return word;
  }
  return clean(words[0] ?? '');
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
function titleNumbers(goal: AiGoal): number[] {
  return [...goal.title.toLowerCase().replace(/(\d),(\d{3})/g, '$1$2').matchAll(/(\d+(?:\.\d+)?)(k\b)?/g)].map((m) => Number(m[1]) * (m[2] ? 1000 : 1));
}

/** The numbers of a clause that may be progress, each with the text that is only its own. */
function mentionsIn(clause: string, goals: AiGoal[]): Mention[] {
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
    // "24k long run on sunday planned": a plan said anywhere after it, before the next number ("ran 10k as planned" was done).
    if (/^[^\d]*?(?<!\bas )\b(?:planned|scheduled)\b/.test(after) && !goals.some((g) => ['planned', 'scheduled'].some((w) => titleStems(g).has(stem(w))))) return;
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
    const known = isKnownUnit(unit) || FOLLOWERS.has(unit) || /ed$/.test(unit) || goals.some((g) => g.unit && unitNear(unit, g.unit));
    const verb = /([a-z]+)\s+(?:(?:only|just)\s+)?$/.exec(before)?.[1] ?? '';
    // "3 coffees", "2 kids": a word no goal counts is no progress, unless it is a goal's title word ("2 schools", "45 reading")
    // or the goal's own verb counts it ("signed 2 cafés" for "Sign 10 new clients").
    if (unit && !known && !goals.some((g) => wordsOf(g.title.toLowerCase()).some((w) => matchesStem(unit, stem(w))) || countedBy(g, verb))) return;
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
      if (isKnownUnit(ofOne) && !/s$/.test(ofOne) && WHOLE.has(familyOf(ofOne))) return;
      // "75% packed" for "Pack 40 boxes": the goal's own verb says what the share is of.
      const ownVerb = named(/^\s*([a-z]+)/.exec(after)?.[1] ?? '', goals, goals).length > 0;
      if (!ownVerb && !/^\s*(?:$|[.!,;:)]|(?:done|there|through|complete|completed|finished|drafted|written|built|of|to|towards|now|in|way|along|ready|so far|paid|saved|covered|cleared)\b)/.test(after)) return;
      mode = 'percent';
    }
    // "all 30 remaining bulbs in": the ones that were left, now done.
    else if (rem && !/\b(?:all|the|those|these|last)\s*$/.test(before)) {
      // "2 more to go before this week's batch is done" is about something else than the goal.
      // "7 more to go for the year" is the goal's own span.
      // "$900 left on the Visa" names the goal it is left on.
      if (/^\s*(before|for|in|on|this|of|till|until)\b/.test(rem[1]!) && !/\b(goal|target)\b|^\s*for the (?:year|month|quarter)\b/.test(rem[1]!) && named(rem[1]!.slice(0, 30), goals, goals).length === 0) return;
      mode = 'remainder';
    } else {
      // "5 of the last 7 days": of the days just past.
      const ratio = /^\s*(?:[a-z$-]+\s+)?(?:of (?:my |the |them |those )?(?:last |past )?|\/\s*|out of )(\d+(?:\.\d+)?)/.exec(after);
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
      else if (TOTAL_BEFORE.test(lead) || TOTAL_AFTER.test(after) || (HAVE_NOW.test(lead) && !/^\s*[a-z$]*\s*(?:this|today|tonight|yesterday|last|on|since)\b/.test(after))) mode = 'total';
    }
    // "hit 10k steps on 3 days" for "Hit 10,000 steps on 20 days": the goal's own threshold, not an amount of it.
    // "ran 3 times" for "Run 5k 3 times a week (36 runs)": occasions the goal counts are an amount of it, not its threshold.
    const threshold = (g: AiGoal) => g.unit && conversion(unit, g.unit) === null && titleNumbers(g).includes(value) && wordsOf(g.title.toLowerCase()).some((w) => familyOf(w) === familyOf(unit));
    if (unit && goals.some(threshold)) return;
    // "$135 total" for what was sold ("sold 9 for $135 total") is this sale, not the goal's total.
    if (mode === 'total' && /\bfor\s*\$?\s*$/.test(before)) mode = 'increment';
    if (mode === 'increment' && RECURRING.test(`${before.slice(-20)} ${after.slice(0, 30)}`)) return;
    // "run 2 times 8 km": occasions times the amount, in the amount's unit.
    const occasions = unit === 'times' ? /^\s*times\s+(\d+(?:\.\d+)?)\s*([a-z$]+)/.exec(after) : null;
    const onDays = ON_DAYS.exec(after);
    // "20 min x3", "20 min meditation 3 times": the amount each time and the times, up to one word apart.
    const times = /^\s*[a-z$]*\s*x\s*(\d+)\b|^\s*[a-z$]*(?:\s+[a-z]+)?\s+(\d+) times\b/.exec(after);
    if (occasions && isKnownUnit(occasions[2]!) && mode === 'increment') {
      const j = found.findIndex((f, k) => k > i && f[1] === occasions[1]);
      if (j > i) consumed.add(j);
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
    out.push({ value, unit, mode, segment, tight, wide, before, after, lead, statedTotal: mode === 'total' && (STATED_TOTAL_BEFORE.test(lead) || STATED_TOTAL_AFTER.test(after)), verb, multiplied });
  });
  return out;
}

/** "book 5", "Day 48", "post #5": the count reached, for a goal counting books, days or posts. */
function ordinalTotals(clause: string, goals: AiGoal[]): { goal: AiGoal; value: number; at: number }[] {
  const out: { goal: AiGoal; value: number; at: number }[] = [];
  // "Pharm: got to page 212" with two goals in pages: the one the clause names.
  const ownerOf = (owners: AiGoal[]) => (owners.length > 1 ? named(clause, owners, goals) : owners);
  for (const m of clause.matchAll(/\b([a-z]+)\s*(#\s*|\b(?:number|nmbr|numbr|num|no\.?|nr)\s+)?(\d+)\b(?!\s*(?:%|more\b|extra\b|[a-z]*\s*(?:to go|left)))/g)) {
    const noun = m[1]!;
    // "packt #3", "scarf nmbr 2": after a number sign or word, a typo of the goal's unit names it too.
    // "finished module 8" for a goal in "modules": the unit's singular, known to the reader or not.
    // "page 212" is where a reader is in one work ("the pharmacology textbook"), not a count of "300 pages of fiction".
    const counts = (g: AiGoal) => g.unit !== null && (noun !== 'page' || /\b(?:the|my|this)\b/i.test(g.title)) && (familyOf(g.unit) === familyOf(noun) || g.unit.toLowerCase() === `${noun}s` || (m[2] !== undefined && unitNear(noun, g.unit)));
    if ((!isKnownUnit(noun) && !m[2] && !goals.some(counts)) || /^(k|x|h|l|m|s)$/.test(noun)) continue;
    // "on book 8 now", "halfway through book 8": the one under way, not the count reached.
    if (/\b(?:on|reading|started|starting|through|into|began|begun)\s+(?:with\s+)?$/.test(clause.slice(0, m.index))) continue;
    if (!m[2] && !/^(day|book|post|session|chapter|lesson|entry|episode|workout|class|module|week|night|page)$/.test(noun)) continue;
    // "book 2 books done" is a count of books, not the second book.
    const next = /^\s*([a-z]+)/.exec(clause.slice(m.index + m[0].length))?.[1];
    if (next && isKnownUnit(next) && familyOf(next) === familyOf(noun)) continue;
    const owner = ownerOf(goals.filter(counts));
    if (owner.length !== 1) continue;
    // "birdhouse number two is glued up", "#2 almost done": a stage of the one under way; a state said of it must be done ("is built", "finished").
    const rest = clause.slice(m.index + m[0].length);
    const state = /^\s*(?:(?:is|'s|are|was)\s+(?:now\s+)?)?((?:[a-z]+ed|built|done|almost|nearly|half|halfway|partly|mostly|still|not|getting|being)\b.*)$/.exec(rest)?.[1];
    const doneState = (said: string) => (DONE.test(said) || /^(?:reached|achieved|hit|unlocked)\b/.test(said) || pastOf(wordsOf(owner[0]!.title.toLowerCase())[0] ?? '').some((p) => said.startsWith(p))) && !NOT_DONE.test(said.slice(0, 20));
    if (state !== undefined && !doneState(state)) continue;
    out.push({ goal: owner[0]!, value: Number(m[3]), at: m.index + m[0].length - m[3]!.length });
  }
  // "pages 23 to 30 done" at 22: read on from where the goal stood, so page 30 is reached (a range from elsewhere is no count).
  for (const m of clause.matchAll(/\b(?:pages?|pgs?|pp)\.?\s*(\d+)\s*(?:-|–|to|through|thru)\s*(\d+)\b/g)) {
    const [from, to] = [Number(m[1]), Number(m[2])];
    const owner = ownerOf(goals.filter((g) => g.unit && familyOf(g.unit) === 'pages' && from >= g.currentValue && from <= g.currentValue + 1 && to > from));
    if (owner.length === 1) out.push({ goal: owner[0]!, value: to, at: m.index + m[0].length - m[2]!.length });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Tasks

const DONE = /\b(passed|arrived|came|received|got it|done|did it|finished|finally did|completed|booked|sent|submitted|signed up|signed(?! for\b)|witnessed|notari[sz]ed|registered|sorted|scheduled|called|handed in|paid|bought|filed|got it done|ticked off|checked off|cancell?ed|renewed|opened|joined|set up|installed|ordered|emailed|fixed|cleared|returned|delivered|uploaded|published|launched|updated|went live|(?:is|are) (?:finally |now )?live)\b|✅|✔️|☑️/;
/** "the goodwill run is saturday": a day it is still to happen on. */
const COMING = /\b(?:is|'s|are) (?:on |this |next )?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/;
/** Still to do or done in part: "not yet", "half done", "took the bike to be fixed" ("the will" is a document, not a future). */
const NOT_DONE = /\b(to be|being|getting|half|partly|partially|mostly|started|halfway|not yet|still not|still haven'?t|haven'?t|have not|hasn'?t|didn'?t|did not|not done|nope|no luck|yet to|(?:still )?on (?:my|the) (?:list|to-?do)|still need|still have to|need to|needs to|gonna|going to|(?<!\b(?:the|a|my|our|his|her|their) )will|tomorrow|next week|almost|nearly|waiting|looking for|trying to|hoping|not(?! (?:looking forward|excited|thrilled|happy|fun|easy|a fan|great|cheap)\b))\b/;
const IRREGULAR_PAST: Record<string, string[]> = { build: ['built'], ask: ['asked', 'talked to', 'talked with', 'spoke to', 'spoke with'], buy: ['bought', 'got'], get: ['got', 'gotten'], send: ['sent'], make: ['made'], write: ['wrote', 'written'], find: ['found'], pay: ['paid'], do: ['did', 'done'], take: ['took'], set: ['set'], put: ['put'],
  string: ['strung'], sell: ['sold'], tell: ['told'], bring: ['brought'], teach: ['taught'], hang: ['hung'], draw: ['drew', 'drawn'], give: ['gave', 'given'], meet: ['met'],
  // "got the strips" picked them up; "got to the pharmacy" did not.
  pick: ['picked', 'collected', 'grabbed', 'got the', 'got my', 'got them', 'got it'], keep: ['kept'], call: ['called', 'rang', 'rung', 'phoned'], throw: ['threw', 'thrown'], win: ['won'], begin: ['began', 'begun'], choose: ['chose', 'chosen'], hold: ['held'], drive: ['drove', 'driven'], lend: ['lent'], spend: ['spent'], fly: ['flew', 'flown'],
  run: ['ran'], swim: ['swam', 'swum'], ride: ['rode', 'ridden'] };

/** Verbs of arranging a date: "the sleep study is set for the 3rd" says it was scheduled. */
const ARRANGING = /^(?:schedule|book|arrange|organi[sz]e)$/;
const STANDS_SET = /\b(?:set|fixed|confirmed|locked in|booked in|pencilled in|penciled in) (?:for|on)\b/;
/** "bloods booked for the 9th": an appointment made for a date is still to happen, unless making it was the task ("Book the dentist"). */
const BOOKED_FOR = /\b(?:booked|scheduled|arranged)(?: in)? (?:for|on)\b/;

function pastOf(verb: string): string[] {
  if (IRREGULAR_PAST[verb]) return IRREGULAR_PAST[verb];
  // "restrung", "rewritten": an irregular verb again.
  const again = /^re(.+)$/.exec(verb)?.[1];
  if (again && IRREGULAR_PAST[again]) return IRREGULAR_PAST[again].map((p) => `re${p}`);
  if (verb.endsWith('e')) return [`${verb}d`];
  if (verb.endsWith('y')) return [`${verb.slice(0, -1)}ied`];
  return [`${verb}ed`, `${verb}${verb.at(-1)}ed`];
}

/** Verbs of putting something up: "the compost bays are up" says it was built. */
const RAISING = /^(?:build|put|set|hang|install|assemble|erect|pitch|mount)$/;
const STANDS_UP = /\b(?:is|are|'s|'re) (?:now |finally |all )?up\b(?!\s*(?:to|by|from|again|\d))/;
/** "the new account is finally open": the state an opening leaves, said of the goal it names. */
const STANDS_OPEN = /\b(?:is|are|'s|'re) (?:now |finally |all )?open\b(?!\s*(?:to|for|until|till|on|at|from)\b)/;

/** "Run 5k without stopping": a task that states an amount is done by that amount ("ran the whole 5k"), not by another in its unit ("ran 3k"). */
function saysTitleAmount(goal: AiGoal, clause: string): boolean {
  const wanted = titleAmounts(goal);
  const said = amountsIn(clause).filter((a) => wanted.some((w) => w.unit === a.unit));
  return said.length === 0 || said.some((a) => wanted.some((w) => w.unit === a.unit && w.n === a.n));
}

/** "Run 5k without stopping": done only when the reply says it was without that too ("without stopping", "no stops"); "ran 5k, walked twice" is not it. */
function keepsCondition(goal: AiGoal, clauses: string[]): boolean {
  const condition = /\bwithout ([a-z]+)/.exec(goal.title.toLowerCase())?.[1];
  if (!condition) return true;
  return clauses.some((c) => [...c.matchAll(/\b(?:without|non-?|no)\s?([a-z]+)/g)].some((m) => stem(m[1]!) === stem(condition)));
}

function taskDone(goal: AiGoal, clauses: string[], all: AiGoal[], onlyGoal: boolean): boolean {
  const verb = wordsOf(goal.title.toLowerCase())[0] ?? '';
  const past = pastOf(verb);
  const saysDone = (clause: string) => {
    // Txt-speak drops the e of a past tense ("passd", "bookd").
    const c = clause.replace(/\b([a-z]{3,}[^aeiou\s'])d\b/g, '$1ed');
    // "I did photograph the series": the emphatic past.
    return (DONE.test(c) || [...past, `did ${verb}`].some((p) => new RegExp(`\\b${p}\\b`).test(c)) || (RAISING.test(verb) && STANDS_UP.test(c)) || (verb === 'open' && STANDS_OPEN.test(c)) || (ARRANGING.test(verb) && STANDS_SET.test(c))) && !NOT_DONE.test(c) && !COMING.test(c) && (ARRANGING.test(verb) || !BOOKED_FOR.test(c));
  };
  // "the wood is bought but not built yet": the goal's own verb, negated, outweighs another verb's done.
  if (clauses.some((c) => [verb, ...past].some((p) => p.length > 2 && new RegExp(`\\b${p}\\b`).test(c)) && NOT_DONE.test(c))) return false;
  if (!keepsCondition(goal, clauses)) return false;
  if (clauses.some((c) => named(c, [goal], all).length > 0 && saysDone(c) && saysTitleAmount(goal, c))) return true;
  // A check-in about this one goal: "Done!" needs no title word.
  return onlyGoal && clauses.some(saysDone) && !clauses.some((c) => NOT_DONE.test(c));
}

// ---------------------------------------------------------------------------------------------
// Attribution

interface Claim {
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
 * "I binged 120 pages", "we knocked 40": the client's own past doing, right before the amount, is what was done this time.
 * Passing a mark ("I passed 120") or counting is where it stands; needing, wanting or missing is nothing done.
 */
const DID_AMOUNT = /\b(?:i|we) (?:just |also )?(?!(?:passed|crossed|reached|topped|surpassed|exceeded|counted|tallied|totall?ed|averaged|needed|wanted|expected|estimated|started|missed|skipped|cancell?ed|planned|owed)\b)[a-z]{3,}ed\s*$/;

/** "Birdhouse done (that's 3!)": one thing finished, and the count it brings a goal to. */
const ONE_MORE_FINISHED = /\b(?:done|finished|completed)\b[^\d]*\b(?:that'?s|that is|which makes|makes|making it)\s*$/;
/** The one goal of finishing whole things that this count is one past ("Finish 6 woodworking projects" at 2, for 3); none when two could be. */
function finishingAt(numeric: AiGoal[], value: number): AiGoal[] {
  const fits = numeric.filter((g) => /^\s*(?:finish|complete)\b/i.test(g.title) && !measured(g) && g.currentValue + 1 === value);
  return fits.length === 1 ? fits : [];
}

const INCLUDED = /\b(?:already )?(?:included|counted in(?: that| it| the total)?)\b/;
/** "41 incl the 20 miler", "including my long run of 20", "with the 20 miler": a part of the amount said before it. */
const INCLUDING = /\b(?:(?:including|incl|inc)\.?(?:\s+(?:the|my|a|that|this|those|these))?|with (?:the|a|my))\s*$/;
/** "1 session last week (told you already)", "the 6 hrs I told you about": a number the coach has had, not news. */
const ALREADY_REPORTED = /\b(?:told you(?: already| before| last time)|already told you|already (?:reported|said|mentioned)|(?:as|like) i said (?:before|last time)|(?:last (?:week|time)|before) i (?:told you|said|reported))\b|\d[^,]*\b(?:that |which )?i (?:told you about|mentioned(?: before| already| last time)?)\s*(?:$|(?:was|were)\b)/;

const OTHERS = /^(?:who|she|he|they|her|his|their|(?:my|our|the) (?:wife|husband|partner|bf|gf|boyfriend|girlfriend|friend|friends|sister|brother|son|daughter|kid|kids|children|mom|mum|dad|parents|team|coworker|colleague|boss|trainer|roommate|flatmate))\b(?! and i\b)/;
const AWAY = /\b(gained|gain|put on|back up|up)\b/;
/** Units of whole things: half a book or 2.5 sessions is no count the coach would record. */
const WHOLE = new Set(['count', 'books', 'applications', 'calls', 'posts', 'emails', 'entries', 'clients', 'leads', 'lessons', 'runs', 'walks', 'days', 'nights', 'drinks', 'meals', 'dinners', 'lunches', 'breakfasts', 'cigarettes']);
/** Words that count occasions of whatever the sentence names ("2 times", "4 nights"); "workouts" names its own activity. */
const GENERIC_OCCASION = /^(?:times?|x|nights?|days?|mornings?|evenings?|occasions?|sessions?|sittings?)$/;
const OCCASION = new Set(['count', 'days', 'nights', 'runs', 'walks', 'lessons', 'entries', 'meals', 'dinners', 'lunches', 'breakfasts']);

/** Units that measure rather than count, and occasions any activity has: no verb makes a noun one of these. */
const MEASURED = new Set(['km', 'mi', 'meters', 'steps', 'minutes', 'hours', 'seconds', 'usd', 'lbs', 'kg', 'pages', 'words', 'litres', 'count', 'days', 'nights']);

/** A goal measured in money, time, distance or occasions, which no counted noun fills. */
const measured = (g: AiGoal) => Boolean(g.unit && (isCurrency(g.unit) || MEASURED.has(familyOf(g.unit))));

/**
 * "1 ride" for "Cycle 300 km", "2 lectures" for "Watch 20 hrs of lectures", "2 jobs" for "$3,000 from handyman jobs": occasions
 * ("rides", "runs", "sessions") and things counted (a plural no unit names) are no amount of a goal measured in money, distance,
 * time or weight ("45 reading", "75 saved" are).
 */
const occasionsOfAmount = (g: AiGoal, noun: string) => measured(g) && !['count', 'days', 'nights'].includes(familyOf(g.unit!)) && (OCCASION_NAME.test(noun) || /[^s]s$/.test(noun));

/** "called 4 boutiques" for "Make 30 calls", "sold 1 thing" for "Sell 15 items": the goal's verb or unit done to N things counts them. */
function countedBy(goal: AiGoal, verb: string): boolean {
  if (!verb || !goal.unit || measured(goal)) return false;
  const first = wordsOf(goal.title.toLowerCase())[0] ?? '';
  return [first, goal.unit.toLowerCase()].some((w) => w.length > 2 && stem(w) === stem(verb));
}

/** The title's numbers with the word after each ("Cook dinner 20 times" → 20 times). */
const amountsIn = (text: string) => [...digitise(text).matchAll(/(\d+(?:\.\d+)?)\+?\s*([a-z]+)/g)].map((m) => ({ n: Number(m[1]), unit: familyOf(m[2]!) }));
const titleAmounts = (goal: AiGoal) => amountsIn(goal.title);

/** "Cook dinner 20 times": the title states its count, its target, in that unit. */
const titleCountsIn = (goal: AiGoal, unit: string) => titleAmounts(goal).some((a) => a.unit === familyOf(unit) && a.n === goal.target);

/** "Get 7+ hours of sleep on 20 days": the unit comes with a number of the title that is not its target. */
const titleThreshold = (goal: AiGoal, unit: string) => titleAmounts(goal).some((a) => a.unit === familyOf(unit) && a.n !== goal.target);

/** A goal of not doing something ("No takeout", "Stay alcohol-free"): "no takeout" is its progress, not a denial of it. */
const ABSTAINING = /\b(no|not|without|free|sober|quit|stop|avoid|clean|skip|cut out|less)\b/;
const isLoss = (g: AiGoal) => /^\s*(lose|drop|shed|cut)\b/i.test(g.title);

/** Whether a goal counts things called this ("section" for "Finish 8 SAT practice sections"). */
const numericGoalCounts = (goals: AiGoal[], noun: string) => goals.some((g) => trackable(g) && g.unit && !measured(g) && (unitNear(noun, g.unit) || synonymOf(noun, g.unit)));
/** "meetup" for a goal counted in events: a word the reader knows as another name of the unit. */
const synonymOf = (noun: string, unit: string) => IRREGULAR[noun] !== undefined && IRREGULAR[noun] === stem(unit);

const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10 };
const ORDINAL_ANY = `(?:${Object.keys(ORDINAL).join('|')}|\\d+(?:st|nd|rd|th))`;
const ORDINAL_WORD = `(${ORDINAL_ANY})`;
/** "first raised bed is built", "finished my 7th book": the count reached; done must be said ("halfway through my 6th book" is not). */
const ORDINAL_DONE = [
  new RegExp(`\\b()${ORDINAL_WORD} ((?:[a-z]+ )??([a-z]+))(?= (?:is |are |was |'s )?(?:done|built|finished|complete|completed)\\b)`, 'g'),
  // "finished the second and third birdhouse": the last of them is the count reached.
  new RegExp(`\\b((?:finished|completed|done with|wrapped up) (?:my |the )?)(?:${ORDINAL_ANY} (?:and|&) )?${ORDINAL_WORD} ((?:[a-z]+ )??([a-z]+))\\b`, 'g'),
];

/** The ordinal as the count reached, "bed #1", read by ordinalTotals, when a goal counts those things. */
function ordinalsDone(text: string, goals: AiGoal[]): string {
  return ORDINAL_DONE.reduce((t, re) => t.replace(re, (m, finished: string, o: string, words: string, noun: string) => (numericGoalCounts(goals, noun) ? `${finished}${words} #${ORDINAL[o] ?? parseInt(o, 10)}` : m)), text);
}

/** The period a title counts in ("5 mornings a week"), which a reply's "this week" must match to be the goal's count. */
const titlePeriod = (goal: AiGoal) => /\b(?:a|per|each|every|this|one) (week|month)\b|\b(week|month)ly\b/i.exec(goal.title)?.slice(1).find(Boolean)?.toLowerCase();

/**
 * "that's my 3rd writing morning this week" for "Write before work 5 mornings a week": the ordinal is the count of the week so far,
 * as "morning #3" (read by ordinalTotals), only when the goal counts those things in that same period.
 */
function ordinalOfPeriod(text: string, goals: AiGoal[]): string {
  return text.replace(new RegExp(`\\b(my|the) ${ORDINAL_WORD} ((?:[a-z]+ ){0,2}?)([a-z]+)(?= this (week|month)\\b)`, 'g'), (m, the: string, o: string, words: string, noun: string, period: string) =>
    goals.some((g) => trackable(g) && g.unit && (OCCASION.has(familyOf(g.unit)) || !measured(g)) && unitNear(noun, g.unit) && titlePeriod(g) === period) ? `${the} ${words}${noun} #${ORDINAL[o] ?? parseInt(o, 10)}` : m,
  );
}

/** Names of occasions ("2 kids, 3 hours each" is no two occasions). */
const OCCASIONS = 'times|shifts|runs|walks|rides|swims|hikes|sessions|workouts|classes|lessons|days|nights|mornings|evenings|trips|visits|calls|meetings|games|matches|rounds|sets|practices|rehearsals';

/** "run", "session", "class": the names of occasions, one or many. */
const OCCASION_NOUN = `(?:${OCCASIONS.split('|')
  .map((w) => w.replace(/(?<=ch|sh|ss)es$|s$/, ''))
  .join('|')})(?:es|s)?`;
const OCCASION_NAME = new RegExp(`^${OCCASION_NOUN}$`);

/** "1 run", "1 session": one occasion, which says how often and not how much (the amount said next is its own). */
const ONE_OCCASION = new RegExp(`\\b1 (?:[a-z]+ )?${OCCASION_NOUN}\\b`, 'g');

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

/**
 * "meal prep sunday ✅", "meal prep done sunday" for "Meal prep on 8 Sundays": the one weekday a goal counts, ticked or done
 * right after the goal's own words, is one of them ("gym sunday ✅" says when the gym was).
 */
function weekdayDone(text: string, goals: AiGoal[]): string {
  return goals
    .filter((g) => g.unit && new RegExp(`^${WEEKDAY}s$`, 'i').test(g.unit))
    .reduce((t, g) => {
      const unit = g.unit!.toLowerCase();
      const day = unit.slice(0, -1);
      const namedBefore = (at: number) => named(t.slice(0, at).split(/[.!?;,\n]|\p{Extended_Pictographic}/u).at(-1) ?? '', [g], goals).length > 0;
      return t.replace(new RegExp(`\\b${day}(?=\\s*(?:✅|✔️?|☑️))|(?<=\\bdone (?:on |this |last )?)${day}\\b`, 'gu'), (m: string, at: number) => (namedBefore(at) ? `1 ${unit}` : m));
    }, text);
}

/** How clients say counts of things, as the reader reads them. */
function countWordings(text: string, goals: AiGoal[]): string {
  return (
    ordinalOfPeriod(ordinalsDone(oneThingDone(weekdayDone(text, goals), goals), goals), goals)
      // "veg every day (7)": every day of the week, counted.
      .replace(/\b(?:every|each|a) (day|night|morning|evening) \(([1-7])\)/g, '$2 $1s this week')
      // "15 min each morning, 5 mornings": the amount each morning, on that many mornings.
      .replace(/\b(every|each) (day|morning|evening|night),? (?=\d+ (?:days|mornings|evenings|nights)\b)/g, '$1 $2 on ')
      // "journaled every day this week": seven of them, when the sentence gives no number of its own ("so 7 more days").
      // "failed every night this week" is seven nights the habit was broken, not kept.
      .replace(/\b(?!(?:failed|missed|skipped|slipped|relapsed|cheated|caved|struggled)\b)([a-z]+ed) (?:every|each) (day|night|morning|evening) this week\b(?![^.!?\n]*\d)/g, '$1 7 $2s this week')
      // "2 shifts, 4 hours each" is the occasions and the amount of each.
      .replace(new RegExp(`\\b(\\d+) (${OCCASIONS}),? (\\d+(?:\\.\\d+)?) ?([a-z$]+) each\\b(?! (?:way|side|leg|direction))`, 'g'), occasionsEach)
      // "2 lectures, 45 mins each" for "Watch 20 hrs of lectures": things the title names, each of that amount.
      .replace(/\b(\d+) ([a-z]+s),? (\d+(?:\.\d+)?) ?([a-z$]+) each\b(?! (?:way|side|leg|direction))/g, (m, n: string, noun: string, amount: string, unit: string) =>
        goals.some((g) => wordsOf(g.title.toLowerCase()).includes(noun)) ? occasionsEach(m, n, noun, amount, unit) : m,
      )
      // "3 sets of 20 pushups": 20 pushups three times.
      .replace(/\b(\d+) (?:sets|rounds) of (\d+) ([a-z]+)/g, '$2 $3 $1 times')
      // "one meetup on thursday": the noun right after it first, before words further on.
      .replace(/\bone ([a-z]+)\b/g, (m, noun: string) => (numericGoalCounts(goals, noun) ? `1 ${noun}` : m))
      // "did one SAT math section": one of the things a goal counts, a word or two between.
      .replace(/\bone ((?:(?!of\b)[a-z]+ ){0,2})([a-z]+)\b/g, (m, words: string, noun: string) => (numericGoalCounts(goals, noun) ? `1 ${words}${noun}` : m))
      // "went to a meeting", "did a session": one of the things a goal counts, done ("had a meeting" may be any meeting).
      .replace(/\b(went to|attended|did|finished|completed|wrote|posted|sent|made|logged|taught|gave|hosted|led) an? ([a-z]+)\b/g, (m, verb: string, noun: string) => (numericGoalCounts(goals, noun) ? `${verb} 1 ${noun}` : m))
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
      // "4 mi tuesday n like 6 satrday": a bare number after "and" with its own weekday is more of the unit just said ("like" there is the filler "did like" is).
      .replace(AMOUNT_THEN_BARE_ON_A_DAY, (m, n: string, unit: string, day: string, more: string, later: string) =>
        isKnownUnit(unit) && !OCCASION.has(familyOf(unit)) && isWeekday(later) ? `${n} ${unit} ${day} and ${more} ${unit} ${later}` : m,
      )
      // "45 min on the bike Tues and Thurs", "4 km each time Mon Wed and Fri": an amount said once for days listed after it is done on each of them (a total is said so: "10k total mon and wed").
      .replace(AMOUNT_ON_WEEKDAYS, (m, amount: string, unit: string, words: string, days: string) => {
        const count = new Set(days.match(new RegExp(WEEKDAY, 'g'))!.map((d) => d.slice(0, 3))).size;
        return count > 1 && !TOTAL_WORD.test(m) ? `${words.replace(/\beach(?: time)? /, '')}${count} times ${amount} ${unit}` : m;
      })
      // "2 easy 8k runs", "two 20-minute meditations": the occasions, each of that amount.
      .replace(/(?<!\b(?:the|those|these) )\b(\d+) (?:([a-z]+) )?(\d+(?:\.\d+)?)[ -]?(k|km|kms|mi|miles?|min|mins|minutes?) (runs|walks|rides|swims|hikes|jogs|sessions|workouts|meditations|classes)\b/g, (_, n: string, adjective: string | undefined, amount: string, unit: string, noun: string) => `${adjective ?? ''} ${noun} ${n} times ${amount} ${unit}`)
  );
}

/**
 * "3 shifts this wk, hit the water thing on 2 of them": the occasions came first in the goal's unit, without its name; the goal,
 * named, was done "on" some of them, which replace them. The goal's earlier claims, when all are such occasions, else none.
 */
function occasionsBefore(goal: AiGoal, claims: Claim[], clauses: string[], index: number, goals: AiGoal[]): Claim[] {
  const mine = claims.filter((c) => c.goal.id === goal.id);
  const unnamed = (c: Claim) => c.mode === 'increment' && c.clause !== undefined && c.clause < index && named(clauses[c.clause]!, [goal], goals).length === 0;
  return mine.every(unnamed) ? mine : [];
}

/** "all of it went straight to the loan", "put it all into savings": the whole amount just read, moved on to another goal. */
const ALL_OF_IT = /\b(?:all of (?:it|that)|it all|the whole (?:lot|amount|thing)|every (?:penny|cent))\b/;
const MOVED = /\b(?:went|goes|go|put|paid|moved|transferred|sent)\b.*\b(?:to|into|toward|towards|on|off)\b/;

/** "tutored 4 kids = $180, and all of it went to the loan": the money the clause before earned also pays the goal this one names. */
function passedOnTo(clause: string, index: number, last: { goal: AiGoal; clause: number } | undefined, claims: Claim[], numeric: AiGoal[], goals: AiGoal[]): Claim | undefined {
  if (!last || last.clause !== index - 1 || /\d/.test(clause) || NEGATION.test(clause) || !ALL_OF_IT.test(clause) || !MOVED.test(clause)) return undefined;
  const to = named(clause, numeric, goals);
  const from = claims.findLast((c) => c.goal.id === last.goal.id);
  if (to.length !== 1 || to[0]!.id === last.goal.id || !from || (from.mode !== 'increment' && !(from.partTotal && from.value < from.goal.currentValue)) || !isCurrency(to[0]!.unit) || !isCurrency(last.goal.unit)) return undefined;
  return { goal: to[0]!, mode: 'increment', value: from.value, clause: index };
}

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

/** The one of days or nights the goals count in, if only one is ("bed ✅❌" beside a goal in days and one in nights says neither). */
function dailyUnit(goals: AiGoal[]): string | undefined {
  const units = new Set(goals.filter((g) => trackable(g) && g.unit).map((g) => familyOf(g.unit!)).filter((u) => ['days', 'nights'].includes(u)));
  return units.size === 1 ? [...units][0] : undefined;
}

const WEEKDAY = '(?:mon|tue|tues|wed|wednes|thu|thur|thurs|fri|sat|satur|sun)(?:day)?';
/** "mon tues and fri", "Monday, Wednesday & Friday": two weekdays or more in a list. */
const WEEKDAY_LIST = new RegExp(`\\b(?:on )?${WEEKDAY}(?:(?:\\s*,\\s*|\\s+|\\s*(?:and|&)\\s+)${WEEKDAY}\\b)+`, 'g');

/** An amount, then in the same sentence "another" or "a further" and a bare number followed by a when or where ("after lunch"), or the sentence's end. */
const ANOTHER_OF_THE_UNIT = /\b(\d+(?:\.\d+)?) ?([a-z]+)\b([^\d.!?;\n]*?\b(?:another|a further) )(\d+(?:\.\d+)?)(?!\.?\d)(?= (?:on|in|at|this|last|yesterday|today|tonight|over|after|before|during)\b|\s*[,.!?;)\n]|\s*$)/g;
/** An amount on a weekday, then "and" (or "n", "&"), maybe "like", a bare number and one word: "4 mi tuesday n like 6 satrday" (not a share, "6 % of", nor "6 miles each"). */
const AMOUNT_THEN_BARE_ON_A_DAY = new RegExp(`\\b(\\d+(?:\\.\\d+)?) ?([a-z]+) (${WEEKDAY}) (?:and|n|&) (?:like )?(\\d+(?:\\.\\d+)?) ([a-z]+)\\b(?! ?(?:%|[a-z]+ (?:of|each)\\b))`, 'g');
const WEEKDAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** A weekday, short or whole, or a whole one with a slip of the thumb ("satrday", "wensday" is too far). */
const isWeekday = (word: string) => new RegExp(`^${WEEKDAY}$`).test(word) || WEEKDAY_NAMES.some((d) => near(word, d));
/** An amount of time or distance, a few words, then two weekdays or more: "45 min on the bike Tues and Thurs". */
const AMOUNT_ON_WEEKDAYS = new RegExp(`\\b(\\d+(?:\\.\\d+)?) ?(k|km|kms|mi|miles?|min|mins|minutes?|hrs?|hours?) ((?:(?!${WEEKDAY}\\b)[a-z']+ ){0,4}?)(?:on )?(${WEEKDAY}(?:(?:\\s*,\\s*|\\s+|\\s*(?:and|&|n)\\s+)${WEEKDAY}\\b)+)(?![^.!?;\\n]*\\b(?:each|total|in all|altogether|combined|between)\\b)`, 'g');
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
 * "hit 8k stps mon tues n fri" for a goal counted in days: the days listed are the days done. A sentence that counts its occasions
 * itself ("mon, wed and fri, 3 days", "3 shifts (mon tue fri)", "a couple of times, Tues and Fri") is read by its number.
 */
function listedDays(text: string, goals: AiGoal[]): string {
  const unit = dailyUnit(goals);
  if (!unit) return text;
  // "ran 5k mon and wed" may be 5k on each or in all: only a number that is a daily goal's own threshold ("hit 8k steps") may stand beside the days.
  const daily = goals.filter((g) => g.unit && familyOf(g.unit) === unit);
  const thresholds = daily.flatMap(titleNumbers);
  // A range ("rest of the days like 5-6k") is a guess about other days, no amount done.
  const amountBeside = (sentence: string) => [...sentence.replace(/\d+\s*[a-z]*\s*(?:-|–|to)\s*\d+/g, ' ').matchAll(/\d+(?:\.\d+)?/g)].some((n) => !thresholds.includes(Number(n[0])));
  return text.replace(/[^.!?;\n]+/g, (sentence) =>
    new RegExp(`\\b\\d+ (?:[a-z]+ )?(?:${OCCASIONS})\\b`).test(sentence) || amountBeside(sentence)
      ? sentence
      : sentence.replace(WEEKDAY_LIST, (list, at: number) => {
          const days = new Set(list.match(new RegExp(WEEKDAY, 'g'))!.map((d) => d.slice(0, 3)));
          return days.size > 1 && !anotherThingsDays(sentence.slice(0, at), daily) ? `on ${days.size} ${unit}` : list;
        }),
  );
}

/** "my sister who ran 5k", "he walked 3": a verb with its own subject is read with it. */
const OWN_SUBJECT = /\b(?:who|i|he|she|we|they|you|it)\s+$/;

/**
 * "protein 5 days this wk stretched only twice": in a run-on without commas or stops, a past tense naming a goal between two
 * numbers starts the later number's clause (the verb comes before what was done), so the number before it is not that goal's.
 * Right after the number's noun it is a participle of that noun ("7 books read in total"), unless the number after it counts
 * the same thing: one verb does not take both ("ate veg 4 days stretched 3 days").
 */
function verbsStartClauses(text: string, goals: AiGoal[]): string {
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
function tickedDays(text: string, goals: AiGoal[]): string {
  const unit = dailyUnit(goals);
  if (!unit) return text;
  return text.replace(TICK_ROW, (row) => {
    const ticks = row.match(TICK)?.length ?? 0;
    const crosses = (row.match(/❌|✖️?|❎/gu) ?? []).length;
    return ticks > 0 && crosses > 0 ? ` ${ticks} ${unit} ` : row;
  });
}

export function readReply(reply: string, goals: AiGoal[], isGlobal: boolean): Reading {
  // A question mark stays with its clause (a question or an unsure number abstains there) and ends it.
  // A check mark ends what it ticks off; any other emoji between words ends its sentence ("won 7 😎 phone thing was fine").
  const text = countWordings(
    listedDays(withoutDateLists(digitise(tickedDays(reply, goals))), goals)
      .replace(/\?+/g, '?;')
      .replace(/(?<=[a-z]\s*)(✅|✔️?|☑️)(?=\s*[a-z])/gu, '$1;')
      .replace(/(?<=[a-z\d]\s*)(\p{Extended_Pictographic}[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}\u{200D}]*)(?=\s+[a-z])/gu, '$1;'),
    goals,
  );
  // Someone else's doing ("my sister who ran 5k", "he did 3") is not the client's progress.
  const clauses = verbsStartClauses(text, goals)
    .split(CLAUSE_SPLIT)
    .flatMap((c) => c.split(/\s+(?=who\b)/))
    .map((c) => c.trim())
    .filter((c) => c && !OTHERS.test(c) && !ALREADY_REPORTED.test(c));
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

  /** The clause that said the next number corrects the last one (it may stand alone: "wait no, 2050"). */
  let correcting = -1;
  for (const [index, clause] of clauses.entries()) {
    // "5k! wait, and 3k on monday": a "wait" that goes on with "and" adds, it does not correct.
    const waitAndMore = /^(?:oh )?wait$/.test(clauses[index - 1] ?? '') && /\b(?:and|also|plus)\b/.test(joins[index - 1] ?? '');
    if (CORRECTION.test(clause) || (CORRECTION_AT_END.test(clauses[index - 1] ?? '') && !waitAndMore)) correcting = index;
    const corrects = (correcting === index || correcting === index - 1) && last !== undefined && index - last.clause <= 2 ? last : undefined;
    // "pulled out 100, put in 300": what is left in the account is not said, so no amount of the reply is the saving.
    if (WITHDRAWAL.test(clause) && /\d/.test(clause)) for (const g of numeric.filter(saving)) doubted.add(g.id);
    const ordinals = ordinalTotals(clause, numeric);
    for (const o of ordinals) claims.push({ goal: o.goal, mode: 'total', value: o.value });
    const mentions = mentionsIn(clause, numeric).filter((m) => !ordinals.some((o) => o.at === m.before.length));
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
      const plan = FUTURE.exec(m.before.slice(-30));
      if ((plan && !numeric.some((g) => titleStems(g).has(stem(plan[1]!)))) || HEDGE.test(clause) || HEDGED_NEXT.test(clauses[index + 1] ?? '') || (m.mode !== 'percent' && ((APPROX.test(m.before) && !(FILLER_LIKE.test(m.before) && isKnownUnit(m.unit))) || OPINION.test(clause)))) continue;
      // "2 wrkouts ... steps meh": a counted noun that is neither a goal's unit nor a word of its title says the number is not that goal's.
      const counted = m.unit && !FOLLOWERS.has(m.unit) && !isKnownUnit(m.unit) ? m.unit : null;
      const countsIt = (g: AiGoal) => !counted || countedBy(g, m.verb) || (g.unit !== null && (unitNear(counted, g.unit) || near(counted, g.unit.toLowerCase()))) || (!occasionsOfAmount(g, counted) && wordsOf(g.title.toLowerCase()).some((w) => matchesStem(counted, stem(w)) || near(counted, w)));
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
      if (m.unit && isKnownUnit(m.unit) && candidates.length === 0 && !FOLLOWERS.has(m.unit)) continue;
      if (candidates.length === 0) {
        candidates = nearby.length > 0 ? nearby.filter(countsIt) : (!isGlobal || numeric.length === 1) && progressStatement(m, clause) ? numeric : [];
        // "3 hrs revision yesterday and 2 today": a bare number alone in the next clause goes on with the one before.
        // A correction ("oops 3", "actually 3") goes on with it whatever its other words.
        // "23 calls, 2 were voicemails so 21": a sum right after the goal's amount is of that goal.
        const sums = last?.clause === index - 1 && /(?:=|\b(?:so|that'?s|that is|which makes))\s*$/.test(m.lead);
        // "walked 3 km to work and 2 on the way home": where it was done ("on the way home", "in the park") names nothing else.
        const goingOn = (!m.unit || FOLLOWERS.has(m.unit)) && (corrects !== undefined || (last?.clause === index - 1 && (!progressNoun(clause.replace(PLACE, ' ')) || sums)));
        if (candidates.length === 0 && goingOn) {
          candidates = [last!.goal];
          inheritedFactor = last!.factor;
        }
        // "Japan fund was 620 last week, it's 700 now": "it" is the one goal the clause before named.
        const referent = /^(?:and |so |now )?it(?:'s| is|s)(?: now| at| up to)?\s*$/.test(m.before) ? named(clauses[index - 1] ?? '', numeric, goals) : [];
        if (candidates.length === 0 && (!m.unit || FOLLOWERS.has(m.unit)) && referent.length === 1) candidates = referent;
        if (candidates.length === 0 && !m.unit && m.mode === 'total' && ONE_MORE_FINISHED.test(`${index > 0 && !sentenceEnds[index - 1] ? clauses[index - 1] : ''} ${m.before}`)) candidates = finishingAt(numeric, m.value);
        if (candidates.length === 0 && numeric.length > 1) {
          // "saved 300, at 1500 now": a bare number may only confirm a total read elsewhere in the reply (checked below).
          if (!m.unit || FOLLOWERS.has(m.unit)) confirmations.push({ value: m.value, note: unattributed.length });
          unattributed.push(`${formatNumber(m.value)}${m.mode === 'percent' ? '%' : m.unit && !FOLLOWERS.has(m.unit) ? ` ${m.unit}` : ''} mentioned but it is not clear for which goal; not recorded.`);
          continue;
        }
      }
      // "swam half an hour on Monday and an hour and a half on Saturday": a clause with only an amount and a when goes on with the goal before it.
      const carriedOn = candidates.length > 1 && last?.clause === index - 1 && candidates.includes(last.goal) && !progressNoun(clause.replace(new RegExp(`(?<![a-z])${m.unit}\\b|\\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\\b`, 'g'), ' '));
      if (carriedOn) candidates = [last!.goal];
      if (candidates.length > 1) {
        // A candidate's own unit word ("books" in "Read 6 non-fiction books", also the unit of "Read 10
        // novels") tells no two book goals apart; a synonym only one title uses ("novel") does.
        const singular = (w: string) => w.toLowerCase().replace(/s$/, '');
        const unitFree = (t: string) => wordsOf(t).filter((w) => !candidates.some((c) => c.unit && singular(c.unit) === singular(w))).join(' ');
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
        if (narrowed.length === 1) candidates = narrowed;
      }
      // "sold 3 old games on ebay for $45" beside a saving: the price of the things counted, money earned, which is no saving until put aside.
      if (candidates.length === 1 && salePrice(m, nearby) && saving(candidates[0]!)) {
        if (PUT_ASIDE.test(`${m.after} ${clauses[index + 1] ?? ''}`)) doubted.add(candidates[0]!.id);
        continue;
      }
      // The unit says one goal, the activity word another ("walked 5 days" with a goal counted in days): no evidence agrees.
      if (candidates.length === 1 && !carriedOn && m.unit && nearby.length > 0 && !nearby.includes(candidates[0]!)) {
        for (const g of [candidates[0]!, ...nearby]) doubted.add(g.id);
        unattributed.push(`${formatNumber(m.value)} ${m.unit} mentioned but it is not clear for which goal; not recorded.`);
        continue;
      }
      // "worked 4 shifts" beside "Sleep 7+ hours after night shifts" and "Drink 8 glasses of water on every shift" (in shifts): the unit is in both titles, so it tells neither.
      if (candidates.length === 1 && !carriedOn && nearby.length === 0 && unitInOtherTitle(m.unit, candidates[0]!, numeric)) {
        unattributed.push(`${formatNumber(m.value)} ${m.unit} mentioned but it is not clear for which goal; not recorded.`);
        continue;
      }
      if (candidates.length !== 1) {
        if (candidates.length === 0 && numeric.length === 1 && isCurrency(numeric[0]!.unit) && (!m.unit || FOLLOWERS.has(m.unit)) && m.mode === 'increment') doubted.add(numeric[0]!.id);
        if (candidates.length > 1) unattributed.push(`${formatNumber(m.value)}${m.unit ? ` ${m.unit}` : ''} mentioned but it could be for ${candidates.map((c) => `"${c.title}"`).join(' or ')}; not recorded.`);
        continue;
      }
      const goal = candidates[0]!;
      // "finished 2 more 📚" with goals of books and of audiobooks: an emoji does not tell two such goals apart; words must.
      const sibling = numeric.find((o) => confusable(o, goal));
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
      if (otherActivity(m, goal)) continue;
      // "1 hour of yoga and meditation": a short clause right after names another goal the unit fits, so the amount is shared.
      const next = clauses[index + 1];
      const fits = (g: AiGoal) => g.id !== goal.id && g.unit !== null && (isKnownUnit(m.unit) ? conversion(m.unit, g.unit) !== null : familyOf(g.unit) === familyOf(goal.unit ?? ''));
      // "tutoring was slow" says something of its own about the other goal: a sentence, not a share; so is one after a sentence end ("3 more days of water 💪 veg... 😬").
      if (next && !sentenceEnds[index] && !/\d/.test(next) && !NEGATION.test(next) && !/\b(?:was|were|is|are)\b/.test(next) && wordsOf(next).length <= 3 && named(next, numeric, goals).some(fits)) {
        doubted.add(goal.id);
        unattributed.push(`${formatNumber(m.value)}${isKnownUnit(m.unit) ? ` ${m.unit}` : ''} mentioned for more than one goal; not recorded.`);
        continue;
      }
      // A price or a bill is no saving ("needed tires ($380)": an amount in brackets after a thing is its price);
      // a goal of paying something off takes payments, never a purchase.
      if (isCurrency(goal.unit)) {
        const payingOff = PAYING_OFF.test(goal.title);
        // "180 bucks for a fence repair" is what a handyman earns.
        const earning = EARNING.test(goal.title);
        // "card balance is 1500 now": what is still owed, not what was paid.
        if (payingOff && /\bbalance\b/.test(m.lead)) continue;
        // "got a $500 bonus": money received is no saving until the reply says it was put aside.
        if (saving(goal) && INCOME.test(m.wide) && !PUT_ASIDE.test(`${clause} ${clauses[index + 1] ?? ''}`)) continue;
        const price = SPEND.test(m.wide) || /\(\s*$/.test(m.before) || /^\s*(?:\$|usd|dollars?|bucks)?\s*on\b(?! top\b)/.test(m.after);
        // A purchase said after the payment ("300 to the loan, rent was due") is another sentence's.
        if (payingOff || earning ? PURCHASE.test(m.segment) && !(earning && /\brepair/.test(m.segment) && !/\b(spent|spend|bought|cost|paid)\b/.test(m.segment)) : price) continue;
      }
      // A body-weight reading ("scale says 171") is no amount lost; two of them, start and now, are.
      if (isLoss(goal) && m.value > goal.target! * 2) {
        readings.push({ goal, value: m.value, start: /\b(start(ed)?|began|from|was)\b[^\d]*$/.test(m.before.slice(-25)) });
        continue;
      }
      const factor = inheritedFactor ?? (m.unit && goal.unit ? (conversion(m.unit, goal.unit) ?? 1) : 1);
      // "all 30 remaining bulbs in": the rest, done now, is an amount.
      const explicitIncrement = INCREMENT.test(m.lead) || MORE_AFTER.test(m.after) || (m.mode === 'increment' && /^\s*remaining\b/.test(m.after));
      // "5 km" with nothing saying done when or how: as much an amount as where the goal stands (4 of 12 → 5?). Two readings, no value.
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
      const streak = !explicitIncrement && inDays && (STREAK.test(m.after) || itsBeen || since);
      // "28 km this month" for a goal of this month: the goal's own span, so where it stands, not an addition.
      const span = /\b(?:this|for the) (month|year|quarter)\b/.exec(m.after.slice(0, 30));
      const ownSpan = m.mode === 'increment' && span !== null && !explicitIncrement && new RegExp(`\\b${span[1]}\\b`).test(goal.title.toLowerCase());
      // "6 days out of 7": this week's share.
      const ofAWeek = /^\s*[a-z]*\s*(?:out of|of(?: the)?(?: last| past)?|\/)\s*7\b/.test(m.after);
      if (m.mode === 'increment' && corrects?.goal.id !== goal.id && !streakAt && !streak && !ownSpan && !ofAWeek && !explicitIncrement && !didIt && !DOING.test(clause) && !WHEN_IN.test(clause) && !saysWhen(clauses[index + 1]) && goal.currentValue > 0 && m.value > goal.currentValue && m.value <= goal.target! && !isDaily(goal)) {
        doubted.add(goal.id);
        unattributed.push(`${formatNumber(m.value)}${isKnownUnit(m.unit) ? ` ${m.unit}` : ''} could be an amount or the total for "${goal.title}"; not recorded.`);
        continue;
      }
      const mode = streak || streakAt || ownSpan ? 'total' : m.mode;
      const partTotal = mode === 'total' && !m.statedTotal && !streak && (/(?:=|\b(?:so|that'?s|that is|which makes))\s*$/.test(m.lead) || /^\s*(?:[a-z$-]+\s+){0,4}total\b/.test(m.after));
      const claim = { goal, mode, value: m.value * (mode === 'percent' ? 1 : factor), statedTotal: m.statedTotal || streak, lowers: (m.statedTotal && STATED_TOTAL_BEFORE.test(m.lead)) || streak, explicitIncrement, partTotal, clause: index };
      // "off 4 days, so slept well all 4 nights", "4 shifts … water on all 4": the same amount said again is said once.
      const backReference = /\b(?:all|those|these|both|each of the|every one of the)\s*$/.test(m.before);
      if (!explicitIncrement && claims.some((c) => c.goal.id === goal.id && c.value === claim.value && c.mode === mode && (backReference || c.clause === index))) continue;
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
  for (const g of numeric.filter(isLoss)) {
    const mine = readings.filter((r) => r.goal.id === g.id);
    const start = mine.find((r) => r.start);
    const now = mine.find((r) => !r.start);
    if (start && now && start.value > now.value) claims.push({ goal: g, mode: 'total', value: start.value - now.value });
  }
  // "Hit my goal!", "target reached": the target, for the goal the reply is about.
  const reachedGoal = clauses.filter((c) => /\b(hit|reached|smashed|crushed|achieved|made|met) (my|the) (goal|target)\b|\b(goal|target) (reached|achieved|hit|met|done)\b/.test(c) && !NOT_DONE.test(c));
  for (const c of reachedGoal) {
    const pool = named(c, numeric, goals);
    const goal = pool.length === 1 ? pool[0] : numeric.length === 1 ? numeric[0] : undefined;
    if (goal && !claims.some((x) => x.goal.id === goal.id)) claims.push({ goal, mode: 'total', value: goal.target! });
  }

  const progress: GoalProgress[] = [];
  for (const g of numeric) {
    const value = contradicted.has(g.id) ? null : valueOf(g, claims.filter((c) => c.goal.id === g.id));
    if (value === null) continue;
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
    if (taskDone(g, clauses, goals, onlyGoal)) progress.push({ goalId: g.id, value: null, completed: true });
  }
  return { progress, unattributed: notes, saidNothing: [...saidNothing] };
}

/**
 * A bare number (no unit, no goal word) in a one-goal check-in is progress only when the clause says
 * something was done: a total or a share, a verb of doing, or the number on its own ("12 today!").
 * "the kids were 2 and 4" or "2 picked up" says nothing about the goal.
 */
function progressStatement(m: Mention, clause: string): boolean {
  if (m.mode !== 'increment') return true;
  const rest = wordsOf(clause.replace(/\d+(?:\.\d+)?k?/g, ' ')).filter((w) => !FOLLOWERS.has(w) && !STOP.has(w) && !WHEN.test(w));
  return rest.length === 0 || DOING.test(clause);
}

/** "2 easy 6k runs": a count of occasions right before the amount; "hit 8000 steps 3 days" for "8,000 steps on 20 days" is the goal's own threshold. */
function multipliedBefore(m: Mention, goal: AiGoal): boolean {
  if (!MULTIPLIED_BEFORE.test(m.before)) return false;
  const prior = /(\d+(?:\.\d+)?)\s+([a-z]+)\s+$/.exec(m.before);
  return !(prior && titleAmounts(goal).some((a) => a.n === Number(prior[1]) && a.unit === familyOf(prior[2]!) && a.n !== goal.target));
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

/** Activities a distance or a duration can belong to; one that is not the goal's own says the number is not the goal's. */
const ACTIVITIES = new Set(['run', 'walk', 'hik', 'cycl', 'swim', 'row', 'ski', 'driv', 'ride', 'skat', 'climb', 'paddl', 'yoga', 'medit', 'read', 'studi', 'write', 'sleep']);

const TIMED = ['minutes', 'hours'];
const MOVED_OVER = ['km', 'mi', 'meters', 'steps', ...TIMED];
const WORKED_THROUGH = ['pages', 'words', 'chapters', ...TIMED];
/** What each activity's amount may be counted in: "12 pages 😴" (sleep) says how reading ended, not another activity's pages. */
const ACTIVITY_UNITS: Record<string, string[]> = { sleep: TIMED, yoga: TIMED, medit: TIMED, read: WORKED_THROUGH, studi: WORKED_THROUGH, write: WORKED_THROUGH };
const MEASURING = new Set([...MOVED_OVER, ...WORKED_THROUGH]);

/** Whether the activity could have been done in the amount's unit (an unknown unit could be anything's). */
const measurableIn = (activity: string, unit: string) => !MEASURING.has(familyOf(unit)) || (ACTIVITY_UNITS[activity] ?? MOVED_OVER).includes(familyOf(unit));

function otherActivity(m: Mention, goal: AiGoal): boolean {
  const own = [...titleStems(goal)].filter((k) => ACTIVITIES.has(k));
  const said = (t: string) => wordsOf(t).map(stem).filter((k) => ACTIVITIES.has(k) && (!m.unit || measurableIn(k, m.unit)));
  const here = said(m.segment).length > 0 ? said(m.segment) : said(m.wide);
  return own.length > 0 && here.length > 0 && !here.some((k) => own.includes(k));
}

/** A typo of the unit, or its abbreviation ("subs" for "subscribers"). */
const unitNear = (word: string, unit: string) => {
  const w = familyOf(word);
  const u = familyOf(unit);
  return near(w, u) || (w.length >= 3 && u.length > w.length && u.startsWith(w.replace(/s$/, '')));
};

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
  // "3 more so 8 now" at 4: the amount and the total disagree, so one of them is misread.
  if (!share && explicit?.mode === 'total' && added > 0 && !isDaily(g) && !isLoss(g) && Math.abs(g.currentValue + added - explicit.value) > 0.01) return null;
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

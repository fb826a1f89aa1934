import { CORRECTION, TALLY_OF } from './cues';
import { stemsLikeTitleWord } from './goal-names';
import { isKnownUnit } from './units';

/** Whether a number of a reply is no amount at all: a date, a time of day, an ordinal, a year, a size, a countdown. */

/** Months as clients write them, whole or cut short. */
export const MONTH = 'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
/** A month right before a number ("Mar 2"). */
const MONTH_BEFORE = new RegExp(`\\b(?:${MONTH})\\.?\\s*$`);

/** "around 7 this morning", "at 6 tonight": the words after a time of day. */
const PART_OF_DAY = /^\s*(?:(?:this|in the|last|on) )?(?:morning|evening|afternoon|night|tonight)\b/;

/**
 * "bed by 11 on 3 nights", "up before 6 most days", "in bed by 11 this week": a clock deadline, then the days it was kept; not "down by 11 this week",
 * where "by" gives the size of a change.
 */
const deadlineOnDays = (before: string, after: string) =>
  /\b(?:by|before|until|till|til)\s*$/.test(before) &&
  !/\b(?:down|dropped|reduced|cut|increased|decreased|grew|fell|rose|lost|gained|short|over|off|beat (?:it|that))\s+by\s*$/.test(before) &&
  /^\s*(?:on|most|every|each|all|the last|this week|last night|tonight|again)\b/.test(after);

/** A number that is a date, a time of day, an ordinal, a year, a phone number or a version is no progress. */
export function notAQuantity(before: string, after: string, raw: string, titleWords: Set<string>): boolean {
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
  // "bought 3 canvases", "ordered 2 books": things bought are not yet things done, unless buying is the goal ("Buy 10 gifts").
  if (/\b(?:bought|ordered|purchased)\s+(?:another\s+|more\s+)?$/.test(before) && ![...titleWords].some((w) => /^(?:buy|purchas|order)/.test(w))) return true;
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
  if (/\b(at|by|around|until|till|til|before|after|from)\s*$/.test(before) && !/\b(now|i'?m|im|am|sitting|currently|still) at\s*$/.test(before) && !tallyAt && Number(raw) <= 24 && (!/^\s*(%|[a-z$]+)/.test(after) || PART_OF_DAY.test(after) || deadlineOnDays(before, after))) return true;
  // "4km of it uphill": a part of an amount already said.
  if (/^\s*[a-z$]*\s+of (?:it|that|them|those|which)\b/.test(after)) return true;
  // "twice as many as last week", "3 times more pages than": a ratio, not a count ("did it twice more" is two more times).
  if (/^\s*times\s+(?:as|longer|faster|further|farther)\b|^\s*times\s+(?:more|less)\s+(?:[a-z]+\s+)?than\b/.test(after)) return true;
  // "50m pool so fewer turns", "a 400m track": the size of a place, not an amount done in it.
  if (/^\s*(?:m|ft|feet|foot|yds?|yards?|met(?:er|re)s?)?\s*-?\s*(?:pool|lane|track|court|field|room|flat|apartment|house|garden|yard|hall|lake)s?\b/.test(after)) return true;
  // "for a 10k", "did the 32k": an event, not an amount done.
  if (/\bfor (?:a|the|my)\s*$/.test(before) || (/\bthe\s*$/.test(before) && /^k\b/.test(after))) return true;
  // "7 for 7": the second number is the whole the first is out of.
  if (/\b\d+\s+for\s*$/.test(before)) return true;
  // "from 3000", "started the week on 180": where something started, not where it is.
  if (/\bfrom\s*$|\b(?:started|began) (?:the|this) (?:day|week|month|year) (?:on|at)\s*$/.test(before)) return true;
  // "last week only 2", "usually 2": a comparison with another stretch, not this one's progress.
  // The stretch opens the clause: "since last week 37" is this one.
  if (/^(?:and |but |while |whereas )?(?:last (?:week|time|month)|the week before|usually|normally|typically)(?:,? (?:it )?(?:was|were))?,? (?:only |just )?$/.test(before)) return true;
  // "mostly 15 min sits", "usually 5k": what an outing typically is, beside the amount of the stretch, not another amount.
  if (/\b(?:mostly|usually|normally|typically|generally)\s*$/.test(before)) return true;
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
  // "long run sunday was 28k", "shift sat was 4 hrs": an outing's length is an amount done ("was 5k short" is not).
  const outing = /\b(?<!(?:last|previous|usual|average|typical|longest|shortest) )(?:run|walk|ride|swim|hike|jog|session|workout|shift|class|lesson|practice|rehearsal)(?:\s+[a-z']+){0,2}\s+was\s*$/.test(said) && !/^\s*[a-z]*\s*(?:short|off|less|more|behind|ahead|slower|faster|over|under)\b/.test(after);
  // "steps were 38,500 across the week": a unit a title counts and a span just done say an amount done ("fasting was 6.1 today" is a reading).
  const wasSubject = /([a-z]+)\s+(?:was|were)\s*$/.exec(said)?.[1] ?? '';
  const doneInSpan = isKnownUnit(wasSubject) && stemsLikeTitleWord(wasSubject, titleWords) && /^\s*[a-z]*\s*(?:(?:across|over|for) the week|this week|today|yesterday)\b/.test(after);
  // "wait no it was 5", "sorry it was 5": a correction of the number just said, not a description.
  const corrected = CORRECTION.test(said) && /^[a-z ,]*\b(?:it|that)(?: was|'s| is)\s*$/.test(said);
  if (/\b(?:was|were|is|are)\s*$/.test(said) && !new RegExp(`\\b(?:${TALLY_OF}|number|that|which)\\s+(?:was|is)\\s*$`).test(said) && !/^\s*%/.test(after) && !standsNow && !outing && !doneInSpan && !corrected) return true;
  // "8k-10k", "5 to 6 km": a range is a guess.
  if (/\d\s*[a-z$]*\s*(?:-|–|to)\s*$/.test(before) || /^\s*[a-z$]*\s*(?:-|–|to)\s*\d/.test(after)) return true;
  // A month ("Mar 2", "march 2"), not a word it begins ("Margaret 2 times", "decided 3", "novel 2").
  if (MONTH_BEFORE.test(before)) return true;
  // "wait no 21", "sorry no, 21": a correction's "no", not "No. 21".
  if (/\b(level|module|unit|phase|round|room|bus|route|version|v|(?<!\b(?:wait|sorry|oops|oh|actually|i mean),? )no\.?|number|phone|call me on|text me on|size|age|aged|platform|gate|floor|exit|seat|apt|apartment|flight|line|track|street|st|ave|avenue|zone|row|table|aisle|lane|ward)\s*#?\s*$/.test(before)) return true;
  // "chapter 3 done", "week 2", "page 70": which one, not how many (a goal counting these reads them as totals elsewhere).
  // "this week 60 new words" is when, not which one; "book 1 more" (📚 1 more) is an amount; so is "session 8000m" (metres or minutes stuck to it).
  if (/\b(chapter|ch|episode|part|section|week|day|step|lesson|module|book|session|workout|class|entry|post|page)\s*#?\s*$/.test(before) && !/\b(?:this|last|that|per|each|every) (?:week|day)\s*$/.test(before) && !/^(?:\s*(?:%|more\b|extra\b)|m\b)/.test(after) && !isKnownUnit(/^\s*([a-z$]+)/.exec(after)?.[1] ?? '')) return true;
  // "ran 10k in 55 minutes": how long something took, not an amount of a minutes goal ("got in 2 hrs", "put in 3 hrs" is time spent).
  if (/(?<!\b(?:put|got|get|gets|getting|squeezed) )\bin\s*(?:under|just|about|less than)?\s*$/.test(before) && /^\s*(?:m|min|mins|minutes?|hrs?|hours?|secs?|seconds?|h)\b/.test(after)) return true;
  // "2 picked up", "3 were no-shows": the number is the subject of someone else's doing, not an amount the client did.
  // ... unless the word is the goal's own ("12 rated games" for "Play 40 rated chess games", "1 signed" for "Sign 5 new customers").
  const next = /^\s*([a-z]+)/.exec(after)?.[1] ?? '';
  if (!titleWords.has(next) && !stemsLikeTitleWord(next, titleWords) && /^\s*(?:(?!completed|finished|logged|tracked|submitted|walked|applied|saved|posted|added)[a-z]+ed\b(?!\s+(?:out|in|off|away)\b)|were\b|was\b|are\b|is\b|came\b|said\b|went\b|showed\b|got back\b)/.test(after)) return true;
  const value = Number(raw);
  if (value >= 1900 && value <= 2100 && !/^\s*[a-z$]/.test(after)) return true;
  return false;
}

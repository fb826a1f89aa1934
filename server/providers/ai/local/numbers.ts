import type { AiGoal } from '../types';
import { droppedOrSwapped, droppedVowel, familyOf, isKnownUnit, oneEditApart } from './units';

/**
 * Number words, number shapes, typos and emoji rewritten so the reader has one thing to look for:
 * "twice" → "2 times", "half an hour" → "0.5 hours", "a dozen" → "12", "10,000" → "10000",
 * "6.5k steps" → "6500 steps", "two and a half" → "2.5", "$40" → "40 $", "🧘 x3" → "meditation 3 times".
 */

/** Units whose amounts are said in thousands ("10k steps", "2k words", "5k bucks"). */
const THOUSANDS = new Set(['steps', 'words', 'usd']);

const SMALL: Record<string, number> = {
  zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19,
};
const TENS: Record<string, number> = { twenty: 20, thirty: 30, forty: 40, fourty: 40, fifty: 50, sixty: 60, seventy: 70, eighty: 80, ninety: 90 };

const SMALL_RE = Object.keys(SMALL).join('|');
const TENS_RE = Object.keys(TENS).join('|');
const COMPOUND = `(?:${TENS_RE})(?:[- ](?:${SMALL_RE}))?`;
/** "twenty five", "twenty-five", "forty", "seven", "a hundred", "three hundred", "two thousand", "hundred and fifty" (the "a" dropped before the "and"). */
const WORD_NUMBER = new RegExp(`\\b(?:(a|${SMALL_RE}|${COMPOUND})\\s+(hundred|thousand)(?:\\s+(?:and\\s+)?(${COMPOUND}|${SMALL_RE}))?|hundred\\s+and\\s+(${COMPOUND}|${SMALL_RE})|(${COMPOUND})|(${SMALL_RE}))\\b`, 'gi');

function wordValue(word: string): number {
  const w = word.toLowerCase();
  if (w === 'a' || w === 'an') return 1;
  if (w in SMALL) return SMALL[w]!;
  const [tens, unit] = w.split(/[- ]/);
  return (TENS[tens!] ?? 0) + (unit ? (SMALL[unit] ?? 0) : 0);
}

const DOZENS = new RegExp(`\\b(\\d+|${SMALL_RE}|${COMPOUND}) dozen\\b`, 'gi');

/**
 * "sold two dozen candles": that many twelves, unless a goal counts in dozens ("Sell 60 dozen eggs", where "5 dozen" is 5 of them).
 * Before the words are read as digits, so "two dozen" is not read as two and twelve.
 */
export function dozensCounted(text: string, goals: AiGoal[]): string {
  if (goals.some((g) => g.unit !== null && /^dozens?$/i.test(g.unit))) return text;
  return text.replace(DOZENS, (_, n: string) => String((/^\d+$/.test(n) ? Number(n) : wordValue(n)) * 12));
}

/** Emoji clients use for an activity, as the words a goal title would have. */
const EMOJI_WORDS: [RegExp, string][] = [
  [/🏋️?‍?[♀♂]?️?/gu, ' gym '],
  // The lotus pose is both.
  [/🧘(?:‍[♀♂]️?)?/gu, ' meditation yoga '],
  [/🏃(?:‍[♀♂]️?)?/gu, ' run '],
  [/🚶(?:‍[♀♂]️?)?/gu, ' walk '],
  [/🚴(?:‍[♀♂]️?)?/gu, ' cycle '],
  [/🏊(?:‍[♀♂]️?)?/gu, ' swim '],
  [/[📚📖]/gu, ' read book '],
  [/💧/gu, ' water '],
  [/[😴🛌]/gu, ' sleep '],
  [/🦷/gu, ' dentist '],
  [/🐷/gu, ' saved '],
  [/✍️?/gu, ' write '],
];

/**
 * An exercise emoji repeated ("🏃‍♀️🏃‍♀️ done"): one session each (mood emoji repeat for emphasis, these for count), unless a
 * number beside it says the count ("2 more 🏃🏃", "🚴🚴 💦💦 2 more" only illustrate it).
 */
const REPEATED_SESSION = /(?:[🏋🧘🏃🚶🚴🏊][\u200d\ufe0f♀♂]*\s*){2,7}(?![^a-z]*\d)/giu;
const NUMBER_BEFORE = /(?:\d|\b(?:one|two|three|four|five|six|seven|couple|another|more|again))[^.!?\n\d]*$/i;
/** "🏋️🏋️🏋️ this week!! 3 sessions": a count of sessions said later in the reply is the count the emoji illustrate. */
const SESSIONS_COUNTED_AFTER = /(?:\d+|\b(?:one|two|three|four|five|six|seven|couple of))\s+(?:[a-z]+\s+)?(?:sessions?|workouts?|runs?|walks?|rides?|swims?|class(?:es)?|times)\b/i;

/** Misspellings and txt-speak seen in replies, as the words the reader knows. */
const TYPOS: Record<string, string> = {
  mor: 'more', moar: 'more', twise: 'twice', twic: 'twice', evry: 'every', evrey: 'every', wk: 'week', wks: 'weeks', finaly: 'finally', finnaly: 'finally',
  savd: 'saved', dun: 'done', gona: 'gonna', gunna: 'gonna', tmrw: 'tomorrow', tmr: 'tomorrow', tmrow: 'tomorrow', '2day': 'today', tday: 'today', '2moro': 'tomorrow',
  yday: 'yesterday', yest: 'yesterday', thru: 'through', tho: 'though', b4: 'before', nite: 'night', nites: 'nights', ystrday: 'yesterday', todai: 'today',
  n: 'and', w: 'with', frm: 'from', didnt: "didn't", dont: "don't", couldnt: "couldn't", havent: "haven't", wasnt: "wasn't", im: "i'm", ive: "i've", 'u': 'you', ur: 'your', pls: 'please',
  totl: 'total', ttl: 'total', ths: 'this', dayz: 'days', dnt: "don't", savngs: 'savings', savins: 'savings', allready: 'already', alredy: 'already', anuther: 'another', anothr: 'another', anotha: 'another', onyl: 'only', olny: 'only', adn: 'and', nad: 'and', teh: 'the',
};

/** "tweice", "thrce", "twcie": "twice" or "thrice" with a letter slipped in or dropped, or two swapped ("twine", one letter changed, is a word of its own). */
const timesTypo = (w: string) => ['twice', 'thrice'].find((known) => (Math.abs(w.length - known.length) === 1 && oneEditApart(w, known)) || (w.length === known.length && droppedOrSwapped(w, known)));

/** "anohter", "anotehr": "another" with two letters swapped or one slipped; no English word is one edit from it ("anther" aside, never said of progress). */
const anotherTypo = (w: string) => (w !== 'anther' && w.length >= 6 && oneEditApart(w, 'another') ? 'another' : undefined);

/** "twards", "towrds": where an amount went, with a vowel left out (no such word is another), so no misspelt unit. */
const towardTypo = (w: string) => ['towards', 'toward'].find((known) => droppedVowel(w, known));

/** "wiat", "acutally", "srory": a correction word with two neighbouring letters swapped (no such swap of them is a word). */
const CORRECTION_WORDS = ['wait', 'actually', 'sorry'];
const swappedFrom = (w: string, known: string) => {
  const at = [...w].findIndex((ch, i) => ch !== known[i]);
  return w.length === known.length && at >= 0 && w[at] === known[at + 1] && w[at + 1] === known[at] && w.slice(at + 2) === known.slice(at + 2);
};
const correctionTypo = (w: string) => CORRECTION_WORDS.find((known) => swappedFrom(w, known));

/** Words that say when, which a typo ("yestrday", "tomorow", "wedensday") must not turn into a unit of what was done. */
const WHEN_WORDS = ['yesterday', 'tomorrow', 'tonight', 'morning', 'evening', 'afternoon', 'weekend', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/** A when word one typo away (not its plural: "mornings" is a count of them; "todya" for "today" too), or a short one with a vowel left out ("tody"). */
const whenTypo = (w: string) =>
  (w.length >= 5 ? ['today', ...WHEN_WORDS].find((known) => w !== `${known}s` && oneEditApart(w, known)) : undefined) ?? (w.length >= 4 ? ['today', ...WHEN_WORDS].find((known) => droppedVowel(w, known)) : undefined);

const FRACTIONS: [RegExp, string][] = [
  [/\b(?:an?|one) hour and a half\b/g, '1.5 hours'],
  [/\bhalf (?:an|a) hour\b/g, '0.5 hours'],
  [/\bhalf hour\b/g, '0.5 hours'],
  [/\b(?:three|3) quarters of an hour\b/g, '0.75 hours'],
  [/\b(?:(?:a|one) )?quarter (?:of )?an hour\b/g, '0.25 hours'],
  [/\b(?:a )?half(?: a)? dozen\b/g, '6'],
  [/\bhalf (?:a|one) (mile|marathon|km|kilometre|kilometer|book|page|day|pound|lb|kilo|kg)\b/g, '0.5 $1'],
  // "down another half kilo too": a unit right after "half" is half of it, unless a noun follows ("a half pound burger" is a burger).
  [/\bhalf (mile|km|kilometre|kilometer|pound|lb|kilo|kg)\b(?!\s+(?!(?:too|more|down|off|lost|gone|today|tonight|this|yesterday|last|and|on|in|so|now)\b)[a-z])/g, '0.5 $1'],
  [/\b(?:a|one) dozen\b/g, '12'],
  // "three quarters paid off": a share of the whole goal.
  [/\b(?:three|3) quarters(?= (?:paid off|of the way)\b)/g, '75%'],
  // "every day but one this week", "every day except Sunday": six of them.
  [/\bevery (day|night|morning|evening)( this week)? (?:except|but|apart from|minus) (?:one|(?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/g, '6 $1s$2'],
  // "finished another pair": two more of what the goal counts ("a pair of shoes" is one thing).
  [/\banother pair\b(?! of)/g, '2 more'],
  [/\bdozen\b/g, '12'],
  [/\b(?:a )?couple(?: of)?\b/g, '2'],
  [/\bonce\b/g, '1 times'],
  [/\btwice\b/g, '2 times'],
  [/\bthrice\b/g, '3 times'],
  [/\b(?:an|one) hour\b/g, '1 hours'],
  // "halfway through my tenth post": half of one of them, no share of the goal.
  [/\bhalf ?way (?=to|there|through|done)(?!through (?:my|the|this|our) (?:\d+(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth)\b)/g, '50% '],
  [/\ba (mile|km|kilometre|kilometer|book|chapter|glass|pound|kilo)\b/g, '1 $1'],
  // "x3" is three times; "7 x 15" is a product, left for the reader to refuse.
  [/(?<!\d ?)\bx ?(\d+)\b/g, ' $1 times'],
  [/\b(\d+) ?x ?(\d+(?:\.\d+)?) ?([a-z]+)\b/g, '$2 $3 $1 times'],
  [/\b(\d+) ?x\b/g, '$1 times'],
];

/** The text without the activity emoji (so a reader can tell what the words alone say). */
export function withoutEmoji(input: string): string {
  return EMOJI_WORDS.reduce((t, [re]) => t.replace(re, ' '), input);
}

/** The words the activity emoji of a text stand for ("📖" → "read book"). */
export function emojiWords(input: string): string[] {
  return EMOJI_WORDS.filter(([re]) => new RegExp(re.source, 'u').test(input)).flatMap(([, to]) => to.trim().split(' '));
}

/** Rewrites the text in lower case with digits for number words. */
export function digitise(input: string): string {
  let t = input.replace(/[’‘`]/g, "'");
  t = t.replace(REPEATED_SESSION, (m: string, at: number, all: string) => {
    const kinds = m.match(/[🏋🧘🏃🚶🚴🏊]/gu)!;
    return new Set(kinds).size === 1 && !NUMBER_BEFORE.test(all.slice(0, at)) && !SESSIONS_COUNTED_AFTER.test(all.slice(at + m.length)) ? `${kinds[0]} x${kinds.length} ` : m;
  });
  for (const [re, to] of EMOJI_WORDS) t = t.replace(re, to);
  t = t.toLowerCase().replace(/[a-z0-9']+/g, (w) => TYPOS[w] ?? whenTypo(w) ?? timesTypo(w) ?? anotherTypo(w) ?? towardTypo(w) ?? correctionTypo(w) ?? w);
  // "paid 300 ont he snowball": the space slipped one letter on, so a short word ate the t of "the".
  t = t.replace(/\b(on|in|of|to|at)t he\b/g, '$1 the');
  // Thousands separators and spoken thousands: 10,000 → 10000, 2,400m → 2400m (a unit may stick to it); 6.5k / 10k steps → 6500 / 10000 steps.
  t = t.replace(/\b(\d{1,3})(?:,(\d{3}))+(?!\d)/g, (m) => m.replace(/,/g, ''));
  // "6,2 km": a decimal comma before a unit.
  t = t.replace(/\b(\d+),(\d{1,2})(?=\s*[a-z])/g, '$1.$2');
  // "10k stps": thousands of anything counted in thousands, typos of the unit included.
  t = t.replace(/\b(\d+(?:\.\d+)?)k\s+([a-z$]+)(?![a-z])/g, (m, n: string, u: string) => (THOUSANDS.has(familyOf(u)) ? `${Math.round(Number(n) * 1000)} ${u}` : m));
  t = t.replace(/\b(\d+(?:\.\d+)?)k\b(?=\s*(?:in|of)?\s*(?:revenue|sales|savings|saved|\$))/g, (_, n: string) => `${Math.round(Number(n) * 1000)}`);
  t = t.replace(/([$£€])\s?(\d+(?:\.\d+)?)(k\b)?/g, (_, sign: string, n: string, k: string | undefined) => `${k ? Math.round(Number(n) * 1000) : n} ${sign}`);
  t = t.replace(/½/g, '.5');
  // "1 hr 15 mins": one duration.
  t = t.replace(/\b(\d+) ?(?:h|hr|hrs|hour|hours) (?:and )?(\d{1,2}) ?(?:m|min|mins|minutes)\b/g, (_, h: string, m: string) => `${Number(h) * 60 + Number(m)} minutes`);
  // "1h15", "1h15m": the same, written together (the space after a bare "1h15" stays: "2h15 on wed").
  t = t.replace(/\b(\d{1,2}) ?(?:h|hr)([0-5]\d)(?: ?(?:minutes|mins|min|m)\b|\b)/g, (_, h: string, m: string) => `${Number(h) * 60 + Number(m)} minutes`);
  // "sat 1hr 15 sunday": the minutes of an hour said without their unit, when no other unit follows ("2 hrs 15 pages" is two amounts).
  t = t.replace(/\b(\d{1,2}) ?(?:h|hr|hrs|hour|hours) ([1-5][05])\b(?![.,]\d)(\s*([a-z]*))/g, (m, h: string, min: string, rest: string, next: string) =>
    next && isKnownUnit(next) ? m : `${Number(h) * 60 + Number(min)} minutes${rest}`,
  );
  // "4 → 6": from one count to another.
  t = t.replace(/\s*(?:→|->|=>|➡️?)\s*/gu, ' to ');
  t = t.replace(/\b(\d+)\s*(?:and a half|& a half)/g, (_, n: string) => `${Number(n) + 0.5}`);
  t = t.replace(new RegExp(`\\b(${SMALL_RE}|an?)\\s+and\\s+a\\s+half\\b`, 'g'), (_, w: string) => `${wordValue(w) + 0.5}`);
  for (const [re, to] of FRACTIONS) t = t.replace(re, to);
  // "3/4 paid off": a share of the whole goal, said as one ("3/4 sessions" is a count).
  t = t.replace(/\b([1-9])\/(2|4|5|10)(?= (?:paid off|of the way)\b)/g, (_, n: string, d: string) => `${(Number(n) / Number(d)) * 100}%`);
  // "finished another one": one more of what the goal counts.
  t = t.replace(/\b([a-z]+ed|did|made|built|wrote|read|ran|got) (?:another|1 more) one\b/g, '$1 1 more');
  // "one" is a number before a unit ("the one class"), a pronoun otherwise ("the blue one").
  t = t.replace(/\bone(?=\s+(?:more\s+|extra\s+)?(?:class|session|workout|run|walk|book|page|chapter|km|mile|hour|minute|day|night|glass|call|application|lesson|post|time|deal|entry|demo|set)s?\b)/g, '1');
  // "one novel", "another book": one of a unit a goal can count (the pronoun "another one" and "one day"/"another time" are no quantities).
  t = t.replace(/\b(one|another)\s+([a-z]+)\b/g, (m, w: string, noun: string) => (isKnownUnit(noun) && !/^(one|days?|nights?|times?|[a-z])$/.test(noun) ? `1 ${w === 'another' ? 'more ' : ''}${noun}` : m));
  t = t.replace(WORD_NUMBER, (m, mult: string | undefined, scale: string | undefined, rest: string | undefined, afterHundred: string | undefined, tens: string | undefined, small: string | undefined) => {
    if (scale) return String(wordValue(mult!) * (scale === 'hundred' ? 100 : 1000) + (rest ? wordValue(rest) : 0));
    if (afterHundred) return String(100 + wordValue(afterHundred));
    if (tens) return String(wordValue(tens));
    if (small && small !== 'one') return String(wordValue(small));
    return m;
  });
  // "3 thousand words", "two and a half grand": thousands said after the digits.
  return t.replace(/\b(\d+(?:\.\d+)?) thousand\b/g, (_, n: string) => String(Math.round(Number(n) * 1000))).replace(/\b(?:(\d+(?:\.\d+)?)|a) grand\b/g, (_, n: string | undefined) => `${Math.round(Number(n ?? 1) * 1000)} $`);
}

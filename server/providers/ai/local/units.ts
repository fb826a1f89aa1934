/**
 * Units and their synonyms as clients type them, in families; a reply's unit matches a goal's unit
 * when both are of one family, or when one converts exactly to the other (hours → minutes).
 */

const FAMILIES: Record<string, string[]> = {
  // "kn": the n is the m's neighbour on a phone keyboard.
  km: ['km', 'kms', 'kn', 'k', 'kilometer', 'kilometers', 'kilometre', 'kilometres', 'klick', 'klicks', 'kilometros'],
  mi: ['mi', 'mile', 'miles'],
  meters: ['meter', 'meters', 'metre', 'metres'],
  steps: ['step', 'steps', 'stps'],
  minutes: ['min', 'mins', 'minute', 'minutes', 'minuts', 'minits', "min's"],
  hours: ['h', 'hr', 'hrs', 'hour', 'hours', 'hourz', 'hrz'],
  seconds: ['sec', 'secs', 'second', 'seconds'],
  count: ['time', 'times', 'x', 'session', 'sessions', 'sesh', 'seshes', 'workout', 'workouts', 'class', 'classes'],
  // "230 profit": money kept, said of the amount itself.
  usd: ['$', 'usd', 'dollar', 'dollars', 'buck', 'bucks', 'dollers', 'profit'],
  gbp: ['£', 'gbp', 'quid'],
  eur: ['€', 'eur', 'euro', 'euros'],
  lbs: ['lb', 'lbs', 'pound', 'pounds', 'lbz'],
  kg: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms'],
  grams: ['g', 'gram', 'grams', 'gramme', 'grammes'],
  pages: ['page', 'pages', 'pg', 'pgs', 'pp'],
  books: ['book', 'books', 'novel', 'novels'],
  chapters: ['chapter', 'chapters', 'ch'],
  days: ['day', 'days', 'dys', 'dayz', 'morning', 'mornings', 'evening', 'evenings'],
  nights: ['night', 'nights'],
  glasses: ['glass', 'glasses', 'glases'],
  words: ['word', 'words'],
  // A dial is a sales call made.
  calls: ['call', 'calls', 'dial', 'dials'],
  // Known, so that "deals" is never read as a typo of "dials".
  deals: ['deal', 'deals'],
  applications: ['application', 'applications', 'apps', 'app', 'aplications', 'applicaitons'],
  runs: ['run', 'runs'],
  walks: ['walk', 'walks'],
  litres: ['l', 'liter', 'liters', 'litre', 'litres'],
  ml: ['ml', 'mls', 'milliliter', 'milliliters', 'millilitre', 'millilitres'],
  cigarettes: ['cigarette', 'cigarettes', 'cigs', 'smokes'],
  drinks: ['drink', 'drinks'],
  meals: ['meal', 'meals'],
  dinners: ['dinner', 'dinners', 'supper', 'suppers'],
  lunches: ['lunch', 'lunches'],
  breakfasts: ['breakfast', 'breakfasts'],
  posts: ['post', 'posts'],
  emails: ['email', 'emails', 'e-mails', 'mails'],
  entries: ['entry', 'entries'],
  clients: ['client', 'clients'],
  leads: ['lead', 'leads'],
  lessons: ['lesson', 'lessons'],
};

const BY_WORD = new Map<string, string>();
for (const [family, words] of Object.entries(FAMILIES)) for (const w of words) BY_WORD.set(w, family);

/** Goal units that are counts of sessions: "3 times" or "twice" can fill them; "swims", "jogs" are outings of an activity, as runs are. */
const COUNT_LIKE = new Set(['count', 'runs', 'walks', 'lessons', 'calls', 'entries', 'posts', 'visit', 'swim', 'jog']);

/** The family of a unit word, or the word itself stripped of a plural s (an unknown unit is its own family). */
export function familyOf(word: string): string {
  const w = word.trim().toLowerCase();
  return BY_WORD.get(w) ?? BY_WORD.get(w.replace(/s$/, '')) ?? typoFamily(w) ?? w.replace(/(es|s)$/, '');
}

/**
 * A misspelt unit: one letter away from a known unit of five letters or more ("dolars", "wrkouts"),
 * or, for shorter ones, a dropped letter or two swapped letters ("tims", "dyas"), or without its vowels ("bks"), never another
 * letter in place of one ("stop" is not "step").
 */
function typoFamily(w: string): string | undefined {
  // "bks", "wrds": txt-speak drops a unit's vowels.
  if (w.length >= 3 && /^[b-df-hj-np-tv-z]+$/.test(w)) return [...BY_WORD].find(([known]) => known.length >= 4 && known.replace(/[aeiouy]/g, '') === w)?.[1];
  if (w.length < 4) return undefined;
  for (const [known, family] of BY_WORD) {
    if (known.length < 4) continue;
    if (known.length >= 5 ? oneEditApart(w, known) : droppedOrSwapped(w, known)) return family;
  }
  return undefined;
}

export function droppedOrSwapped(w: string, known: string): boolean {
  if (w.length === known.length - 1) return [...known].some((_, i) => known.slice(0, i) + known.slice(i + 1) === w);
  if (w.length !== known.length) return false;
  const diff = [...w].map((c, i) => (c === known[i] ? -1 : i)).filter((i) => i >= 0);
  return diff.length === 2 && diff[1] === diff[0]! + 1 && w[diff[0]!] === known[diff[1]!] && w[diff[1]!] === known[diff[0]!];
}

/** A word typed with one of its vowels left out ("tody", "medtated"). */
export const droppedVowel = (typed: string, word: string) => typed.length === word.length - 1 && [...word].some((c, i) => /[aeiou]/.test(c) && word.slice(0, i) + word.slice(i + 1) === typed);

/** One typo apart: a letter added, dropped or changed, or two neighbours swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length && droppedOrSwapped(a, b)) return true;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
    } else {
      if (++edits > 1) return false;
      if (a.length >= b.length) i++;
      if (b.length >= a.length) j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

/** Exact conversions only: a reply in hours for a minutes goal (× 60) and back, metres and kilometres, millilitres and litres, grams and kilograms. */
const CONVERSIONS: Record<string, Record<string, number>> = {
  hours: { minutes: 60 },
  minutes: { hours: 1 / 60 },
  seconds: { minutes: 1 / 60 },
  meters: { km: 1 / 1000 },
  km: { meters: 1000 },
  ml: { litres: 1 / 1000 },
  // "down another 600g" for a goal in kg.
  grams: { kg: 1 / 1000 },
  kg: { grams: 1000 },
  litres: { ml: 1000 },
};

/**
 * A goal's unit "m" is metres: a coach writes minutes "min". (In a reply "30m" is as often minutes, so "m" is no unit word there.)
 */
const goalFamily = (goalUnit: string) => (goalUnit.trim().toLowerCase() === 'm' ? 'meters' : familyOf(goalUnit));

/**
 * How a quantity in the reply's unit converts to the goal's unit: 1 when the same family, the
 * factor for an exact conversion, null when the units do not match.
 */
export function conversion(replyWord: string, goalUnit: string): number | null {
  const from = familyOf(replyWord);
  const to = goalFamily(goalUnit);
  if (from === to) return 1;
  // "3 times" fills a goal of runs; "2 walks" is not a gym session (the reader matches "2 runs" to
  // "Run 12 times" by the title's own word instead).
  if (from === 'count' && COUNT_LIKE.has(to)) return 1;
  return CONVERSIONS[from]?.[to] ?? null;
}

/**
 * The family of a unit a word may be a misspelling of, when the reader does not take it for one: one letter away from a
 * spelling of it, beginning with the same letter ("klm", "kmz" for km; "pgz" for pages). Not a reading, only a doubt.
 */
export function unitLike(word: string): string | undefined {
  const w = word.toLowerCase();
  return [...BY_WORD].find(([known]) => known.length >= 2 && known[0] === w[0] && oneEditApart(w, known))?.[1];
}

/** Whether a word is a unit of any known family (so "5 km" is a quantity and "5 coffees" is not ours). */
export const isKnownUnit = (word: string) => {
  const w = word.toLowerCase();
  return BY_WORD.has(w) || BY_WORD.has(w.replace(/s$/, '')) || typoFamily(w) !== undefined;
};

/** The smaller things a whole a goal counts is made of: "12 new chords" are no songs learned, "3 chapters" no books read. */
const PARTS: Record<string, string[]> = {
  songs: ['chord', 'scale', 'riff', 'lick', 'note', 'bar', 'verse', 'chorus', 'strum', 'progression'],
  books: ['chapter', 'page', 'section'],
};
export const partOf = (noun: string, unit: string) => (PARTS[unit.toLowerCase()] ?? []).includes(noun.toLowerCase().replace(/(?<=[^s])s$/, ''));

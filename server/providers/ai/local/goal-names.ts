import type { AiGoal } from '../types';
import { isCurrency } from './text';
import { droppedVowel, familyOf, oneEditApart } from './units';

/** How a reply names a goal: the stemmed words of its title, their typos, its acronyms and its unit. */

export const STOP = new Set(
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
  hydrate: 'water', hydration: 'water', diary: 'journ', coding: 'code', code: 'code', coder: 'code', coded: 'code', programming: 'code', leetcode: 'code', python: 'code', javascript: 'code', typescript: 'code',
  // A painter's canvases are paintings; multiple-choice questions are questions.
  canvas: 'paint', canvases: 'paint', mcq: 'quest', mcqs: 'quest',
  // Students' short names for their subjects: "orgo" is organic chemistry, "calc" calculus, "bio" biology.
  orgo: 'organ', chemistry: 'chem', calculus: 'calc', biology: 'bio',
  sold: 'sell', sells: 'sell', selling: 'sell', called: 'call', calls: 'call', calling: 'call', posted: 'post', posts: 'post', pages: 'page', pgs: 'page', practised: 'pract', practiced: 'pract', practice: 'pract', practise: 'pract', practicing: 'pract',
};

export function stem(word: string): string {
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

export const wordsOf = (text: string): string[] => text.match(/[a-z][a-z'-]*/g) ?? [];

/** The telling words of a goal's title, stemmed; "CV" and "GP" are short but telling. A goal of putting money aside is named by saving it ("200 in savings" for "Build a $3,000 emergency fund"). */
export function titleStems(goal: AiGoal): Set<string> {
  const initialisms = (goal.title.match(/\b[A-Z]{2}\b/g) ?? []).map((w) => w.toLowerCase());
  return new Set([...wordsOf(goal.title.toLowerCase()).filter((w) => !STOP.has(w) && w.length > 2).map(stem), ...initialisms, ...(saving(goal) ? ['save'] : [])]);
}

/** A typo (one edit or a swap) between words of five letters or more, or txt-speak's dropped vowel ("watr" for "water"); exact below. */
export function near(a: string, b: string): boolean {
  return a === b || (Math.min(a.length, b.length) >= 5 && oneEditApart(a, b)) || (a.length >= 4 && droppedVowel(a, b));
}

/** A word that stems like one of a goal title's words ("rating" for "Reach a 1400 rapid rating"). */
export const stemsLikeTitleWord = (word: string, titleWords: Set<string>) => [...titleWords].some((w) => w.length > 2 && stem(w) === stem(word));

export function matchesStem(word: string, key: string): boolean {
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

/**
 * Stems of learning: studying, practising and preparing (for an exam) are one doing, so "5 hours of studying" may be for
 * "Practice Spanish" as much as for "Study for the CPA exam" or "Stats exam prep".
 */
const LEARNING = ['studi', 'pract', 'learn', 'prep'];
const learns = (goal: AiGoal) => [...titleStems(goal)].some((s) => LEARNING.includes(s));

/** The goals among `pool` whose own title words (not shared with another goal of the pool) appear in the text. */
/**
 * "Read War and Peace" and "Course reading": the verb and its "-ing" are one doing, so "read" names neither ("Play 20 rated games"
 * beside "a 1400 rapid rating" is a thing rated, not the doing, and stays telling).
 */
const sameDoing = (a: string, b: string) => a !== b && stem(a) === stem(b) && [a, b].some((w) => /ing$/.test(w)) && ![a, b].some((w) => /ed$/.test(w));

export function named(text: string, pool: AiGoal[], all: AiGoal[]): AiGoal[] {
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
    const exact = wordsOf(g.title.toLowerCase()).filter((t) => t.length > 3 && !STOP.has(t) && !otherWords.includes(singular(t)) && !sharedDoing(stem(t)) && !otherWords.some((o) => sameDoing(t, o)));
    // "puzles" for "Solve 200 chess puzzles": a typo of the word itself.
    return words.some((w) => own.some((k) => matchesStem(w, k)) || exact.some((t) => near(w, t)) || acronyms(g).includes(w));
  });
}
export const PAYING_OFF = /\b(pay|debt|loan|owe|card)\b/i;
export const EARNING = /\b(earn|make|revenue|sales|income|sell|invoice)\b/i;
/** A goal of money put aside (in any currency: "Save 5,000 reais"): neither paying something off nor earning. */
export const saving = (g: AiGoal) => (isCurrency(g.unit) || /\bsav(?:e|ings?)\b/i.test(g.title)) && !PAYING_OFF.test(g.title) && !EARNING.test(g.title);
/** A goal of losing ("Lose 15 lbs", "Shed 5 kg"). */
export const isLoss = (g: AiGoal) => /^\s*(lose|drop|shed|cut)\b/i.test(g.title);
/** "meetup" for a goal counted in events: a word the reader knows as another name of the unit. */
export const synonymOf = (noun: string, unit: string) => IRREGULAR[noun] !== undefined && IRREGULAR[noun] === stem(unit);

/** A typo of the unit, or its abbreviation ("subs" for "subscribers"). */
export const unitNear = (word: string, unit: string) => {
  const w = familyOf(word);
  const u = familyOf(unit);
  return near(w, u) || (w.length >= 3 && u.length > w.length && u.startsWith(w.replace(/s$/, '')));
};

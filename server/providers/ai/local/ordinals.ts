import type { AiGoal } from '../types';
import { named, unitNear, wordsOf } from './goal-names';
import { measured, numericGoalCounts, OCCASION } from './mentions';
import { DONE, NOT_DONE, pastOf } from './tasks';
import { trackable } from './text';
import { familyOf, isKnownUnit } from './units';

/** Ordinals as counts reached: "my 3rd morning this week", "book 5", "pages 23 to 30". */

/** "book 5", "Day 48", "post #5": the count reached, for a goal counting books, days or posts. */
export function ordinalTotals(clause: string, goals: AiGoal[]): { goal: AiGoal; value: number; at: number }[] {
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
    // "so that's room 3": a count summed up with the goal's own thing, whatever it is.
    const summedUp = /\bthat'?s\s+(?:my\s+|the\s+)?$/.test(clause.slice(0, m.index));
    if (!m[2] && !summedUp && !/^(day|book|post|session|chapter|lesson|entry|episode|workout|class|module|week|night|page)$/.test(noun)) continue;
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

const ORDINAL: Record<string, number> = { first: 1, second: 2, third: 3, fourth: 4, fifth: 5, sixth: 6, seventh: 7, eighth: 8, ninth: 9, tenth: 10, eleventh: 11, twelfth: 12, thirteenth: 13, fourteenth: 14, fifteenth: 15, sixteenth: 16, seventeenth: 17, eighteenth: 18, nineteenth: 19, twentieth: 20 };
const ORDINAL_ANY = `(?:${Object.keys(ORDINAL).join('|')}|\\d+(?:st|nd|rd|th))`;
const ORDINAL_WORD = `(${ORDINAL_ANY})`;
/** "first raised bed is built", "finished my 7th book": the count reached; done must be said ("halfway through my 6th book" is not). */
const ORDINAL_DONE = [
  new RegExp(`\\b()${ORDINAL_WORD} ((?:[a-z]+ )??([a-z]+))(?= (?:is |are |was |'s )?(?:done|built|finished|complete|completed)\\b)`, 'g'),
  // "finished the second and third birdhouse": the last of them is the count reached; "published my twelfth post" put out the twelfth.
  new RegExp(`\\b((?:finished|completed|done with|wrapped up|published|posted|submitted|launched) (?:my |the )?)(?:${ORDINAL_ANY} (?:and|&) )?${ORDINAL_WORD} ((?:[a-z]+ )??([a-z]+))\\b`, 'g'),
];

/** The ordinal as the count reached, "bed #1", read by ordinalTotals, when a goal counts those things. */
export function ordinalsDone(text: string, goals: AiGoal[]): string {
  return ORDINAL_DONE.reduce((t, re) => t.replace(re, (m, finished: string, o: string, words: string, noun: string) => (numericGoalCounts(goals, noun) ? `${finished}${words} #${ORDINAL[o] ?? parseInt(o, 10)}` : m)), text);
}

/** The period a title counts in ("5 mornings a week"), which a reply's "this week" must match to be the goal's count. */
const titlePeriod = (goal: AiGoal) => /\b(?:a|per|each|every|this|one) (week|month)\b|\b(week|month)ly\b/i.exec(goal.title)?.slice(1).find(Boolean)?.toLowerCase();

/**
 * "that's my 3rd writing morning this week" for "Write before work 5 mornings a week": the ordinal is the count of the week so far,
 * as "morning #3" (read by ordinalTotals), only when the goal counts those things in that same period.
 */
export function ordinalOfPeriod(text: string, goals: AiGoal[]): string {
  return text.replace(new RegExp(`\\b(my|the) ${ORDINAL_WORD} ((?:[a-z]+ ){0,2}?)([a-z]+)(?= this (week|month)\\b)`, 'g'), (m, the: string, o: string, words: string, noun: string, period: string) =>
    goals.some((g) => trackable(g) && g.unit && (OCCASION.has(familyOf(g.unit)) || !measured(g)) && unitNear(noun, g.unit) && titlePeriod(g) === period) ? `${the} ${words}${noun} #${ORDINAL[o] ?? parseInt(o, 10)}` : m,
  );
}

/**
 * "made 2 loaves sat and a third one monday": an ordinal just past a count of the same things is one more of them. Only when it
 * is the next one ("2 loaves and a fifth one" leaves the count alone), and not a share ("a third of the loaf").
 */
export function nextOrdinalOne(text: string, goals: AiGoal[]): string {
  return text.replace(new RegExp(`\\b(\\d+) ([a-z]+)((?: [a-z]+){0,3}) and an? ${ORDINAL_WORD} one\\b`, 'g'), (m, n: string, noun: string, when: string, o: string) =>
    numericGoalCounts(goals, noun) && (ORDINAL[o] ?? parseInt(o, 10)) === Number(n) + 1 ? `${n} ${noun}${when} and 1 more ${noun}` : m,
  );
}

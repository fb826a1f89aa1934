import type { AiGoal } from '../types';
import { named, stem, wordsOf } from './goal-names';
import { amountsIn, measured, titleAmounts } from './mentions';

/** Whether a reply says a task goal (no number to track) is done, and which goal of finishing things a finished one counts for. */

export const DONE = /\b(passed|arrived|came|received|got it|done|did it|finished|finally did|completed|booked|sent|submitted|signed up|signed(?! for\b)|witnessed|notari[sz]ed|registered|sorted|scheduled|called|handed in|paid|bought|filed|got it done|ticked off|checked off|cancell?ed|renewed|opened|joined|set up|installed|ordered|emailed|fixed|cleared|returned|delivered|uploaded|published|launched|updated|went live|(?:is|are) (?:finally |now )?live)\b|✅|✔️|☑️/;
/** "the goodwill run is saturday": a day it is still to happen on. */
const COMING = /\b(?:is|'s|are) (?:on |this |next )?(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\b/;
/** Still to do or done in part: "not yet", "half done", "still trying" (calls made, nothing booked), "tried, bought the wrong part" (an attempt that failed), "on the waitlist", "booked out" (no date to be had), "should come back in 6 weeks" (still awaited), "took the bike to be fixed" ("the will" is a document, not a future). */
export const NOT_DONE = /\b(to be|being|getting|half|partly|partially|mostly|started|halfway|not yet|still not|still haven'?t|haven'?t|have not|hasn'?t|didn'?t|did not|not done|nope|no luck|yet to|(?:still )?on (?:my|the) (?:list|to-?do)|still need|still have to|need to|needs to|gonna|going to|(?<!\b(?:the|a|my|our|his|her|their) )will|tomorrow|next week|almost|nearly|waiting|should (?:come|arrive|be back|get back|hear back)|looking for|trying to|(?:still|keep|keeps|kept) trying|tried to|tried but|tried\s*$|attempted|(?:bought|got|ordered|brought) the wrong|couldn'?t|could not|unable to|hoping|wait ?list(?:ed)?|waiting list|(?:booked|fully booked) (?:out|up)|no (?:openings|slots|availability|appointments)|not(?! (?:looking forward|excited|thrilled|happy|fun|easy|a fan|great|cheap)\b))\b/;
const IRREGULAR_PAST: Record<string, string[]> = { build: ['built'], ask: ['asked', 'talked to', 'talked with', 'spoke to', 'spoke with'], buy: ['bought', 'got'], get: ['got', 'gotten'], send: ['sent'], make: ['made'], write: ['wrote', 'written'], find: ['found'], pay: ['paid'], do: ['did', 'done'], take: ['took'], set: ['set'], put: ['put'],
  string: ['strung'], sell: ['sold'], tell: ['told'], bring: ['brought'], teach: ['taught'], hang: ['hung'], draw: ['drew', 'drawn'], give: ['gave', 'given'], meet: ['met'],
  // "got the strips" picked them up; "got to the pharmacy" did not.
  pick: ['picked', 'collected', 'grabbed', 'got the', 'got my', 'got them', 'got it'], keep: ['kept'], call: ['called', 'rang', 'rung', 'phoned'], throw: ['threw', 'thrown'], win: ['won'], begin: ['began', 'begun'], choose: ['chose', 'chosen'], hold: ['held'], drive: ['drove', 'driven'], lend: ['lent'], spend: ['spent'], fly: ['flew', 'flown'],
  run: ['ran'], swim: ['swam', 'swum'], ride: ['rode', 'ridden'], eat: ['ate', 'eaten'], drink: ['drank', 'drunk'] };

/** "ate" for "eat": the irregular past forms of a verb's stem, none for a regular one. */
export const irregularPast = (verbStem: string): string[] => IRREGULAR_PAST[verbStem] ?? [];

/**
 * "bought paint for the spare room", "the paint is bought": buying what a task needs gets it ready; it is no doing of it (unless
 * buying is the task). Said of the thing ("is bought"), what was bought is the supplies, whatever the rest of the sentence says.
 */
const SUPPLIES_FOR = /\b(?:bought|ordered)\b[^.!?;]*?\bfor (?:the|my|our|a|an)\b|\b(?:is|are|'s|'re|was|were) (?:all |now |finally |already )?(?:bought|ordered)\b/;
const BUYING = /^(?:buy|order|get|purchase|pick)$/;

/** Verbs of arranging a date: "the sleep study is set for the 3rd" says it was scheduled. */
const ARRANGING = /^(?:schedule|book|arrange|organi[sz]e)$/;
const STANDS_SET = /\b(?:set|fixed|confirmed|locked in|booked in|pencilled in|penciled in) (?:for|on)\b/;
/** "bloods booked for the 9th": an appointment made for a date is still to happen, unless making it was the task ("Book the dentist"). */
const BOOKED_FOR = /\b(?:booked|scheduled|arranged)(?: in)? (?:for|on)\b/;

export function pastOf(verb: string): string[] {
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

/** `heard` is every clause, others' too: "they're booked out so i'm on the waitlist" says the client's task is not done. */
export function taskDone(goal: AiGoal, clauses: string[], heard: string[], all: AiGoal[], onlyGoal: boolean): boolean {
  const verb = wordsOf(goal.title.toLowerCase())[0] ?? '';
  const past = pastOf(verb);
  const saysDone = (clause: string) => {
    // Txt-speak drops the e of a past tense ("passd", "bookd").
    const c = clause.replace(/\b([a-z]{3,}[^aeiou\s'])d\b/g, '$1ed');
    // "I did photograph the series": the emphatic past.
    return (DONE.test(c) || [...past, `did ${verb}`].some((p) => new RegExp(`\\b${p}\\b`).test(c)) || (RAISING.test(verb) && STANDS_UP.test(c)) || (verb === 'open' && STANDS_OPEN.test(c)) || (ARRANGING.test(verb) && STANDS_SET.test(c))) && !NOT_DONE.test(c) && !COMING.test(c) && (ARRANGING.test(verb) || !BOOKED_FOR.test(c)) && (BUYING.test(verb) || !SUPPLIES_FOR.test(c));
  };
  // "the wood is bought but not built yet": the goal's own verb, negated, outweighs another verb's done.
  if (clauses.some((c) => [verb, ...past].some((p) => p.length > 2 && new RegExp(`\\b${p}\\b`).test(c)) && NOT_DONE.test(c))) return false;
  if (!keepsCondition(goal, clauses)) return false;
  if (clauses.some((c) => named(c, [goal], all).length > 0 && saysDone(c) && saysTitleAmount(goal, c))) return true;
  // A check-in about this one goal: "Done!" needs no title word.
  return onlyGoal && clauses.some(saysDone) && !heard.some((c) => NOT_DONE.test(c));
}

/** "Birdhouse done (that's 3!)": one thing finished, and the count it brings a goal to. */
export const ONE_MORE_FINISHED = /\b(?:done|finished|completed)\b[^\d]*\b(?:that'?s|that is|which makes|makes|making it)\s*$/;
/** The one goal of finishing whole things that this count is one past ("Finish 6 woodworking projects" at 2, for 3); none when two could be. */
export function finishingAt(numeric: AiGoal[], value: number): AiGoal[] {
  const fits = numeric.filter((g) => /^\s*(?:finish|complete)\b/i.test(g.title) && !measured(g) && g.currentValue + 1 === value);
  return fits.length === 1 ? fits : [];
}

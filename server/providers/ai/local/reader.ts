import type { AiGoal, GoalProgress } from '../types';
import { candidatesFor, nearbyGoals } from './candidates';
import { passedOnTo } from './claims';
import { ALREADY_REPORTED, CORRECTION, CORRECTION_AT_END, NEGATION, OTHERS, UNSURE, WITHDRAWAL } from './cues';
import { isLoss, named, saving } from './goal-names';
import { type Mention, mentionsIn, type Unread } from './mentions';
import { balanceLeft, notMoneyOfGoal } from './money';
import { digitise, dozensCounted } from './numbers';
import { ordinalTotals } from './ordinals';
import { type ClauseAt, type Last, ReadState, type ReplyText } from './read-state';
import { record } from './record';
import { portion, setAsideAsSaid, setAsideForGoal } from './set-aside';
import { notesFor, settle } from './settle';
import { taskDone } from './tasks';
import { isCurrency, trackable } from './text';
import { conversion } from './units';
import { countWordings, listedDays, tickedDays, verbsStartClauses, withoutDateLists } from './wordings';
import { oneGoal } from './which-goal';

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

/**
 * The steps: normalise the text, split it into clauses, read each clause's numbers ("mentions") into claims of goals, settle the
 * claims per goal, then the tasks said done.
 */
export function readReply(reply: string, goals: AiGoal[], isGlobal: boolean): Reading {
  const text = normalised(reply, goals);
  const heard = heardClauses(text, goals);
  const clauses = heard.filter((c) => c && !OTHERS.test(c) && !ALREADY_REPORTED.test(c));
  const joins = joinsAfter(text, clauses);
  const sentenceEnds = joins.map((j) => /[.!?;\n]/.test(j));
  const replyText: ReplyText = { reply, text, clauses, joins, sentenceEnds, numeric: goals.filter(trackable), goals, isGlobal };
  const state = new ReadState();
  for (const [index, clause] of clauses.entries()) readClause(index, clause, replyText, state);
  const progress = settle(state, replyText);
  const notes = notesFor(state, progress);
  const onlyGoal = goals.length === 1;
  for (const g of goals.filter((x) => !trackable(x))) {
    if (taskDone(g, clauses, heard, goals, onlyGoal)) progress.push({ goalId: g.id, value: null, completed: true });
  }
  return { progress, unattributed: notes, saidNothing: [...state.saidNothing] };
}

/** The reply with its numbers as digits, its wordings rewritten, and its question marks, check marks and emoji ending clauses. */
function normalised(reply: string, goals: AiGoal[]): string {
  // A question mark stays with its clause (a question or an unsure number abstains there) and ends it.
  // A check mark ends what it ticks off; any other emoji between words ends its sentence ("won 7 😎 phone thing was fine").
  return countWordings(
    listedDays(withoutDateLists(digitise(dozensCounted(tickedDays(reply, goals), goals))), goals)
      .replace(/\?+/g, '?;')
      .replace(/(?<=[a-z]\s*)(✅|✔️?|☑️)(?=\s*[a-z])/gu, '$1;')
      .replace(/(?<=[a-z\d]\s*)(\p{Extended_Pictographic}[\p{Extended_Pictographic}\p{Emoji_Modifier}\u{FE0F}\u{200D}]*)(?=\s+[a-z])/gu, '$1;'),
    goals,
  );
}

/** Sentence ends ("incl." is no end), commas, dashes and "and"-like words. */
const CLAUSE_SPLIT = /(?:(?<!\bincl?)\.(?!\d)|[!;\n]|\s[-–—+]\s|,\s*(?:and|but|then|plus|also)?\s*|\s+(?:and|but|plus|also|then|&)\s+)+/;

/**
 * The clauses of the text, each without the asides that repeat what the coach has. Someone else's doing ("my sister who ran 5k",
 * "he did 3") is not the client's progress: a "who" starts a clause of its own, for readReply to drop with the others'.
 */
function heardClauses(text: string, goals: AiGoal[]): string[] {
  return verbsStartClauses(text, goals)
    .split(CLAUSE_SPLIT)
    .flatMap((c) => c.split(/\s+(?=who\b)/))
    .map((c) => withoutReportedAside(c).trim());
}

/**
 * "3 more sunday (last wk's 5 u already have)": an aside with its own number the coach already has is no news, the rest of its
 * clause is. An aside without a number ("4 hrs (told you already)") says it of the clause's own amount, so the clause goes.
 * "at 7.9k followers (my sister's shop is at 9k)": an aside with a number of someone else's is theirs, as a clause of theirs would be.
 */
const withoutReportedAside = (clause: string) =>
  clause.replace(/\(([^)]*\d[^)]*)\)?/g, (aside: string, inner: string) => (ALREADY_REPORTED.test(inner) || OTHERS.test(inner.trim()) ? ' ' : aside));

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

/** Reads one clause into the state: its ordinals, the amount it passes on, a "nothing done", then each of its mentions. */
function readClause(index: number, clause: string, replyText: ReplyText, state: ReadState): void {
  const { clauses, numeric, goals } = replyText;
  if (state.claims.some((c) => c.clause === index - 1 && onlyTheAmount(clause, c.value))) return;
  const at: ClauseAt = { ...replyText, index, clause, previous: clauses[index - 1] ?? '', next: clauses[index + 1] ?? '', corrects: correctionOf(index, clause, replyText, state) };
  // "pulled out 100, put in 300": what is left in the account is not said, so no amount of the reply is the saving.
  if (WITHDRAWAL.test(clause) && /\d/.test(clause)) state.doubt(...numeric.filter(saving));
  const ordinals = ordinalTotals(clause, numeric);
  for (const o of ordinals) {
    state.claims.push({ goal: o.goal, mode: 'total', value: o.value, clause: index });
    // "that's song 5 of 8?? no wait 4": a correction right after goes on with the goal the ordinal counted.
    state.last = { goal: o.goal, factor: 1, clause: index };
  }
  const unreadHere: Unread[] = [];
  const mentions = mentionsIn(clause, numeric, unreadHere, replyText.text).filter((m) => !ordinals.some((o) => o.at === m.before.length));
  for (const u of unreadHere) state.unplaced.push({ ...u, clause: index });
  const claimsBefore = state.claims.length;
  const passedOn = passedOnTo(clause, index, state.last, state.claims, numeric, goals);
  if (passedOn) state.claims.push(passedOn);
  // "didn't run at all", "no progress on the book"
  // "the total I am not sure": not knowing a number is no saying nothing was done.
  if (mentions.length === 0 && NEGATION.test(clause.replace(UNSURE, ' ')) && ordinals.length === 0 && state.correcting !== index) for (const g of named(clause, numeric, goals)) state.saidNothing.add(g.id);
  for (const m of mentions) readMention(m, at, state);
  dropUnreadCorrection(at, claimsBefore, state);
}

/** Marks the clause as correcting when it says so; the last amount, when this clause or the one before corrects it. */
function correctionOf(index: number, clause: string, { clauses, joins }: ReplyText, state: ReadState): Last | undefined {
  // "5k! wait, and 3k on monday": a "wait" that goes on with "and" adds, it does not correct.
  const waitAndMore = /^(?:oh )?wait$/.test(clauses[index - 1] ?? '') && /\b(?:and|also|plus)\b/.test(joins[index - 1] ?? '');
  if (CORRECTION.test(clause) || (CORRECTION_AT_END.test(clauses[index - 1] ?? '') && !waitAndMore)) state.correcting = index;
  const { correcting, last } = state;
  return (correcting === index || correcting === index - 1) && last !== undefined && index - last.clause <= 2 ? last : undefined;
}

/** "6 hrs. actually it was more like 5": a correction whose number could not be read leaves the number it corrects unknown too. */
function dropUnreadCorrection({ index, clause, corrects }: ClauseAt, claimsBefore: number, state: ReadState): void {
  const { claims } = state;
  const unread = state.correcting === index && corrects !== undefined && /\d/.test(clause) && claims.length === claimsBefore ? claims.findLast((c) => c.goal.id === corrects.goal.id) : undefined;
  if (unread) {
    claims.splice(claims.indexOf(unread), 1);
    state.note(`"${unread.goal.title}": the reply corrects a number in a way that could not be read; not recorded.`);
  }
}

/** Reads one mention: the goals it could be for, the one it is for, whether it is set aside, and how it is recorded. */
function readMention(m: Mention, at: ClauseAt, state: ReadState): void {
  const nearby = nearbyGoals(m, at);
  if (setAsideAsSaid(m, nearby, at, state)) return;
  const found = candidatesFor(m, nearby, at, state);
  if (!found) return;
  const goal = oneGoal(m, found, nearby, at, state);
  if (!goal || setAsideForGoal(m, goal, nearby, at, state)) return;
  // "loan balance is down to 7,450" for "Pay down my $18,000 student loan": what is left of the whole debt.
  const leftOfDebt = balanceLeft(m, goal);
  if (isCurrency(goal.unit) && notMoneyOfGoal(m, goal, leftOfDebt, at, state)) return;
  if (isLoss(goal) && portion(m)) return;
  const factor = found.inheritedFactor ?? (m.unit && goal.unit ? (conversion(m.unit, goal.unit) ?? 1) : 1);
  // A body-weight reading ("scale says 171") is no amount lost; two of them, start and now, are. "600g" is an amount, in kg 0.6.
  if (isLoss(goal) && m.value * factor > goal.target! * 2) {
    state.readings.push({ goal, value: m.value, start: /\b(start(ed)?|began|from|was)\b[^\d]*$/.test(m.before.slice(-25)) });
    return;
  }
  record(m, goal, factor, leftOfDebt, at, state);
}

/**
 * "sold a dozen dozen lol. twelve dozen.": a clause of nothing but the amount (and its unit) says the amount just said again, for
 * emphasis ("dozen" is read as its 12 by then, so "12 12" is still the one amount).
 */
function onlyTheAmount(clause: string, value: number): boolean {
  const amount = new RegExp(`(?<![\\d.])${String(value).replace('.', '\\.')}(?![\\d.])`, 'g');
  return amount.test(clause) && /^[a-z$]*$/.test(clause.replace(amount, '').trim());
}

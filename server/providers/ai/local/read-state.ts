import type { AiGoal } from '../types';
import type { Claim } from './claims';
import { type Mention, notDone } from './mentions';
import type { Unplaced } from './net';
import { formatNumber } from './text';

/** What reading a reply shares between its clauses: the reply as split, the clause at hand, and what has been read so far. */

/** The reply as split into clauses, and the goals it is read for. */
export interface ReplyText {
  /** The reply as written (its emoji name doings). */
  reply: string;
  /** The reply with its numbers and wordings normalised for reading (see readReply). */
  text: string;
  clauses: string[];
  /** Per clause, what joins it to the next one. */
  joins: string[];
  /** Whether a sentence ends after the clause (a full stop, "!", "?", ";", a line break or an emoji), rather than a comma or an "and". */
  sentenceEnds: boolean[];
  /** The goals with a number to move. */
  numeric: AiGoal[];
  goals: AiGoal[];
  isGlobal: boolean;
}

/** The last amount given a goal: the goal, what one of its unit is in the goal's, and its clause. */
export interface Last {
  goal: AiGoal;
  factor: number;
  clause: number;
}

/** One clause being read, in its reply. */
export interface ClauseAt extends ReplyText {
  index: number;
  clause: string;
  /** The clauses right before and after it, '' at either end. */
  previous: string;
  next: string;
  /** The amount this clause corrects, if it corrects one. */
  corrects: Last | undefined;
}

/** A bare number that could be an amount done or where its goal stands; the rest of the reply may say which. */
export interface AmountOrTotal {
  claim: Claim;
  said: string;
  counted: boolean;
}

/** What the reader has made of the reply so far. */
export class ReadState {
  readonly claims: Claim[] = [];
  /** For the coach: what could not be tied to one goal. */
  readonly unattributed: string[] = [];
  /** Goals the reply says explicitly had nothing ("didn't run at all"). */
  readonly saidNothing = new Set<string>();
  /** Body-weight readings of a goal of losing ("scale says 171"), the first said as where it started. */
  readonly readings: { goal: AiGoal; value: number; start: boolean }[] = [];
  /** Bare numbers beside several goals that may only confirm a total read elsewhere, with their note in unattributed. */
  readonly confirmations: { value: number; note: number }[] = [];
  /** Goals the reply says went the wrong way ("gained 1 back"): no net of theirs can be trusted. */
  readonly contradicted = new Set<string>();
  /** Goals an amount of the reply was said of but not taken for (multiplied, shared, amount or total): their other amounts alone are no full count. */
  readonly doubted = new Set<string>();
  /** Bare numbers that could be an amount done or where their goal stands; the rest of the reply may say which (see listedAsAmounts). */
  readonly amountOrTotal: AmountOrTotal[] = [];
  /** Numbers the reader could not place, neither given to a goal nor set aside for a reason: the precision net's evidence. */
  readonly unplaced: Unplaced[] = [];
  last: Last | undefined;
  /** The clause that said the next number corrects the last one (it may stand alone: "wait no, 2050"). */
  correcting = -1;
  /** The clause of the last amount set aside for a unit no goal takes ("4 miles" beside a goal in km). */
  foreignAt = -2;

  unplace(m: Mention, clause: number): void {
    if (!notDone(m.before, m.after)) this.unplaced.push({ value: m.value, unit: '', said: formatNumber(m.value), segment: m.wide, clause });
  }

  doubt(...goals: AiGoal[]): void {
    for (const g of goals) this.doubted.add(g.id);
  }

  note(text: string): void {
    this.unattributed.push(text);
  }
}

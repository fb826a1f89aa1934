import type { AiGoal } from '../types';
import { EARNED, INCOME, NET_OF_FEES, PURCHASE, PUT_ASIDE, SPEND } from './cues';
import { EARNING, named, PAYING_OFF, saving } from './goal-names';
import type { Mention } from './mentions';
import type { ClauseAt, ReadState } from './read-state';
import { isCurrency } from './text';

/** Money said in a reply that is no payment, saving or earning of a goal: prices, bills, balances, income not put aside. */

/** "sold 3 games for $45": money after "for" in a sale, beside goals that count things, is what they sold for. */
export const salePrice = (m: Mention, nearby: AiGoal[]) => isCurrency(m.unit) && /\b(?:sold|sell|selling)\b[^.!?]*\bfor\s*$/.test(m.before) && nearby.length > 0 && nearby.every((g) => !isCurrency(g.unit));
/** "paid 80 for": bought by the client ("got paid 80 for" is earned). */
const BOUGHT_FOR = /(?<!\b(?:got|get|gets|getting|was|were|been|be|being)\s)\bpaid\s*\$?\s*$/;

/** "made 215", "earned $80": money said right after a verb of earning it. */
export const EARNED_AMOUNT = /\b(?:made|earned|netted|brought in|took in|got paid|was paid)\s*\$?\s*$/;
/** The one goal of earning money, if only one of the check-in's goals is. */
export function oneEarningGoal(numeric: AiGoal[]): AiGoal[] {
  const earning = numeric.filter((g) => g.unit !== null && isCurrency(g.unit) && EARNING.test(g.title));
  return earning.length === 1 ? earning : [];
}

/**
 * "loan balance is down to 7,450" for "Pay down my $18,000 student loan": the balance of a debt whose title states the whole of it
 * (its target) is what is left of it ("Pay $2,000 off the card" does not say what the card owes, so its balance says nothing).
 */
export const balanceLeft = (m: Mention, goal: AiGoal) =>
  isCurrency(goal.unit) && PAYING_OFF.test(goal.title) && /\bbalance\b/.test(m.lead) && m.value < goal.target! && statesWhole(goal) && !/\boff\b/i.test(goal.title.replace(/^\s*pay off\b/i, ''));

/** Whether the title says the goal's target in figures ("$18,000 student loan"). */
const statesWhole = (goal: AiGoal) => (goal.title.match(/\d[\d,]*(?:\.\d+)?/g) ?? []).some((n) => Number(n.replace(/,/g, '')) === goal.target);

/**
 * A price or a bill is no saving ("needed tires ($380)": an amount in brackets after a thing is its price);
 * a goal of paying something off takes payments, never a purchase. Whether the amount, for a goal counted in money, is set aside.
 */
export function notMoneyOfGoal(m: Mention, goal: AiGoal, leftOfDebt: boolean, at: ClauseAt, state: ReadState): boolean {
  const payingOff = PAYING_OFF.test(goal.title);
  // "180 bucks for a fence repair" is what a handyman earns.
  const earning = EARNING.test(goal.title);
  // "card balance is 1500 now": what is still owed, not what was paid; what is left of the whole debt when the title states it.
  if (payingOff && /\bbalance\b/.test(m.lead) && !leftOfDebt) return true;
  // "paid 80 for it at the estate sale" for a goal of earning from flips: what the thing cost, so any price it sold for is no
  // earning either; only a net said as such ("so that's 230 profit") is.
  if (earning && BOUGHT_FOR.test(m.before) && /^\s*(?:\$|usd|dollars?|bucks)?\s*for\b/.test(m.after)) {
    state.doubt(goal);
    return true;
  }
  // "got a $500 bonus": money received is no saving until the reply says it was put aside.
  if (saving(goal) && INCOME.test(m.wide) && !PUT_ASIDE.test(`${at.clause} ${at.next}`)) return true;
  // "the app charged me twice, $19.99 x2": a bill said in the clause before, in the same sentence, is what the amount is;
  // "paid 400 on the card and made 215 from etsy": a clause with its own earning is not that bill.
  // "paid 200 to the dentist n 50 to the holiday fund": the same paying, to a goal named right after, is money put there.
  const paidToGoal = /^\s*[a-z$]*\s*(?:to|towards?)\b/.test(m.after) && named(m.after, [goal], at.goals).length > 0;
  const billedBefore = at.index > 0 && !at.sentenceEnds[at.index - 1] && SPEND.test(at.previous) && !PUT_ASIDE.test(at.clause) && !EARNED.test(at.clause) && !paidToGoal;
  const price = SPEND.test(m.wide.replace(NET_OF_FEES, '')) || billedBefore || /\(\s*$/.test(m.before) || /^\s*(?:\$|usd|dollars?|bucks)?\s*on\b(?! top\b)/.test(m.after);
  // A purchase said after the payment ("300 to the loan, rent was due") is another sentence's.
  return payingOff || earning ? PURCHASE.test(m.segment.replace(NET_OF_FEES, '')) && !(earning && /\brepair/.test(m.segment) && !/\b(spent|spend|bought|cost|paid)\b/.test(m.segment)) : price;
}

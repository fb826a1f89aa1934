import { currencySymbol } from '@/lib/goal-units';
import type { AiGoal } from '../types';

/** Formatting shared by the local writer and reader: numbers, quantities, SMS length, variety. */

export const SMS_LIMIT = 320;

export const trackable = (g: AiGoal) => g.target !== null && g.target > 0;

const NUMBER_FORMAT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** 4200 → "4,200"; 2.456 → "2.46". One formatter: building one per call was most of a check-in's writing time. */
export function formatNumber(n: number): string {
  return NUMBER_FORMAT.format(n);
}

export const symbolOf = (unit: string | null) => currencySymbol(unit) ?? undefined;
export const isCurrency = (unit: string | null) => symbolOf(unit) !== undefined;

/** The unit for one of it: "1 step", "1 glass", "1 km". */
function unitFor(unit: string, n: number): string {
  if (n !== 1 || !/[a-z]s$/i.test(unit)) return unit;
  if (/(ss|sh|ch|x)es$/i.test(unit)) return unit.slice(0, -2);
  return unit.slice(0, -1);
}

/** "4,200 steps", "$1,250", "12 km", "3" (no unit). */
export function quantity(goal: Pick<AiGoal, 'unit'>, n: number): string {
  const symbol = symbolOf(goal.unit);
  if (symbol) return `${symbol}${formatNumber(n)}`;
  return goal.unit ? `${formatNumber(n)} ${unitFor(goal.unit, n)}` : formatNumber(n);
}

/** "4,200 of your 10,000 steps", "$1,250 of your $5,000" (to the client); without "your" for the coach. */
export function ofTarget(goal: AiGoal, value = goal.currentValue, your = true): string {
  const symbol = symbolOf(goal.unit);
  const now = symbol ? `${symbol}${formatNumber(value)}` : formatNumber(value);
  return `${now} of ${your ? 'your ' : ''}${quantity(goal, goal.target ?? 0)}`;
}

/**
 * A goal whose target is a count per day ("Walk 10,000 steps a day"): a number reported for today is
 * the day's total, not an increment. "Meditate 10 minutes daily" counted in sessions is not: its
 * target (30 sessions) is not the daily amount.
 */
export function isDaily(goal: Pick<AiGoal, 'title' | 'target' | 'unit'>): boolean {
  if (goal.target === null || !/\b(a|per|each|every) (day|night)\b|\bdaily\b|\bnightly\b|\bevery ?day\b/i.test(goal.title)) return false;
  // "Floss every night (30 nights)": a goal counted in days or nights counts them, it has no daily amount.
  if (goal.unit && /^(days?|nights?)$/i.test(goal.unit.trim())) return false;
  const title = goal.title.toLowerCase().replace(/(\d),(\d{3})/g, '$1$2');
  const amount = new RegExp(`(^|[^\\d.])(${goal.target}|${goal.target / 1000}k)\\s*([a-z]+)?`).exec(title);
  // The target must be the daily amount itself: "10,000 steps a day" counted in steps, not "Walk 30 minutes daily" counted in days,
  // nor "twice daily on 14 days", where the target counts the days.
  if (amount && /\b(on|for)\s*$/.test(title.slice(0, amount.index + amount[1]!.length))) return false;
  // "Read 30 min daily — 1,500 minutes": another number is the day's amount, so the target is the whole's.
  const perDay = /(\d+(?:\.\d+)?)\s*[a-z]*\s*(?:(?:a|per|each|every) (?:day|night)|daily|nightly|every ?day)\b/.exec(title);
  if (perDay && Number(perDay[1]) !== goal.target) return false;
  // "Read every day: 1,200 minutes a month": the target is the month's amount, not the day's.
  if (amount && /^\s*(?:[a-z]+\s+)?(?:a|per|this|each|every|in the) (?:week|month|quarter|year)\b/.test(title.slice(amount.index + amount[0].length))) return false;
  return Boolean(amount && (!amount[3] || !goal.unit || amount[3].startsWith(goal.unit.toLowerCase().slice(0, 3))));
}

/** Whether the goal's unit is a word of its title ("Walk 10,000 steps a day" and "steps"). */
export const unitInTitle = (goal: AiGoal) => Boolean(goal.unit && !isCurrency(goal.unit) && new RegExp(`\\b${goal.unit.replace(/[^a-z0-9]/gi, '')}\\b`, 'i').test(goal.title));

/** Cuts to the SMS limit on a word boundary, keeping a signature whole. */
export function fitSms(body: string, signature: string | null, max = SMS_LIMIT): string {
  const tail = signature ? ` ${signature}` : '';
  const room = max - tail.length;
  const text = body.length <= room ? body : `${body.slice(0, room - 1).replace(/\s+\S*$/, '')}…`;
  return `${text}${tail}`;
}

/** FNV-1a of the parts: the same check-in always reads the same, different ones vary. */
export function seedOf(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('|')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

export function pick<T>(list: readonly T[], seed: number, salt = 0): T {
  return list[(seed + salt * 7919) % list.length]!;
}


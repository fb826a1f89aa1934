/**
 * Goal units that are money: the AI reads goals in dollars, pounds and euros, and the coach sees
 * the amount with its symbol ("£1,200 → £1,450") instead of "1,200 → 1,450 gbp".
 */
export const CURRENCY_UNITS = {
  usd: { symbol: '$', units: ['$', 'usd', 'dollar', 'dollars', 'bucks'] },
  gbp: { symbol: '£', units: ['£', 'gbp', 'quid'] },
  eur: { symbol: '€', units: ['€', 'eur', 'euro', 'euros'] },
} as const;

/** The currency symbol of a goal's unit, or null when the unit is not money. */
export function currencySymbol(unit: string | null): string | null {
  if (unit === null) return null;
  const u = unit.trim().toLowerCase();
  const hit = Object.values(CURRENCY_UNITS).find((c) => (c.units as readonly string[]).includes(u));
  return hit?.symbol ?? null;
}

/** One amount of a goal as a coach reads it: "4,200", "£1,450" (the unit itself is added by `withUnit`). */
export function formatGoalNumber(value: number, unit: string | null): string {
  return `${currencySymbol(unit) ?? ''}${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;
}

/** "4,200 steps", "£1,450": an amount with its unit, money as a symbol in front. */
export function formatGoalAmount(value: number, unit: string | null): string {
  const n = formatGoalNumber(value, unit);
  return unit && currencySymbol(unit) === null ? `${n} ${unit}` : n;
}

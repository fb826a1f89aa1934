import { LANGUAGE_LOCALES, type ClientLanguage } from '@/lib/languages';
import type { AiGoal } from '../types';
import { phrasesFor, type UnitWord } from './phrases';
import { isCurrency, ofTarget, quantity, symbolOf } from './text';

/**
 * Quantities in the client's language: "4.200 de tus 10.000 pasos", "1 250 $". English keeps the
 * writer's own formatting (text.ts); the others go through Intl with the language's locale.
 */

const CURRENCY_CODES: Record<string, string> = { $: 'USD', '£': 'GBP', '€': 'EUR' };

// Spanish leaves four-digit numbers ungrouped by default ("4200"); a text reads better grouped like the rest.
const numberFormat = (language: ClientLanguage) => new Intl.NumberFormat(LANGUAGE_LOCALES[language], { maximumFractionDigits: 2, useGrouping: 'always' });

export function numberIn(language: ClientLanguage, n: number): string {
  return numberFormat(language).format(n);
}

function moneyIn(language: ClientLanguage, symbol: string, n: number): string {
  const code = CURRENCY_CODES[symbol] ?? 'USD';
  return new Intl.NumberFormat(LANGUAGE_LOCALES[language], { style: 'currency', currency: code, currencyDisplay: 'narrowSymbol', minimumFractionDigits: 0, maximumFractionDigits: 2, useGrouping: 'always' }).format(n);
}

/** The goal's unit in this language: the table's word when it is a common one, else as the coach wrote it. */
function unitForms(language: ClientLanguage, unit: string) {
  return phrasesFor(language).units[unit.trim().toLowerCase()] ?? { one: unit, many: unit, feminine: false };
}

/** The unit a question names ("¿Cuántos pasos…?"), or null for a currency or no unit. */
export function unitWordIn(language: ClientLanguage, goal: Pick<AiGoal, 'unit'>): UnitWord | null {
  if (!goal.unit || isCurrency(goal.unit)) return null;
  if (language === 'en') return { word: goal.unit, feminine: false };
  const forms = unitForms(language, goal.unit);
  return { word: forms.many, feminine: forms.feminine ?? false };
}

export function quantityIn(language: ClientLanguage, goal: Pick<AiGoal, 'unit'>, n: number): string {
  if (language === 'en') return quantity(goal, n);
  const symbol = symbolOf(goal.unit);
  if (symbol) return moneyIn(language, symbol, n);
  if (!goal.unit) return numberIn(language, n);
  const forms = unitForms(language, goal.unit);
  return `${numberIn(language, n)} ${n === 1 ? forms.one : forms.many}`;
}

/** "4.200 de tus 10.000 pasos". */
export function ofTargetIn(language: ClientLanguage, goal: AiGoal, value = goal.currentValue): string {
  if (language === 'en') return ofTarget(goal, value);
  const symbol = symbolOf(goal.unit);
  const now = symbol ? moneyIn(language, symbol, value) : numberIn(language, value);
  return phrasesFor(language).ofTarget(now, quantityIn(language, goal, goal.target ?? 0), true);
}

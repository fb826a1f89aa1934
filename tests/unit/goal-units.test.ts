import { describe, expect, it } from 'vitest';
import { currencySymbol, formatGoalAmount, formatGoalNumber } from '@/lib/goal-units';

describe('goal units that are money', () => {
  it.each([
    ['$', '$'],
    ['USD', '$'],
    ['£', '£'],
    ['gbp', '£'],
    ['quid', '£'],
    ['€', '€'],
    ['EUR', '€'],
    ['euro', '€'],
    ['euros', '€'],
  ])('%s is shown as %s', (unit, symbol) => {
    expect(currencySymbol(unit)).toBe(symbol);
    expect(formatGoalAmount(1450, unit)).toBe(`${symbol}1,450`);
  });

  it('leaves other units after the number', () => {
    expect(currencySymbol('steps')).toBeNull();
    expect(currencySymbol(null)).toBeNull();
    expect(formatGoalAmount(4200, 'steps')).toBe('4,200 steps');
    expect(formatGoalAmount(3, null)).toBe('3');
    expect(formatGoalNumber(12.5, 'km')).toBe('12.5');
  });
});

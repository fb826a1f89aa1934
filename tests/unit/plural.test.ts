import { describe, expect, it } from 'vitest';
import { countOf } from '@/lib/plural';

describe('countOf', () => {
  it.each([
    [0, 'call', '0 calls'],
    [1, 'call', '1 call'],
    [2, 'call', '2 calls'],
    [1204, 'check-in', '1,204 check-ins'],
    [1, 'goal', '1 goal'],
  ])('%i %s → %s', (n, noun, expected) => {
    expect(countOf(n, noun)).toBe(expected);
  });

  it('takes an irregular plural', () => {
    expect(countOf(3, 'reply', 'replies')).toBe('3 replies');
    expect(countOf(1, 'reply', 'replies')).toBe('1 reply');
  });
});

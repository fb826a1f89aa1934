import { describe, expect, it } from 'vitest';
import { meetsAllRequirements, passwordStrength, STRENGTH_LABELS } from '@/lib/password-rules';

describe('password strength (spec 01 §5)', () => {
  it.each([
    ['', 0],
    ['abc', 1],
    ['abcdefgh', 2],
    ['Abcdefgh', 3],
    ['Abcdefg1', 4],
    ['Abcdefgh1!xyz', 4],
  ])('scores %j as %i', (password, score) => {
    expect(passwordStrength(password)).toBe(score);
  });

  it('labels every score', () => {
    expect(STRENGTH_LABELS).toEqual(['Very weak', 'Weak', 'Fair', 'Good', 'Strong']);
  });

  it('requires all five reset requirements', () => {
    expect(meetsAllRequirements('Abcdefg1!')).toBe(true);
    expect(meetsAllRequirements('abcdefg1!')).toBe(false);
    expect(meetsAllRequirements('ABCDEFG1!')).toBe(false);
    expect(meetsAllRequirements('Abcdefgh!')).toBe(false);
    expect(meetsAllRequirements('Abcdefg12')).toBe(false);
    expect(meetsAllRequirements('Ab1!')).toBe(false);
  });
});

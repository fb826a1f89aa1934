import { describe, expect, it } from 'vitest';
import { meetsAllRequirements, passwordStrength, STRENGTH_LABELS } from '@/lib/password-rules';
import { VALIDATION } from '@/lib/constants';
import { judgePassword, loadPasswordEstimator, passwordUserInputs } from '@/lib/password-strength';

describe('password strength (product §1.5)', () => {
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

describe('guessability (lib/password-strength, zxcvbn)', () => {
  it.each(['Password1!', 'password!', 'P@ssw0rd!', 'Qwerty123!', 'Summer2024!'])('refuses %j, which meets the character rules', async (password) => {
    const verdict = judgePassword(await loadPasswordEstimator(), password, []);
    expect(verdict.acceptable).toBe(false);
    expect(verdict.score).toBeLessThan(3);
    expect(verdict.message?.startsWith(VALIDATION.passwordTooWeak)).toBe(true);
  });

  it.each(['Cadence!Tr41l-Maple', 'Coach!Passw0rd-42', 'Adm1n!Passw0rd-Test', 'Fresh!Maple42x'])('accepts the test fixture %j', async (password) => {
    expect(judgePassword(await loadPasswordEstimator(), password, passwordUserInputs({ email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' }))).toEqual({
      score: 4,
      acceptable: true,
      message: null,
    });
  });

  it('accepts eight random characters, the spec\'s minimum (zxcvbn: exactly 10^8 guesses)', async () => {
    expect(judgePassword(await loadPasswordEstimator(), 'Qz7!kLmw', []).acceptable).toBe(true);
  });

  it("counts the owner's own name and address as first guesses", async () => {
    const zxcvbn = await loadPasswordEstimator();
    expect(judgePassword(zxcvbn, 'Zaberski!2026', []).acceptable).toBe(true);
    expect(judgePassword(zxcvbn, 'Zaberski!2026', passwordUserInputs({ lastName: 'Zaberski' })).acceptable).toBe(false);
    expect(passwordUserInputs({ email: 'Quinn.Moss@example.com', firstName: 'Quinn' })).toEqual(['quinn.moss@example.com', 'quinn.moss', 'quinn', 'moss', 'example', 'cadence']);
  });
});

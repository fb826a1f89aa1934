import type { Score, ZxcvbnFactory } from '@zxcvbn-ts/core';
import { VALIDATION } from './constants';

/**
 * The least number of guesses (as a power of ten) zxcvbn must estimate for a new password
 * (decision 0063): 10^8 is where zxcvbn's score 3 begins, out of reach of an
 * online attack and slow against an offline one on argon2id. Taken as guesses rather than
 * `score >= 3` because zxcvbn gives score 2 to exactly 10^8, which is what eight random characters
 * (the spec's minimum length) are estimated at.
 */
export const PASSWORD_MIN_GUESSES_LOG10 = 8;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn with its common-password list and English dictionaries, loaded on first use. The
 * dictionaries are about 1.5 MB of script: a dynamic import keeps them in a chunk of their own that
 * only a page with a password form fetches, when its form first needs a verdict.
 */
export function loadPasswordEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  return estimator;
}

export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  username?: string | null;
}

/** Words an attacker who knows the person would try first: their name and the parts of their address. */
export function passwordUserInputs(owner: PasswordOwner): string[] {
  const email = owner.email?.trim().toLowerCase() ?? '';
  const [local = '', domain = ''] = email.split('@');
  const words = [email, local, ...local.split(/[^a-z0-9]+/), ...domain.split('.').slice(0, -1), owner.firstName, owner.lastName, owner.username, 'cadence'];
  return [...new Set(words.map((w) => w?.trim().toLowerCase() ?? '').filter((w) => w.length >= 3))];
}

export interface PasswordVerdict {
  score: Score;
  acceptable: boolean;
  /** Why it is refused, with the estimator's warning and first suggestion; null when acceptable. */
  message: string | null;
}

export function judgePassword(zxcvbn: ZxcvbnFactory, password: string, userInputs: string[]): PasswordVerdict {
  const { score, feedback, guessesLog10 } = zxcvbn.check(password, userInputs);
  if (guessesLog10 >= PASSWORD_MIN_GUESSES_LOG10) return { score, acceptable: true, message: null };
  const advice = [feedback.warning, feedback.suggestions[0]].filter((text): text is string => Boolean(text));
  return { score, acceptable: false, message: [VALIDATION.passwordTooWeak, ...advice].join(' ') };
}

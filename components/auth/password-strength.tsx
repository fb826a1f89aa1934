'use client';

import { useEffect, useMemo, useState } from 'react';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_REQUIREMENTS, passwordStrength, STRENGTH_LABELS } from '@/lib/password-rules';
import { judgePassword, loadPasswordEstimator, passwordUserInputs, type PasswordOwner } from '@/lib/password-strength';
import { cn } from '@/components/ui/cn';

const barColours = ['bg-red-500', 'bg-orange-500', 'bg-yellow-500', 'bg-lime-500', 'bg-green-600'];
/** A password the estimator refuses reads at most Fair, whatever its character-class points. */
const REFUSED_MAX_STRENGTH = 2;

/** zxcvbn, fetched once the first character is typed (its dictionaries are a chunk of their own). */
function usePasswordEstimator(wanted: boolean): ZxcvbnFactory | null {
  const [estimator, setEstimator] = useState<ZxcvbnFactory | null>(null);
  useEffect(() => {
    if (!wanted || estimator) return;
    let live = true;
    loadPasswordEstimator().then((loaded) => live && setEstimator(() => loaded), () => undefined);
    return () => {
      live = false;
    };
  }, [wanted, estimator]);
  return estimator;
}

/**
 * Strength bar (0-4) and, when asked, the requirement checklist. The bar is the spec's points; when
 * the guessability verdict the server also gives (lib/password-strength) refuses the password it
 * reads at most Fair, the message under it says why and the checklist's last row stays unmet.
 */
export function PasswordStrength({
  password,
  checklist = false,
  owner = {},
  fieldHasError = false,
}: {
  password: string;
  checklist?: boolean;
  owner?: PasswordOwner;
  /** The field already shows an error (often the server's same verdict): the message is not repeated. */
  fieldHasError?: boolean;
}) {
  const estimator = usePasswordEstimator(password.length > 0);
  const { email, firstName, lastName, username } = owner;
  const verdict = useMemo(
    () => (estimator && password ? judgePassword(estimator, password, passwordUserInputs({ email, firstName, lastName, username })) : null),
    [estimator, password, email, firstName, lastName, username],
  );
  const points = passwordStrength(password);
  const score = verdict && !verdict.acceptable ? Math.min(points, REFUSED_MAX_STRENGTH) : points;
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex gap-1" role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={4} aria-valuenow={score} aria-valuetext={STRENGTH_LABELS[score]}>
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={cn('h-1.5 flex-1 rounded-full', password && i < Math.max(score, 1) ? barColours[score] : 'bg-stone-200 dark:bg-stone-700')} />
        ))}
      </div>
      {password && <p className="text-xs text-stone-600 dark:text-stone-400">Strength: {STRENGTH_LABELS[score]}</p>}
      {verdict?.message && !fieldHasError && (
        <p className="text-xs text-red-700 dark:text-red-400" data-testid="password-verdict">
          {verdict.message}
        </p>
      )}
      {checklist && (
        <ul className="space-y-1 text-xs">
          {PASSWORD_REQUIREMENTS.map((r) => {
            const met = r.test(password);
            return (
              <li key={r.id} className={met ? 'text-green-700 dark:text-green-400' : 'text-stone-500 dark:text-stone-400'}>
                <span aria-hidden>{met ? '✓' : '○'}</span> {r.label}
                <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
              </li>
            );
          })}
          <li className={verdict?.acceptable ? 'text-green-700 dark:text-green-400' : 'text-stone-500 dark:text-stone-400'}>
            <span aria-hidden>{verdict?.acceptable ? '✓' : '○'}</span> Hard to guess
            <span className="sr-only">{verdict?.acceptable ? ' (met)' : ' (not met)'}</span>
          </li>
        </ul>
      )}
    </div>
  );
}

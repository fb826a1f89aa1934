import { PASSWORD_REQUIREMENTS, passwordStrength, STRENGTH_LABELS } from '@/lib/password-rules';
import { cn } from '@/components/ui/cn';

const barColours = ['bg-red-500', 'bg-orange-500', 'bg-yellow-500', 'bg-lime-500', 'bg-green-600'];

/** Strength bar (0-4) and, when asked, the five-item requirement checklist. */
export function PasswordStrength({ password, checklist = false }: { password: string; checklist?: boolean }) {
  const score = passwordStrength(password);
  return (
    <div className="space-y-2" aria-live="polite">
      <div className="flex gap-1" role="meter" aria-label="Password strength" aria-valuemin={0} aria-valuemax={4} aria-valuenow={score} aria-valuetext={STRENGTH_LABELS[score]}>
        {[0, 1, 2, 3].map((i) => (
          <span key={i} className={cn('h-1.5 flex-1 rounded-full', password && i < Math.max(score, 1) ? barColours[score] : 'bg-stone-200 dark:bg-stone-700')} />
        ))}
      </div>
      {password && <p className="text-xs text-stone-600 dark:text-stone-400">Strength: {STRENGTH_LABELS[score]}</p>}
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
        </ul>
      )}
    </div>
  );
}

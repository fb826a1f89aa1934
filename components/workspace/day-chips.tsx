'use client';

import { cn } from '@/components/ui/cn';
import { WEEKDAY_SHORT } from '@/lib/constants';
import { weekdayName } from './metrics';

interface DayChipsProps {
  /** Names the group for screen readers, e.g. "Check-in days". */
  labelledBy: string;
  /** Day indexes 0-6, Monday = 0, that are on. */
  selected: readonly number[];
  onToggle(dayIndex: number): void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/** Mon-Sun toggle buttons (aria-pressed) for choosing weekdays. */
export function DayChips({ labelledBy, selected, onToggle, invalid, describedBy, disabled }: DayChipsProps) {
  return (
    <div role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} className="flex flex-wrap gap-1.5">
      {WEEKDAY_SHORT.map((short, dayIndex) => {
        const on = selected.includes(dayIndex);
        return (
          <button
            key={short}
            type="button"
            aria-pressed={on}
            disabled={disabled}
            onClick={() => onToggle(dayIndex)}
            className={cn(
              'h-9 min-w-12 rounded-full border px-3 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
              on
                ? 'border-brand-600 bg-brand-700 text-white hover:bg-brand-800 dark:border-brand-500 dark:bg-brand-500 dark:text-stone-950 dark:hover:bg-brand-400'
                : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800',
              invalid && !on && 'border-red-400 dark:border-red-500',
            )}
          >
            {/* The visible abbreviation is the name (a spoken "Mon" finds it); the full day shows on hover. */}
            <abbr title={weekdayName(dayIndex)} className="no-underline">
              {short}
            </abbr>
          </button>
        );
      })}
    </div>
  );
}

'use client';

import { cn } from './cn';

interface SwitchProps {
  id: string;
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/** An accessible on/off switch with its label. */
export function Switch({ id, label, description, checked, disabled, onChange }: SwitchProps) {
  return (
    // aria-disabled marks the dimmed label and description as part of an inactive control (WCAG exempts their contrast).
    <div className={cn('flex items-start justify-between gap-4 py-2', disabled && 'opacity-50')} aria-disabled={disabled || undefined}>
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {description && <p className="text-xs text-stone-500 dark:text-stone-400">{description}</p>}
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={checked}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn('relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors disabled:cursor-not-allowed', checked ? 'bg-brand-600' : 'bg-stone-300 dark:bg-stone-600')}
      >
        <span className={cn('absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform', checked && 'translate-x-5')} />
      </button>
    </div>
  );
}

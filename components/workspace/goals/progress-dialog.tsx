'use client';

import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, controlClass } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { formatAmount, plainNumber, type GoalDto } from './goal-types';

/** A slider step of about 1 % of the target: 1 for big targets, finer for small ones. */
const stepFor = (target: number) => (target >= 100 ? 1 : Number((target / 100).toPrecision(1)));

/**
 * The progress adjust overlay: a number input and a slider bound together, and an optional note kept
 * in the progress history. Saving closes it at once; the card shows the new value while it saves.
 */
export function ProgressDialog({ goal, onSave, onClose }: { goal: GoalDto & { target: number }; onSave(value: number, note: string): void; onClose(): void }) {
  const id = useId();
  const [text, setText] = useState(plainNumber(goal.currentValue));
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const value = Number(text);
  const valid = text.trim() !== '' && Number.isFinite(value) && value >= 0;
  const percent = valid ? Math.min(100, Math.round((value / goal.target) * 100)) : null;
  const sliderMax = Math.max(goal.target, goal.currentValue);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) {
      setError('Enter a number of 0 or more');
      return;
    }
    onSave(value, note);
  };

  return (
    <Modal open title={`Adjust progress: ${goal.title}`} onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Target {formatAmount(goal.target, goal.unit)}. Currently {formatAmount(goal.currentValue, goal.unit)}.
        </p>
        <Field id={`${id}-value`} label={goal.unit ? `Current value (${goal.unit})` : 'Current value'} error={error ?? undefined}>
          <Input
            id={`${id}-value`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={text}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-value-error` : `${id}-percent`}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
          />
        </Field>
        <div className="space-y-1">
          <label htmlFor={`${id}-slider`} className="sr-only">
            Current value slider
          </label>
          <input
            id={`${id}-slider`}
            type="range"
            min={0}
            max={sliderMax}
            step={stepFor(goal.target)}
            value={valid ? Math.min(value, sliderMax) : 0}
            aria-valuetext={valid ? `${formatAmount(value, goal.unit)} of ${formatAmount(goal.target, goal.unit)}` : undefined}
            onChange={(e) => {
              setText(plainNumber(Number(e.target.value)));
              setError(null);
            }}
            className="w-full accent-brand-600"
          />
          <div className="flex justify-between text-xs text-stone-500 dark:text-stone-400" aria-hidden>
            <span>0</span>
            <span>{formatAmount(sliderMax, goal.unit)}</span>
          </div>
          <p id={`${id}-percent`} className="text-sm font-medium text-stone-700 dark:text-stone-300">
            {percent === null ? '—' : `${percent}% of target`}
          </p>
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-note`} className="block text-sm font-medium text-stone-700 dark:text-stone-300">
            Note (optional)
          </label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="e.g. Logged during Tuesday's session"
            className={`block w-full resize-y ${controlClass} dark:text-stone-100`}
          />
        </div>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Save progress</Button>
        </div>
      </form>
    </Modal>
  );
}

'use client';

import { useState } from 'react';
import { ADMIN_DATE_RANGES, ADMIN_MESSAGES, ADMIN_VALIDATION } from '@/lib/constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { controlClass } from '@/components/ui/field';
import { addDays, zonedParts } from '@/lib/zoned-time';
import { reportTimezone, type RangeParams } from './admin-api';

export type PresetId = (typeof ADMIN_DATE_RANGES.presets)[number]['id'];

/** The days of a quick range, ending today (both ends included). */
export function presetRange(id: PresetId, today = new Date()): RangeParams {
  const preset = ADMIN_DATE_RANGES.presets.find((p) => p.id === id)!;
  // Today as the admin's profile timezone has it, the zone the reports are cut in.
  const end = zonedParts(reportTimezone(), today).date;
  if (preset.days === null) return { startDate: ADMIN_DATE_RANGES.allTimeStart, endDate: end };
  return { startDate: addDays(end, -(preset.days - 1)), endDate: end };
}

export interface DateRangeState {
  applied: RangeParams;
  draft: RangeParams;
  preset: PresetId | null;
  error: string | null;
}

/** Applied range (what the data shows) and the edited one (applied by Update). Default: last 30 days. */
export function useDateRange(initial: PresetId = '30d') {
  const [state, setState] = useState<DateRangeState>(() => {
    const range = presetRange(initial);
    return { applied: range, draft: range, preset: initial, error: null };
  });
  return {
    ...state,
    choosePreset(id: PresetId) {
      const range = presetRange(id);
      setState({ applied: range, draft: range, preset: id, error: null });
    },
    /** Editing a date clears the quick-range selection (product §2.5). */
    edit(field: keyof RangeParams, value: string) {
      setState((s) => ({ ...s, draft: { ...s.draft, [field]: value }, preset: null, error: null }));
    },
    /** Both dates are needed before a fetch; returns whether the draft was applied. */
    apply(): boolean {
      const { startDate, endDate } = state.draft;
      if (!startDate || !endDate) {
        setState((s) => ({ ...s, error: ADMIN_VALIDATION.dateRangeIncomplete }));
        return false;
      }
      if (startDate > endDate) {
        setState((s) => ({ ...s, error: ADMIN_VALIDATION.dateRangeOrder }));
        return false;
      }
      setState((s) => ({ ...s, applied: { startDate, endDate }, error: null }));
      return true;
    },
  };
}
export type DateRangeModel = ReturnType<typeof useDateRange>;

/** Quick ranges, start and end date and Update (product §2.2 Admin dashboard date controls). */
export function DateRangeControls({ model, pending, withYear, onUpdate }: { model: DateRangeModel; pending: boolean; withYear: boolean; onUpdate(): void }) {
  const presets = ADMIN_DATE_RANGES.presets.filter((p) => withYear || !('overviewOnly' in p && p.overviewOnly));
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Date range">
      <div className="flex flex-wrap gap-1" role="group" aria-label="Quick ranges">
        {presets.map((p) => (
          <button
            key={p.id}
            type="button"
            disabled={pending}
            aria-pressed={model.preset === p.id}
            onClick={() => model.choosePreset(p.id)}
            className={cn(
              'rounded-md border px-3 py-1.5 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60',
              model.preset === p.id
                ? 'border-brand-600 bg-brand-700 text-white'
                : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-200 dark:hover:bg-stone-800',
            )}
          >
            {p.label}
          </button>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="mb-1 block text-xs font-medium text-stone-600 dark:text-stone-300">Start date</span>
          <input type="date" className={controlClass} value={model.draft.startDate} max={model.draft.endDate || undefined} onChange={(e) => model.edit('startDate', e.target.value)} />
        </label>
        <label className="text-sm">
          <span className="mb-1 block text-xs font-medium text-stone-600 dark:text-stone-300">End date</span>
          <input type="date" className={controlClass} value={model.draft.endDate} min={model.draft.startDate || undefined} onChange={(e) => model.edit('endDate', e.target.value)} />
        </label>
        <Button type="button" disabled={pending} onClick={onUpdate}>
          {pending ? ADMIN_MESSAGES.waiting : 'Update'}
        </Button>
      </div>
      {model.error && (
        <p role="alert" className="w-full text-sm text-red-600">
          {model.error}
        </p>
      )}
    </div>
  );
}

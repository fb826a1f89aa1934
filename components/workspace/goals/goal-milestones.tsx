'use client';

import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { MILESTONE_DEFAULT_TARGET_SHARE, WORKSPACE_GOAL_TOASTS as T } from '@/lib/constants';
import type { milestoneInputSchema } from '@/lib/schemas/workspace';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input } from '@/components/ui/field';
import { formatAmount, formatNumber, isTrackable, plainNumber, type GoalDto, type MilestoneDto } from './goal-types';
import { patchCachedGoal, useGoalCall } from './use-goals';

/** A milestone as PATCH /goals/{id} takes it. */
export type MilestoneInput = z.input<typeof milestoneInputSchema>;

export const toInput = (m: MilestoneDto): MilestoneInput => ({
  id: m.id,
  title: m.title,
  description: m.description,
  targetValue: m.targetValue,
  targetPercentage: m.targetPercentage,
  completed: m.completed,
});

/** The share of the goal's target a milestone value stands for, when the goal has a target. */
const percentOf = (value: number | null | undefined, target: number | null) =>
  value === null || value === undefined || target === null || !(target > 0) ? null : Math.min(100, Math.max(0, Math.round((value / target) * 1000) / 10));

interface Draft {
  title: string;
  targetValue: string;
  description: string;
}

/**
 * The goal's milestones: tick to complete, add (a new one's target defaults to 25 % of the goal's,
 * product §2.9), edit and remove. Every change sends the whole list, which the server keeps as sent.
 */
export function GoalMilestones({ goal, clientId, readOnly }: { goal: GoalDto; clientId: string; readOnly?: boolean }) {
  const headingId = useId();
  const run = useGoalCall(clientId);
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  /** 'new' for the add form, a milestone id for the one being edited. */
  const [editing, setEditing] = useState<string | null>(null);
  const trackable = isTrackable(goal);

  const view = goal.archived ? 'archived' : 'active';
  const save = async (list: MilestoneInput[]) => {
    setSaving(true);
    const answer = await run(() => api.patch<{ goal: Pick<GoalDto, 'milestones'> }>(`/goals/${goal.id}`, { milestones: list }), T.milestonesFailed);
    setSaving(false);
    if (answer) patchCachedGoal(queryClient, clientId, view, goal.id, { milestones: answer.goal.milestones });
    return answer !== null;
  };

  const current = goal.milestones.map(toInput);

  /**
   * Ticks shown at once, before the save answers. Each remembers the saved state it was made on, so
   * it stops counting as soon as the saved state changes; a failed save drops it.
   */
  const [ticked, setTicked] = useState<Record<string, { completed: boolean; from: boolean }>>({});
  const isDone = (m: MilestoneDto) => {
    const tick = ticked[m.id];
    return tick && tick.from === m.completed ? tick.completed : m.completed;
  };
  const toggle = async (m: MilestoneDto) => {
    const completed = !isDone(m);
    setTicked((t) => ({ ...t, [m.id]: { completed, from: m.completed } }));
    const saved = await save(current.map((x) => (x.id === m.id ? { ...x, completed } : x)));
    if (!saved) {
      setTicked((t) => {
        const { [m.id]: _dropped, ...rest } = t;
        return rest;
      });
    }
  };
  const remove = (m: MilestoneDto) => void save(current.filter((x) => x.id !== m.id));
  const submitDraft = async (draft: Draft, target: string) => {
    const value = draft.targetValue.trim() === '' ? null : Number(draft.targetValue);
    const fields = {
      title: draft.title.trim(),
      description: draft.description.trim() || null,
      targetValue: value,
      targetPercentage: percentOf(value, goal.target),
    };
    const list = target === 'new' ? [...current, { ...fields, completed: false }] : current.map((x) => (x.id === target ? { ...x, ...fields } : x));
    if (await save(list)) setEditing(null);
  };

  const done = goal.milestones.filter(isDone).length;
  const defaultTarget = trackable ? plainNumber(goal.target * MILESTONE_DEFAULT_TARGET_SHARE) : '';

  return (
    <section aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-3">
        <h4 id={headingId} className="text-sm font-semibold text-stone-900 dark:text-stone-100">
          Milestones{' '}
          {goal.milestones.length > 0 && (
            <span className="font-normal text-stone-500 dark:text-stone-400">
              ({done} of {goal.milestones.length} done)
            </span>
          )}
        </h4>
        {!readOnly && editing !== 'new' && (
          <Button type="button" variant="ghost" className="px-2! py-1! text-brand-700! dark:text-brand-300!" onClick={() => setEditing('new')} disabled={saving}>
            <Plus className="h-4 w-4" aria-hidden />
            Add milestone
          </Button>
        )}
      </div>
      {goal.milestones.length === 0 && editing !== 'new' && <p className="mt-2 text-sm text-stone-500 dark:text-stone-400">No milestones yet.</p>}
      {goal.milestones.length > 0 && (
        <ul className="mt-2 space-y-1.5">
          {goal.milestones.map((m) =>
            editing === m.id ? (
              <li key={m.id}>
                <MilestoneForm
                  initial={{ title: m.title, targetValue: m.targetValue === null ? '' : plainNumber(m.targetValue), description: m.description ?? '' }}
                  unit={goal.unit}
                  showTarget={trackable}
                  saving={saving}
                  submitLabel="Save milestone"
                  onSubmit={(d) => submitDraft(d, m.id)}
                  onCancel={() => setEditing(null)}
                />
              </li>
            ) : (
              <li key={m.id} className="flex items-start gap-3 rounded-lg border border-stone-200 px-3 py-2 dark:border-stone-800">
                <input
                  id={`milestone-${m.id}`}
                  type="checkbox"
                  checked={isDone(m)}
                  disabled={readOnly || saving}
                  onChange={() => void toggle(m)}
                  className="mt-0.5 h-4 w-4 shrink-0 rounded border-stone-300 accent-brand-600 dark:[color-scheme:dark]"
                />
                <div className="min-w-0 flex-1">
                  <label htmlFor={`milestone-${m.id}`} className={cn('block text-sm', isDone(m) ? 'text-stone-500 line-through dark:text-stone-400' : 'text-stone-800 dark:text-stone-200')}>
                    {m.title}
                  </label>
                  {(m.targetValue !== null || m.description) && (
                    <p className="text-xs text-stone-500 dark:text-stone-400">
                      {m.targetValue !== null && (
                        <>
                          Target {formatAmount(m.targetValue, goal.unit)}
                          {m.targetPercentage !== null && ` (${formatNumber(m.targetPercentage)}%)`}
                        </>
                      )}
                      {m.targetValue !== null && m.description && ' · '}
                      {m.description}
                    </p>
                  )}
                </div>
                {!readOnly && (
                  <div className="flex shrink-0 gap-1">
                    <button
                      type="button"
                      onClick={() => setEditing(m.id)}
                      disabled={saving}
                      aria-label={`Edit milestone ${m.title}`}
                      className="rounded p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-800 disabled:opacity-50 dark:text-stone-400 dark:hover:bg-stone-800 dark:hover:text-stone-100"
                    >
                      <Pencil className="h-4 w-4" aria-hidden />
                    </button>
                    <button
                      type="button"
                      onClick={() => remove(m)}
                      disabled={saving}
                      aria-label={`Remove milestone ${m.title}`}
                      className="rounded p-1 text-stone-500 hover:bg-red-50 hover:text-red-700 disabled:opacity-50 dark:text-stone-400 dark:hover:bg-red-900/30 dark:hover:text-red-300"
                    >
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </button>
                  </div>
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {editing === 'new' && (
        <div className="mt-2">
          <MilestoneForm
            initial={{ title: '', targetValue: defaultTarget, description: '' }}
            unit={goal.unit}
            showTarget={trackable}
            saving={saving}
            submitLabel="Add milestone"
            onSubmit={(d) => submitDraft(d, 'new')}
            onCancel={() => setEditing(null)}
          />
        </div>
      )}
    </section>
  );
}

interface MilestoneFormProps {
  initial: Draft;
  unit: string | null;
  showTarget: boolean;
  saving: boolean;
  submitLabel: string;
  onSubmit(draft: Draft): Promise<void>;
  onCancel(): void;
}

function MilestoneForm({ initial, unit, showTarget, saving, submitLabel, onSubmit, onCancel }: MilestoneFormProps) {
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<{ title?: string; targetValue?: string }>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!draft.title.trim()) next.title = 'Milestone title is required';
    const value = draft.targetValue.trim();
    if (value !== '' && !(Number(value) >= 0)) next.targetValue = 'Enter a number of 0 or more';
    setErrors(next);
    if (Object.keys(next).length === 0) void onSubmit(draft);
  };

  const invalid = (name: 'title' | 'targetValue') => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate aria-label={submitLabel} className="space-y-3 rounded-lg border border-brand-200 bg-brand-50/40 p-3 dark:border-brand-800 dark:bg-brand-900/20">
      <div className={cn('grid gap-3', showTarget && 'sm:grid-cols-[1fr_10rem]')}>
        <Field id={`${id}-title`} label="Milestone" error={errors.title}>
          <Input
            id={`${id}-title`}
            autoFocus
            maxLength={200}
            value={draft.title}
            placeholder="e.g. First 5 km without stopping"
            onChange={(e) => setDraft({ ...draft, title: e.target.value })}
            {...invalid('title')}
          />
        </Field>
        {showTarget && (
          <Field id={`${id}-targetValue`} label={unit ? `Target (${unit})` : 'Target'} error={errors.targetValue}>
            <Input
              id={`${id}-targetValue`}
              type="number"
              inputMode="decimal"
              min={0}
              step="any"
              value={draft.targetValue}
              onChange={(e) => setDraft({ ...draft, targetValue: e.target.value })}
              {...invalid('targetValue')}
            />
          </Field>
        )}
      </div>
      <Field id={`${id}-description`} label="Description (optional)">
        <Input id={`${id}-description`} maxLength={1000} value={draft.description} onChange={(e) => setDraft({ ...draft, description: e.target.value })} />
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

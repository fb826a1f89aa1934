'use client';

import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError } from '@/lib/api-client';
import { GOAL_DEADLINE_LEAD_DAYS } from '@/lib/nudges';
import { WORKSPACE_GOAL_TOASTS as T, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import type { GoalWithMilestones } from '@/lib/schemas/goals';
import { isNumericGoalType, targetDateSchema } from '@/lib/schemas/workspace';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useCoachDateFormat } from './format';
import { formatAmount, formatCalendarDate, goalEditFailure, goalTypeLabel, plainNumber, type GoalDto } from './goal-types';
import { scheduleSummary } from './schedule-dialog';
import { patchCachedGoal, useGoalCall } from './use-goals';

/** The goal's details, read-only until the coach chooses Edit (product §2.4: view, edit, save). */
export function GoalDetails({ goal, clientId, editing, onEditingChange }: { goal: GoalDto; clientId: string; editing: boolean; onEditingChange(editing: boolean): void }) {
  const format = useCoachDateFormat();
  if (editing) return <GoalEditForm goal={goal} clientId={clientId} onDone={() => onEditingChange(false)} />;
  const schedule = scheduleSummary(goal.checkInSchedule ?? {});
  return (
    <div className="space-y-3">
      <p className={goal.description ? 'text-sm whitespace-pre-line text-stone-700 dark:text-stone-300' : 'text-sm text-stone-500 italic dark:text-stone-400'}>
        {goal.description || 'No description'}
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-5">
        <div>
          <dt className="text-xs text-stone-500 dark:text-stone-400">Type</dt>
          <dd className="text-stone-800 dark:text-stone-200">{goalTypeLabel(goal.type)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500 dark:text-stone-400">Target</dt>
          <dd className="text-stone-800 dark:text-stone-200">{goal.target === null ? 'None' : formatAmount(goal.target, goal.unit)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500 dark:text-stone-400">Due date</dt>
          <dd className="text-stone-800 dark:text-stone-200">{goal.targetDate ? formatCalendarDate(goal.targetDate) : 'None'}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500 dark:text-stone-400">{goal.completedAt ? 'Completed' : 'Created'}</dt>
          <dd className="text-stone-800 dark:text-stone-200">{format.date(goal.completedAt ?? goal.createdAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500 dark:text-stone-400">Goal check-ins</dt>
          <dd className="text-stone-800 dark:text-stone-200">{schedule ?? 'Weekly check-ins only'}</dd>
        </div>
      </dl>
    </div>
  );
}

interface Draft {
  title: string;
  description: string;
  target: string;
  unit: string;
  targetDate: string;
  changeNote: string;
}

type DraftErrors = Partial<Record<'title' | 'target' | 'unit' | 'targetDate' | 'changeNote', string>>;

function GoalEditForm({ goal, clientId, onDone }: { goal: GoalDto; clientId: string; onDone(): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const run = useGoalCall(clientId);
  const measurable = isNumericGoalType(goal.type) || goal.target !== null;
  const [draft, setDraft] = useState<Draft>({
    title: goal.title,
    description: goal.description ?? '',
    target: goal.target === null ? '' : plainNumber(goal.target),
    unit: goal.unit ?? '',
    targetDate: goal.targetDate ?? '',
    changeNote: '',
  });
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saving, setSaving] = useState(false);

  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const next: DraftErrors = {};
    const title = draft.title.trim();
    const description = draft.description.trim();
    const unit = draft.unit.trim();
    const targetText = draft.target.trim();
    const target = targetText === '' ? null : Number(targetText);
    if (!title) next.title = V.goalTitleRequired;
    const targetDate = draft.targetDate || null;
    if (targetDate) {
      const checked = targetDateSchema.safeParse(targetDate);
      if (!checked.success) next.targetDate = checked.error.issues[0]?.message;
    }
    // Incremental goals, and any goal measured against a number, need a positive target (product §2.5).
    if (measurable && (target === null ? isNumericGoalType(goal.type) : !(target > 0))) next.target = V.targetGreaterThanZero;
    setErrors(next);
    if (Object.keys(next).length > 0) return;

    const changes = {
      ...(title !== goal.title ? { title } : {}),
      ...(description !== (goal.description ?? '') ? { description: description || null } : {}),
      ...(measurable && target !== goal.target ? { target } : {}),
      ...(measurable && unit !== (goal.unit ?? '') ? { unit: unit || null } : {}),
      ...(targetDate !== goal.targetDate ? { targetDate } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onDone();
      return;
    }
    const versioned = 'title' in changes || 'target' in changes || 'unit' in changes;
    const body = { ...changes, ...(versioned && draft.changeNote.trim() ? { changeNote: draft.changeNote.trim() } : {}) };
    setSaving(true);
    const answer = await run(
      () =>
        api.patch<{ goal: GoalWithMilestones }>(`/goals/${goal.id}`, body).catch((error: unknown) => {
          if (error instanceof ApiError) {
            const fieldErrors: DraftErrors = {};
            for (const field of ['title', 'target', 'unit', 'targetDate', 'changeNote'] as const) {
              const message = error.fieldError(field);
              if (message) fieldErrors[field] = message;
            }
            setErrors(fieldErrors);
          }
          throw error;
        }),
      goalEditFailure(Object.keys(changes), { unit: T.unitFailed, metric: T.metricFailed, goal: T.updateFailed }),
      T.goalUpdated,
    );
    setSaving(false);
    if (!answer) return;
    patchCachedGoal(queryClient, clientId, goal.archived ? 'archived' : 'active', goal.id, answer.goal);
    void queryClient.invalidateQueries({ queryKey: ['goal-versions', goal.id] });
    onDone();
  };

  const control = (name: keyof DraftErrors) => ({
    id: `${id}-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`} className="space-y-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4 dark:border-brand-800 dark:bg-brand-900/20">
      <h4 id={`${id}-heading`} className="text-sm font-semibold text-stone-900 dark:text-stone-100">
        Edit goal
      </h4>
      <div className="grid gap-4 md:grid-cols-2">
        <div className="md:col-span-2">
          <Field id={`${id}-title`} label="Title" error={errors.title}>
            <Input autoFocus maxLength={200} value={draft.title} onChange={set('title')} {...control('title')} />
          </Field>
        </div>
        {measurable && (
          <>
            <Field id={`${id}-target`} label="Target" error={errors.target}>
              <Input type="number" inputMode="decimal" min={0} step="any" value={draft.target} onChange={set('target')} {...control('target')} />
            </Field>
            <Field id={`${id}-unit`} label="Unit" error={errors.unit}>
              <Input maxLength={40} value={draft.unit} placeholder="e.g. km" onChange={set('unit')} {...control('unit')} />
            </Field>
          </>
        )}
        <Field
          id={`${id}-targetDate`}
          label="Due date (optional)"
          error={errors.targetDate}
          hint={<p className="text-xs text-stone-500 dark:text-stone-400">{`You are reminded ${GOAL_DEADLINE_LEAD_DAYS} days before. Clear it to remove.`}</p>}
        >
          <Input type="date" value={draft.targetDate} onChange={set('targetDate')} className="dark:[color-scheme:dark]" {...control('targetDate')} />
        </Field>
        <div className="md:col-span-2">
          <Field id={`${id}-description`} label="Description">
            <Textarea id={`${id}-description`} rows={3} maxLength={2000} value={draft.description} onChange={set('description')} />
          </Field>
        </div>
        <div className="md:col-span-2">
          <Field
            id={`${id}-changeNote`}
            label="Change note"
            error={errors.changeNote}
            hint={<p className="text-xs text-stone-500 dark:text-stone-400">Kept in the version history with a changed title, target or unit.</p>}
          >
            <Input maxLength={500} value={draft.changeNote} placeholder="e.g. Raised the target after a strong month" onChange={set('changeNote')} {...control('changeNote')} />
          </Field>
        </div>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

'use client';

import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';
import { GOAL_DEADLINE_LEAD_DAYS } from '@/lib/nudges';
import { WORKSPACE_GOAL_TOASTS as T } from '@/lib/constants';
import { createGoalSchema, isNumericGoalType } from '@/lib/schemas/workspace';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { GOAL_TYPE_OPTIONS, type GoalDto } from './goal-types';
import { useGoalCall } from './use-goals';

type FormInput = z.input<typeof createGoalSchema>;
type FormOutput = z.output<typeof createGoalSchema>;
const FIELDS = ['title', 'type', 'description', 'target', 'unit', 'targetDate'] as const;
type FieldName = (typeof FIELDS)[number];

const emptyText = (value: unknown) => (value === '' ? undefined : value);
const emptyNumber = (value: unknown) => (value === '' || value === null || value === undefined ? undefined : Number(value));

/** Goal add (product §2.5): title and type required; numeric, habit and incremental goals need a target; a target date is optional (decision 0091). */
export function AddGoalForm({ clientId, onDone }: { clientId: string; onDone(): void }) {
  const prefix = useId();
  const run = useGoalCall(clientId);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(createGoalSchema),
    defaultValues: { clientId, title: '', type: undefined, description: '', target: undefined, unit: '', targetDate: undefined },
  });
  const { errors, isSubmitting } = form.formState;
  const type = useWatch({ control: form.control, name: 'type' });
  const numeric = typeof type === 'string' && isNumericGoalType(type);

  useEffect(() => {
    form.setFocus('title');
  }, [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const body = {
      clientId,
      title: values.title,
      type: values.type,
      ...(values.description ? { description: values.description } : {}),
      ...(values.targetDate ? { targetDate: values.targetDate } : {}),
      ...(isNumericGoalType(values.type) ? { target: values.target, ...(values.unit ? { unit: values.unit } : {}) } : {}),
    };
    const created = await run(
      () =>
        api.post<{ goal: GoalDto }>('/goals/create', body).catch((error: unknown) => {
          if (error instanceof ApiError) {
            for (const name of FIELDS) {
              const message = error.fieldError(name);
              if (message) form.setError(name, { message });
            }
          }
          throw error;
        }),
      T.createFailed,
      T.goalCreated,
    );
    if (created) onDone();
  });

  const id = (name: FieldName) => `${prefix}-${name}`;
  const control = (name: FieldName) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${prefix}-heading`}
      className="rounded-xl border border-brand-200 bg-brand-50/50 p-5 dark:border-brand-800 dark:bg-brand-900/20"
    >
      <h3 id={`${prefix}-heading`} className="text-base font-semibold text-stone-900 dark:text-stone-100">
        New goal
      </h3>
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Field id={id('title')} label="Title" error={errors.title?.message}>
          <Input placeholder="e.g. Run a half marathon" maxLength={200} {...control('title')} {...form.register('title')} />
        </Field>
        <Field id={id('type')} label="Type" error={errors.type?.message}>
          <Select {...control('type')} {...form.register('type')} defaultValue="">
            <option value="" disabled>
              Select a type
            </option>
            {GOAL_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
        </Field>
        {numeric && (
          <>
            <Field id={id('target')} label="Target" error={errors.target?.message}>
              <Input type="number" inputMode="decimal" min={0} step="any" placeholder="e.g. 21" {...control('target')} {...form.register('target', { setValueAs: emptyNumber })} />
            </Field>
            <Field id={id('unit')} label="Unit (optional)" error={errors.unit?.message}>
              <Input placeholder="e.g. km, sessions, pages" maxLength={40} {...control('unit')} {...form.register('unit')} />
            </Field>
          </>
        )}
        <Field
          id={id('targetDate')}
          label="Due date (optional)"
          error={errors.targetDate?.message}
          hint={<p className="text-xs text-stone-500 dark:text-stone-400">{`You are reminded ${GOAL_DEADLINE_LEAD_DAYS} days before.`}</p>}
        >
          <Input type="date" className="dark:[color-scheme:dark]" {...control('targetDate')} {...form.register('targetDate', { setValueAs: emptyText })} />
        </Field>
        <div className="md:col-span-2">
          <Field id={id('description')} label="Description (optional)" error={errors.description?.message}>
            <Textarea rows={3} maxLength={2000} placeholder="What does success look like?" {...control('description')} {...form.register('description')} />
          </Field>
        </div>
      </div>
      <div className="mt-5 flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onDone} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Add Goal
        </Button>
      </div>
    </form>
  );
}

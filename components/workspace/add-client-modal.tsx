'use client';

import { useState } from 'react';
import Link from 'next/link';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { CalendarDays, Plus, Target, X } from 'lucide-react';
import type { z } from 'zod';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input, controlClass } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import { DEFAULT_CHECK_IN_TIME, WEEKDAY_SHORT, WEEKDAYS, WORKSPACE_TOASTS, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import { DEFAULT_CLIENT_LANGUAGE } from '@/lib/languages';
import { createClientSchema } from '@/lib/schemas/workspace';
import { DayChips } from './day-chips';
import { formatSlotTime } from './format';
import { notifySuccess } from './notify';
import { LanguageOptions } from './language';
import { TimezoneOptions } from './timezone-options';
import { ChannelFields } from './channel';
import { DEFAULT_CLIENT_CHANNEL, DEFAULT_FALLBACK_CHANNELS } from '@/lib/channels';
import type { ClientChanged, ClientDto } from '@/lib/schemas/clients';
import { storeClient } from './use-clients';

type FormInput = z.input<typeof createClientSchema>;
type FormOutput = z.output<typeof createClientSchema>;

const REQUIRED_FIELDS = ['firstName', 'lastName', 'email', 'phone'] as const;

const blankNumber = (v: unknown) => (v === '' || v === null || v === undefined ? undefined : Number(v));

const schemaResolver = zodResolver(createClientSchema);
/** Stand-ins for the required fields, to learn what the schema says of the rest. */
const FILLED = { firstName: 'x', lastName: 'x', email: 'x@example.com', phone: '+15555550100' };

/**
 * The schema looks at the goal only once the required fields pass; the form asks it about the goal
 * separately (with the required fields filled in) so every message shows at once.
 */
const resolver: Resolver<FormInput, unknown, FormOutput> = async (values, context, options) => {
  const result = await schemaResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors: FieldErrors<FormInput> = { ...result.errors };
  for (const issue of createClientSchema.safeParse({ ...values, ...FILLED }).error?.issues ?? []) {
    const field = issue.path[0] as keyof FormInput;
    if (!errors[field]) (errors as Record<string, unknown>)[field] = { type: issue.code, message: issue.message };
  }
  return { values: {}, errors };
};

function defaults(timezone: string): FormInput {
  return {
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    timezone,
    language: DEFAULT_CLIENT_LANGUAGE,
    goalTitle: '',
    goalType: 'task',
    metric: '',
    targetValue: undefined,
    checkInFrequency: [],
    checkInTime: DEFAULT_CHECK_IN_TIME,
    scheduledCheckIns: [],
    channel: DEFAULT_CLIENT_CHANNEL,
    fallbackChannels: DEFAULT_FALLBACK_CHANNELS[DEFAULT_CLIENT_CHANNEL],
  };
}

const daysText = (days: readonly number[]) => [...days].sort((a, b) => a - b).map((d) => WEEKDAY_SHORT[d]).join(', ');

interface AddClientModalProps {
  open: boolean;
  coachTimezone: string;
  onClose(): void;
  onCreated(client: ClientDto): void;
}

/** Create New Client (product §2.5): details, an optional first goal and the weekly check-ins. */
export function AddClientModal({ open, coachTimezone, onClose, onCreated }: AddClientModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Create New Client" size="lg" description="Fields marked * are required. Choose how the client is reached: SMS, e-mail or WhatsApp.">
      <AddClientForm coachTimezone={coachTimezone} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

function AddClientForm({ coachTimezone, onClose, onCreated }: Omit<AddClientModalProps, 'open'>) {
  const queryClient = useQueryClient();
  const form = useForm<FormInput, unknown, FormOutput>({ resolver, defaultValues: defaults(coachTimezone) });
  const { register, control, handleSubmit, formState, setError, setValue } = form;
  const { errors, isSubmitting } = formState;
  const schedule = useFieldArray({ control, name: 'scheduledCheckIns' });
  const goalType = useWatch({ control, name: 'goalType' });
  const goalTitle = useWatch({ control, name: 'goalTitle' });
  const channel = useWatch({ control, name: 'channel' }) ?? DEFAULT_CLIENT_CHANNEL;
  const fallbackChannels = useWatch({ control, name: 'fallbackChannels' }) ?? DEFAULT_FALLBACK_CHANNELS[channel];
  const hasGoal = Boolean(goalTitle?.trim());
  const [draftTime, setDraftTime] = useState(DEFAULT_CHECK_IN_TIME);
  const [draftDays, setDraftDays] = useState<number[]>([]);
  const [draftError, setDraftError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<{ message: string; upgrade: boolean } | null>(null);

  const missingRequired = REQUIRED_FIELDS.some((f) => errors[f]?.message === V.clientRequired);
  /** The shared required-fields message shows once above the form; other messages under their field. */
  const fieldError = (name: (typeof REQUIRED_FIELDS)[number]) => {
    const message = errors[name]?.message;
    return message && message !== V.clientRequired ? message : undefined;
  };
  const invalidProps = (name: keyof FormInput, describedBy?: string) => {
    const invalid = Boolean(errors[name]);
    const ids = [invalid && errors[name]?.message !== V.clientRequired ? `add-${name}-error` : null, invalid && errors[name]?.message === V.clientRequired ? 'add-required-error' : null, describedBy]
      .filter(Boolean)
      .join(' ');
    return { 'aria-invalid': invalid || undefined, 'aria-describedby': ids || undefined };
  };

  const addEntry = () => {
    if (!draftTime || draftDays.length === 0) {
      setDraftError(V.scheduleEntry);
      return;
    }
    setDraftError(null);
    schedule.append({ time: draftTime, days: [...draftDays].sort((a, b) => a - b) });
    setDraftDays([]);
    setDraftTime(DEFAULT_CHECK_IN_TIME);
  };

  const submit = handleSubmit(async (values) => {
    setSubmitError(null);
    const withGoal = Boolean(values.goalTitle);
    const progress = withGoal && values.goalType === 'progress';
    // A time and days chosen but not yet added still count, so nothing the coach picked is lost.
    const pending = draftTime && draftDays.length > 0 ? [{ time: draftTime, days: [...draftDays].sort((a, b) => a - b) }] : [];
    const payload = {
      firstName: values.firstName,
      lastName: values.lastName,
      email: values.email,
      phone: values.phone,
      timezone: values.timezone,
      channel: values.channel,
      fallbackChannels: values.fallbackChannels,
      language: values.language,
      ...(withGoal ? { goalTitle: values.goalTitle, goalType: values.goalType } : {}),
      ...(progress ? { metric: values.metric, targetValue: values.targetValue } : {}),
      // Frequency days are the goal's own check-ins: without a goal there is nothing to check in on.
      ...(withGoal ? { checkInFrequency: values.checkInFrequency, checkInTime: values.checkInTime } : {}),
      scheduledCheckIns: [...values.scheduledCheckIns, ...pending],
    };
    try {
      const { client } = await api.post<ClientChanged>('/coach/clients', payload);
      storeClient(queryClient, client);
      notifySuccess(WORKSPACE_TOASTS.clientCreated);
      onCreated(client);
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PLAN_LIMIT_REACHED') {
        setSubmitError({ message: error.message, upgrade: true });
        return;
      }
      let placed = false;
      if (error instanceof ApiError) {
        for (const detail of error.body.details ?? []) {
          if (detail.field in defaults('')) {
            setError(detail.field as keyof FormInput, { message: detail.message });
            placed = true;
          }
        }
      }
      if (!placed) setSubmitError({ message: errorMessage(error, WORKSPACE_TOASTS.createClientFailed), upgrade: false });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      {missingRequired && (
        <p id="add-required-error" role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
          {V.clientRequired}
        </p>
      )}

      <fieldset className="space-y-4">
        <legend className="text-sm font-semibold text-stone-900 dark:text-stone-100">Client details</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="add-firstName" label="First name *" error={fieldError('firstName')}>
            <Input id="add-firstName" autoComplete="off" data-autofocus {...register('firstName')} {...invalidProps('firstName')} />
          </Field>
          <Field id="add-lastName" label="Last name *" error={fieldError('lastName')}>
            <Input id="add-lastName" autoComplete="off" {...register('lastName')} {...invalidProps('lastName')} />
          </Field>
          <Field id="add-email" label="Email *" error={fieldError('email')}>
            <Input id="add-email" type="email" autoComplete="off" {...register('email')} {...invalidProps('email')} />
          </Field>
          <Field
            id="add-phone"
            label="Phone *"
            error={fieldError('phone')}
            hint={
              <p id="add-phone-hint" className="text-xs text-stone-500 dark:text-stone-400">
                US format: +1 followed by 10 digits
              </p>
            }
          >
            <Input id="add-phone" type="tel" placeholder="+15555550123" autoComplete="off" {...register('phone')} {...invalidProps('phone', 'add-phone-hint')} />
          </Field>
          <Field id="add-timezone" label="Timezone" error={errors.timezone?.message}>
            <Select id="add-timezone" {...register('timezone')}>
              <TimezoneOptions current={coachTimezone} />
            </Select>
          </Field>
          <Field id="add-language" label="Language of check-ins" error={errors.language?.message}>
            <Select id="add-language" {...register('language')}>
              <LanguageOptions />
            </Select>
          </Field>
        </div>
        <ChannelFields
          idPrefix="add"
          channel={channel}
          fallbackChannels={fallbackChannels}
          error={errors.fallbackChannels?.message ?? errors.channel?.message}
          onChange={(v) => {
            setValue('channel', v.channel, { shouldDirty: true });
            setValue('fallbackChannels', v.fallbackChannels, { shouldDirty: true });
          }}
        />
      </fieldset>

      <fieldset className="space-y-4 border-t border-stone-200 pt-5 dark:border-stone-800">
        <legend className="sr-only">Initial goal (optional)</legend>
        <p aria-hidden className="text-sm font-semibold text-stone-900 dark:text-stone-100">
          Initial goal <span className="font-normal text-stone-500 dark:text-stone-400">(optional)</span>
        </p>
        <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <Field id="add-goalTitle" label="Goal title" error={errors.goalTitle?.message}>
            <Input id="add-goalTitle" placeholder="e.g. Run three times a week" {...register('goalTitle')} {...invalidProps('goalTitle')} />
          </Field>
          <Field id="add-goalType" label="Goal type">
            <Select id="add-goalType" {...register('goalType')}>
              <option value="task">Task</option>
              <option value="progress">Progress</option>
            </Select>
          </Field>
        </div>
        {goalType === 'progress' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="add-metric" label="Unit" error={errors.metric?.message}>
              <Input id="add-metric" placeholder="e.g. km, pages, USD" {...register('metric')} {...invalidProps('metric')} />
            </Field>
            <Field id="add-targetValue" label="Target value" error={errors.targetValue?.message}>
              <Input id="add-targetValue" type="number" inputMode="decimal" min={0} step="any" {...register('targetValue', { setValueAs: blankNumber })} {...invalidProps('targetValue')} />
            </Field>
          </div>
        )}
        <div className="space-y-3 rounded-lg border border-stone-200 bg-stone-50/60 p-3 sm:p-4 dark:border-stone-800 dark:bg-stone-950/30">
          <div>
            <p id="add-frequency-label" className="flex items-center gap-2 text-sm font-medium text-stone-800 dark:text-stone-200">
              <Target className="h-4 w-4 text-brand-700 dark:text-brand-300" aria-hidden /> Check-in frequency for this goal
            </p>
            <p id="add-frequency-help" className="mt-0.5 text-xs text-stone-500 dark:text-stone-400">
              {hasGoal
                ? "On these days the client gets a check-in about this goal only, at the time set here; they show in the goal's schedule."
                : 'Add a goal title first: these days schedule check-ins about that goal.'}
            </p>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <Controller
              control={control}
              name="checkInFrequency"
              render={({ field }) => {
                const selected = (field.value ?? []).map((d) => WEEKDAYS.indexOf(d));
                return (
                  <DayChips
                    labelledBy="add-frequency-label"
                    describedBy="add-frequency-help"
                    selected={selected}
                    disabled={!hasGoal}
                    onToggle={(i) => {
                      const next = selected.includes(i) ? selected.filter((d) => d !== i) : [...selected, i];
                      field.onChange(next.sort((a, b) => a - b).map((d) => WEEKDAYS[d]!));
                    }}
                  />
                );
              }}
            />
            <div className="space-y-1">
              <label htmlFor="add-checkInTime" className="block text-xs font-medium text-stone-700 dark:text-stone-300">
                At
              </label>
              <input id="add-checkInTime" type="time" disabled={!hasGoal} className={cn(controlClass, 'w-32 disabled:opacity-50')} {...register('checkInTime')} aria-invalid={Boolean(errors.checkInTime) || undefined} />
            </div>
          </div>
          {errors.checkInTime?.message && <p className="text-sm text-red-600 dark:text-red-400">{errors.checkInTime.message}</p>}
        </div>
      </fieldset>

      <fieldset className="space-y-3 border-t border-stone-200 pt-5 dark:border-stone-800">
        <legend className="sr-only">Scheduled check-ins (all goals)</legend>
        <p aria-hidden className="flex items-center gap-2 text-sm font-semibold text-stone-900 dark:text-stone-100">
          <CalendarDays className="h-4 w-4 text-brand-700 dark:text-brand-300" aria-hidden /> Scheduled check-ins <span className="font-normal text-stone-500 dark:text-stone-400">(all goals)</span>
        </p>
        <p className="text-xs text-stone-500 dark:text-stone-400">
          Weekly times the client gets one check-in about all their goals; they show in the client&apos;s weekly grid. Times are in the client&apos;s timezone; add one entry per time of day.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1">
            <label htmlFor="add-schedule-time" className="block text-sm font-medium text-stone-700 dark:text-stone-300">
              Time
            </label>
            <input id="add-schedule-time" type="time" value={draftTime} onChange={(e) => setDraftTime(e.target.value)} className={controlClass} aria-invalid={Boolean(draftError && !draftTime) || undefined} />
          </div>
          <div className="space-y-1">
            <p id="add-schedule-days" className="text-sm font-medium text-stone-700 dark:text-stone-300">
              Days
            </p>
            <DayChips
              labelledBy="add-schedule-days"
              selected={draftDays}
              invalid={Boolean(draftError)}
              describedBy={draftError ? 'add-schedule-error' : undefined}
              onToggle={(i) => setDraftDays((d) => (d.includes(i) ? d.filter((x) => x !== i) : [...d, i]))}
            />
          </div>
          <Button type="button" variant="secondary" onClick={addEntry}>
            <Plus className="h-4 w-4" aria-hidden /> Add check-in
          </Button>
        </div>
        {draftError && (
          <p id="add-schedule-error" role="alert" className="text-sm text-red-600 dark:text-red-400">
            {draftError}
          </p>
        )}
        {schedule.fields.length > 0 ? (
          <ul aria-label="Scheduled check-ins to create" className="divide-y divide-stone-100 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800">
            {schedule.fields.map((entry, index) => (
              <li key={entry.id} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                <span>
                  <span className="font-medium tabular-nums">{formatSlotTime(entry.time)}</span>
                  <span className="text-stone-500 dark:text-stone-400"> · {daysText(entry.days)}</span>
                </span>
                <button
                  type="button"
                  onClick={() => schedule.remove(index)}
                  aria-label={`Remove ${formatSlotTime(entry.time)} on ${daysText(entry.days)}`}
                  className="rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-red-600 dark:hover:bg-stone-800 dark:text-stone-400"
                >
                  <X className="h-4 w-4" aria-hidden />
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-500 dark:text-stone-400">No check-ins added yet.</p>
        )}
      </fieldset>

      {/* Beside the button that was pressed, so the answer is in view even in a scrolled dialog. */}
      {submitError && (
        <Banner tone="error">
          <p>{submitError.message}</p>
          {submitError.upgrade && (
            <Link href="/settings?tab=billing" className="mt-2 inline-block font-medium underline underline-offset-2">
              {WORKSPACE_TOASTS.upgradeLink}
            </Link>
          )}
        </Banner>
      )}
      <div className="flex justify-end gap-2 border-t border-stone-200 pt-5 dark:border-stone-800">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Create Client
        </Button>
      </div>
    </form>
  );
}

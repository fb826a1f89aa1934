'use client';

import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import type { z } from 'zod';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { controlClass, Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { AI_SCHEDULE_FREQUENCY_DAYS } from '@/lib/ai-schedule-days';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { AI_SCHEDULE_PREVIEW_DEBOUNCE_MS, AI_SCHEDULE_TEXTS, WEEKDAYS, WEEKDAY_SHORT } from '@/lib/constants';
import { formatTimeOfDay } from '@/lib/format-time';
import { fillPromptTemplate, PROMPT_PLACEHOLDERS, unknownPlaceholders } from '@/lib/prompt-template';
import { aiScheduleSchema, DEFAULT_AI_SCHEDULE_DAYS, DEFAULT_AI_SCHEDULE_SLOT, type AiSchedule, type savedAiScheduleSchema } from '@/lib/schemas/ai-schedule';
import { nextAiScheduleCheckIns } from '@/lib/schedule-slots';
import { timezoneLabel } from '@/lib/timezones';
import { notifySuccess } from '../notify';
import { NextCheckIns } from './next-check-ins';
import { aiScheduleKey, usePauseAiSchedule, useScheduleTimezones } from './use-ai-schedules';

type Weekday = (typeof WEEKDAYS)[number];
type Frequency = 'custom' | 'daily' | 'weekdays';
type SavedAiSchedule = z.infer<typeof savedAiScheduleSchema>;

const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: 'custom', label: 'Chosen days' },
  { value: 'daily', label: 'Every day' },
  { value: 'weekdays', label: 'Weekdays' },
];
/** The days daily and weekdays stand for (the server's own), so a schedule switched back to chosen days starts from them. */
const IMPLIED_DAYS = AI_SCHEDULE_FREQUENCY_DAYS;

export interface ScheduleSubject {
  clientId: string;
  firstName: string;
  timezone: string;
  /** The client's active goals, for the prompt sample. */
  goals: { id: string; title: string; progress: number }[];
}

interface Draft {
  slots: { key: number; time: string }[];
  frequency: Frequency;
  days: Weekday[];
  timezone: string;
  promptTemplate: string;
}

const isFrequency = (f: string): f is Frequency => FREQUENCIES.some((x) => x.value === f);
const isWeekday = (d: string): d is Weekday => (WEEKDAYS as readonly string[]).includes(d);

function draftOf(existing: AiSchedule | null, zone: string): Draft {
  if (!existing) return { slots: [{ key: 0, time: DEFAULT_AI_SCHEDULE_SLOT.time }], frequency: 'custom', days: [...DEFAULT_AI_SCHEDULE_DAYS], timezone: zone, promptTemplate: '' };
  const frequency = isFrequency(existing.frequency) ? existing.frequency : 'custom';
  return {
    slots: existing.timeSlots.map((s, key) => ({ key, time: s.time })),
    frequency,
    days: frequency === 'custom' ? existing.customDays.filter(isWeekday) : [...IMPLIED_DAYS[frequency]],
    timezone: existing.clientTimezone,
    promptTemplate: existing.promptTemplate,
  };
}

/** What POST /ai/schedule-check-in takes: the draft as typed, so the server's messages name what the coach typed. */
const bodyOf = (draft: Draft, clientId: string, goalId: string | null) => ({
  clientId,
  goalId,
  timeSlots: draft.slots.map((s) => ({ time: s.time })),
  clientTimezone: draft.timezone,
  frequency: draft.frequency,
  customDays: draft.days,
  promptTemplate: draft.promptTemplate,
});

/** The request's own schema, so every message is the server's text (product §2.5); keyed by field path. */
function check(draft: Draft, clientId: string, goalId: string | null) {
  const result = aiScheduleSchema.safeParse(bodyOf(draft, clientId, goalId));
  if (result.success) return { value: result.data, errors: {} as Record<string, string> };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { value: null, errors };
}

interface AiScheduleFormProps {
  subject: ScheduleSubject;
  goal: { id: string; title: string; progress: number } | null;
  /** The schedule this form replaces when saved (one per client, or per goal). */
  existing: AiSchedule | null;
  coachZone: string;
}

/**
 * Time slots, days, zone and prompt of one AI schedule, with its next check-ins recomputed 300 ms
 * after the last edit (product §2.9) by the same function the API answers with.
 */
export function AiScheduleForm({ subject, goal, existing, coachZone }: AiScheduleFormProps) {
  const id = useId();
  const queryClient = useQueryClient();
  const timezones = useScheduleTimezones();
  const goalId = goal?.id ?? null;
  const [draft, setDraftState] = useState(() => draftOf(existing, subject.timezone));
  /** The draft as of the last pause in editing: what the preview and the messages are about. */
  const [settled, setSettled] = useState(draft);
  const [touched, setTouched] = useState<Set<number>>(new Set());
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const pause = usePauseAiSchedule(subject.clientId);
  // Set at once on click, before React re-renders the disabled button: a double click saves once.
  const inFlight = useRef(false);
  const nextKey = useRef(draft.slots.length);

  useEffect(() => {
    if (settled === draft) return;
    const timer = setTimeout(() => setSettled(draft), AI_SCHEDULE_PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, settled]);

  const setDraft = (next: Draft) => {
    setDraftState(next);
    setServerErrors({});
    setFormError(null);
  };

  const result = useMemo(() => check(settled, subject.clientId, goalId), [settled, subject.clientId, goalId]);
  const preview = useMemo(
    () =>
      result.value
        ? nextAiScheduleCheckIns(
            { id: 'preview', goalId, timeSlots: result.value.timeSlots, clientTimezone: settled.timezone, frequency: result.value.frequency, customDays: result.value.customDays, promptTemplate: '' },
            { id: subject.clientId, coachId: '', timezone: settled.timezone },
            new Date(),
          )
        : null,
    [result, goalId, settled.timezone, subject.clientId],
  );

  /** A slot's typing error waits for it to lose focus (or a save); the others show at once. */
  const errorFor = (field: string, slotKey?: number) => {
    if (serverErrors[field]) return serverErrors[field];
    if (slotKey !== undefined && !touched.has(slotKey) && !attempted) return undefined;
    return result.errors[field];
  };
  const slotsError = errorFor('timeSlots');
  const daysError = errorFor('customDays');
  const otherErrors = Object.entries({ ...result.errors, ...serverErrors }).filter(([field]) => !/^(timeSlots|customDays|clientTimezone|promptTemplate)/.test(field));

  const addSlot = () => setDraft({ ...draft, slots: [...draft.slots, { key: nextKey.current++, time: DEFAULT_AI_SCHEDULE_SLOT.time }] });
  const removeSlot = (key: number) => setDraft({ ...draft, slots: draft.slots.filter((s) => s.key !== key) });
  const setSlot = (key: number, time: string) => setDraft({ ...draft, slots: draft.slots.map((s) => (s.key === key ? { ...s, time } : s)) });
  const toggleDay = (day: Weekday) => setDraft({ ...draft, days: draft.days.includes(day) ? draft.days.filter((d) => d !== day) : WEEKDAYS.filter((d) => d === day || draft.days.includes(d)) });
  const setFrequency = (frequency: Frequency) => setDraft({ ...draft, frequency, days: frequency === 'custom' ? draft.days : [...IMPLIED_DAYS[frequency]] });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (inFlight.current) return;
    setAttempted(true);
    setSettled(draft);
    if (check(draft, subject.clientId, goalId).value === null) return;
    inFlight.current = true;
    setSaving(true);
    try {
      const saved = await api.post<SavedAiSchedule>('/ai/schedule-check-in', bodyOf(draft, subject.clientId, goalId));
      notifySuccess(saved.message);
      await queryClient.invalidateQueries({ queryKey: aiScheduleKey(subject.clientId) });
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.body.details?.length) {
        setServerErrors(Object.fromEntries(error.body.details.map((d) => [d.field, d.message])));
      } else {
        setFormError(errorMessage(error, AI_SCHEDULE_TEXTS.saveFailed));
      }
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  };

  const sampleGoal = goal ?? subject.goals[0] ?? null;
  // No sample while a placeholder is unknown: it would show the braces the client must never get.
  const sample = draft.promptTemplate.trim() && unknownPlaceholders(draft.promptTemplate).length === 0 ? fillPromptTemplate(draft.promptTemplate.trim(), { firstName: subject.firstName, goal: sampleGoal }) : null;
  const zoneChoices = timezones.some((z) => z.value === draft.timezone) ? timezones : [{ value: draft.timezone, label: timezoneLabel(draft.timezone), offset: 0 }, ...timezones];
  const describedBy = (field: string, error: string | undefined) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}-${field}-error` } : {});

  return (
    <>
      <form onSubmit={(e) => void save(e)} noValidate aria-label={goal ? `AI schedule for ${goal.title}` : `AI schedule for ${subject.firstName}`} className="space-y-6">
        <div className="grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,17rem)]">
          <div className="space-y-6">
            <fieldset>
              <legend className="text-sm font-medium text-stone-700 dark:text-stone-300">Time slots</legend>
              <p className="text-xs text-stone-500 dark:text-stone-400">24-hour HH:MM in the client&apos;s timezone.</p>
              <ul className="mt-2 space-y-2">
                {draft.slots.map((slot, i) => {
                  const error = errorFor(`timeSlots.${i}.time`, slot.key);
                  const inputId = `${id}-slot-${slot.key}`;
                  return (
                    <li key={slot.key}>
                      <div className="flex items-center gap-2">
                        <label htmlFor={inputId} className="sr-only">
                          Time slot {i + 1}
                        </label>
                        <input
                          id={inputId}
                          type="text"
                          inputMode="numeric"
                          autoComplete="off"
                          maxLength={5}
                          placeholder="HH:MM"
                          value={slot.time}
                          onChange={(e) => setSlot(slot.key, e.target.value)}
                          onBlur={() => setTouched((t) => new Set(t).add(slot.key))}
                          className={cn(controlClass, 'w-28 tabular-nums dark:text-stone-100')}
                          aria-invalid={error ? true : undefined}
                          aria-describedby={error ? `${inputId}-error` : `${inputId}-reads`}
                        />
                        {/* The spec has the slot typed as 24-hour HH:MM; echo it on the product's 12-hour clock. */}
                        <span id={`${inputId}-reads`} className="min-w-[4.5rem] text-sm tabular-nums text-stone-500 dark:text-stone-400">
                          {!error && formatTimeOfDay(slot.time) !== slot.time ? formatTimeOfDay(slot.time) : ''}
                        </span>
                        <button
                          type="button"
                          onClick={() => removeSlot(slot.key)}
                          aria-label={`Remove time slot ${i + 1}`}
                          className="rounded-md p-2 text-stone-500 hover:bg-red-50 hover:text-red-700 dark:text-stone-400 dark:hover:bg-red-900/30 dark:hover:text-red-300"
                        >
                          <X className="h-4 w-4" aria-hidden />
                        </button>
                      </div>
                      {error && (
                        <p id={`${inputId}-error`} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
                          {error}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ul>
              <Button type="button" variant="ghost" className="mt-2 px-2! py-1! text-brand-700! dark:text-brand-300!" onClick={addSlot}>
                <Plus className="h-4 w-4" aria-hidden />
                Add time slot
              </Button>
              {slotsError && (
                <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
                  {slotsError}
                </p>
              )}
            </fieldset>

            <fieldset>
              <legend className="text-sm font-medium text-stone-700 dark:text-stone-300">Frequency</legend>
              <div className="mt-2 grid grid-cols-3 rounded-md border border-stone-300 p-0.5 sm:inline-grid dark:border-stone-700">
                {FREQUENCIES.map((f) => (
                  <label
                    key={f.value}
                    className={cn(
                      'cursor-pointer rounded px-2 py-1.5 text-center text-sm whitespace-nowrap has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400 sm:px-3',
                      draft.frequency === f.value ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800',
                    )}
                  >
                    <input type="radio" name={`${id}-frequency`} value={f.value} checked={draft.frequency === f.value} onChange={() => setFrequency(f.value)} className="sr-only" />
                    {f.label}
                  </label>
                ))}
              </div>
              <div role="group" aria-label="Days of the week" {...describedBy('days', daysError)} className="mt-3 grid grid-cols-7 gap-1 sm:flex sm:gap-1.5">
                {WEEKDAYS.map((day, i) => {
                  const on = draft.days.includes(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      aria-pressed={on}
                      disabled={draft.frequency !== 'custom'}
                      onClick={() => toggleDay(day)}
                      className={cn(
                        'rounded-md border py-1.5 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-60 sm:w-11',
                        on
                          ? 'border-brand-600 bg-brand-50 text-brand-800 dark:border-brand-400 dark:bg-brand-900/40 dark:text-brand-100'
                          : 'border-stone-300 text-stone-600 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-300 dark:hover:bg-stone-800',
                      )}
                    >
                      <span aria-hidden>{WEEKDAY_SHORT[i]}</span>
                      <span className="sr-only">{`${day[0]!.toUpperCase()}${day.slice(1)}`}</span>
                    </button>
                  );
                })}
              </div>
              {daysError && (
                <p id={`${id}-days-error`} role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
                  {daysError}
                </p>
              )}
            </fieldset>

            <Field id={`${id}-zone`} label="Client timezone" error={errorFor('clientTimezone')}>
              <Select id={`${id}-zone`} value={draft.timezone} onChange={(e) => setDraft({ ...draft, timezone: e.target.value })} {...describedBy('zone', errorFor('clientTimezone'))}>
                {zoneChoices.map((z) => (
                  <option key={z.value} value={z.value}>
                    {z.label} ({z.value})
                  </option>
                ))}
              </Select>
            </Field>
          </div>

          <section aria-labelledby={`${id}-preview`} className="self-start rounded-lg border border-stone-200 p-3 dark:border-stone-800">
            <h3 id={`${id}-preview`} className="text-sm font-semibold text-stone-900 dark:text-stone-100">
              Next check-ins
            </h3>
            {existing?.paused ? (
              <p className="text-sm text-amber-800 dark:text-amber-300" data-testid="paused-preview">
                {AI_SCHEDULE_TEXTS.pausedNote} Resumed, it starts from the next slot after that moment; the ones in between are not sent.
              </p>
            ) : (
              <>
                <p className="mb-2 text-xs text-stone-500 dark:text-stone-400" aria-live="polite">
                  {settled !== draft ? 'Updating…' : preview ? 'If saved as it is now.' : 'Fix the fields marked in red to see them.'}
                </p>
                {preview && <NextCheckIns instants={preview} clientZone={settled.timezone} coachZone={coachZone} label="Next check-ins preview" />}
              </>
            )}
          </section>
        </div>

        <Field
          id={`${id}-prompt`}
          label="Prompt template (optional)"
          error={errorFor('promptTemplate')}
          hint={
            <div className="space-y-2 text-xs text-stone-500 dark:text-stone-400">
              <p>Leave it empty and the AI writes each check-in itself. Placeholders are filled in for each message:</p>
              <ul className="flex flex-wrap gap-x-4 gap-y-1">
                {PROMPT_PLACEHOLDERS.map((p) => (
                  <li key={p.token}>
                    <code className="rounded bg-stone-100 px-1 py-0.5 font-mono text-stone-800 dark:bg-stone-800 dark:text-stone-200">{p.token}</code> {p.meaning}
                  </li>
                ))}
              </ul>
              {sample && (
                <p className="rounded-md border border-dashed border-stone-300 px-3 py-2 text-sm text-stone-700 dark:border-stone-700 dark:text-stone-200">
                  <span className="block text-xs font-medium text-stone-500 dark:text-stone-400">Sample for {subject.firstName}</span>
                  <span data-testid="prompt-sample">{sample}</span>
                </p>
              )}
            </div>
          }
        >
          <Textarea
            id={`${id}-prompt`}
            maxLength={1000}
            className="min-h-20!"
            placeholder="e.g. Hi {firstName}! How is {goal} going? You're at {progress}."
            value={draft.promptTemplate}
            onChange={(e) => setDraft({ ...draft, promptTemplate: e.target.value })}
            {...describedBy('prompt', errorFor('promptTemplate'))}
          />
        </Field>

        {existing && (
          <div>
            <Switch
              id={`${id}-active`}
              label="Active"
              description={
                pause.busy
                  ? existing.paused
                    ? 'Resuming…'
                    : 'Pausing…'
                  : existing.paused
                    ? `${AI_SCHEDULE_TEXTS.pausedNote} Its times, days and prompt are kept.`
                    : 'Check-ins go out at these times. Switch off to pause (for a holiday, say) and keep everything for later.'
              }
              checked={!existing.paused}
              disabled={pause.busy}
              onChange={(on) => void pause.setPaused(existing, !on)}
            />
            {pause.error && (
              <p role="alert" className="text-sm text-red-600 dark:text-red-400">
                {pause.error}
              </p>
            )}
          </div>
        )}

        {otherErrors.length > 0 && attempted && (
          <Banner tone="error">
            {otherErrors.map(([field, message]) => (
              <p key={field}>{message}</p>
            ))}
          </Banner>
        )}
        {formError && <Banner tone="error">{formError}</Banner>}

        <div className="flex justify-end gap-2 border-t border-stone-200 pt-4 dark:border-stone-800">
          <Button type="submit" variant="primary" loading={saving}>
            {existing ? 'Save changes' : 'Save schedule'}
          </Button>
        </div>
      </form>
    </>
  );
}

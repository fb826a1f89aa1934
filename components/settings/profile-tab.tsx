'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { COACHING_SURVEY_QUESTIONS, COACHING_SURVEY_STEPS, MESSAGE_SIGNATURE_LABELS, countAnswered, signatureLine } from '@/lib/coaching-survey';
import { SETTINGS_TOASTS } from '@/lib/constants';
import { DEFAULT_MESSAGE_SIGNATURE, EMPTY_COACHING_SURVEY, MESSAGE_SIGNATURES, type CoachingSurvey, type MessageSignature } from '@/lib/preferences';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Disclosure } from '@/components/ui/disclosure';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  emailChanges,
  PendingEmailNotice,
  ProfileGate,
  profileFormSchema,
  showFormErrorsToast,
  useSaveProfile,
  useSaveTimezone,
  type ProfileFormInput,
  type ProfileFormOutput,
} from './profile-save';
import { PhoneVerification } from './phone-verification';
import type { Profile } from './use-profile';
import { timezoneOptionLabel, useTimezoneOptions } from './use-timezones';

/** Settings → Profile: the coach's details and the coaching-approach survey (product §1.2). */
export function ProfileTab() {
  return (
    <ProfileGate>
      {(profile) => (
        <div className="space-y-6">
          <ProfileInformation profile={profile} />
          <CoachingApproach profile={profile} />
        </div>
      )}
    </ProfileGate>
  );
}

const FORM_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'title', 'company', 'location', 'timezone', 'currentPassword'] as const;

function toFormValues(profile: Profile): ProfileFormInput {
  return {
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    email: profile.email,
    phone: profile.phone ?? '',
    title: profile.title ?? '',
    company: profile.company ?? '',
    location: profile.location ?? '',
    timezone: profile.timezone,
    currentPassword: '',
  };
}

function ProfileInformation({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const saveTimezone = useSaveTimezone();
  const [pendingMessage, setPendingMessage] = useState<string | null>(null);
  const schema = useMemo(() => profileFormSchema(profile.email), [profile.email]);
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({ resolver: zodResolver(schema), defaultValues: toFormValues(profile) });
  const { errors, isSubmitting, isDirty, dirtyFields } = form.formState;
  const typedEmail = useWatch({ control: form.control, name: 'email' });
  const typedPhone = useWatch({ control: form.control, name: 'phone' });
  // Controlled, so the select keeps showing the saved zone while the list of zones loads.
  const timezone = useWatch({ control: form.control, name: 'timezone' });
  const changingEmail = emailChanges(typedEmail, profile.email);
  const timezones = useTimezoneOptions(profile.timezone);

  const onSubmit = form.handleSubmit(async (values) => {
    const { currentPassword, ...fields } = values;
    const changed = Object.keys(dirtyFields);
    if (changed.length === 1 && changed[0] === 'timezone' && values.timezone) {
      const answer = await saveTimezone(values.timezone, (message) => form.setError('timezone', { message }));
      if (answer) form.reset(toFormValues(answer.user));
      return;
    }
    const answer = await save(
      { ...fields, ...(changingEmail ? { currentPassword } : {}) },
      {
        onFieldError: (field, message) => {
          if ((FORM_FIELDS as readonly string[]).includes(field)) form.setError(field as (typeof FORM_FIELDS)[number], { message });
        },
      },
    );
    if (!answer) return;
    form.reset(toFormValues(answer.user));
    setPendingMessage(answer.pendingEmail ? (answer.message ?? null) : null);
  }, showFormErrorsToast);

  const error = (name: (typeof FORM_FIELDS)[number]) => errors[name]?.message;
  const control = (name: (typeof FORM_FIELDS)[number]) => ({
    id: `profile-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `profile-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <Disclosure title="Coach Profile Information" description="How you appear to your clients in check-ins, e-mails and reports.">
      {pendingMessage && <PendingEmailNotice message={pendingMessage} />}
      <form onSubmit={onSubmit} noValidate className="space-y-6">
        <div className="grid gap-5 md:grid-cols-2">
          <Field id="profile-firstName" label="First name" error={error('firstName')}>
            <Input autoComplete="given-name" {...control('firstName')} />
          </Field>
          <Field id="profile-lastName" label="Last name" error={error('lastName')}>
            <Input autoComplete="family-name" {...control('lastName')} />
          </Field>
          <Field
            id="profile-email"
            label="Email"
            error={error('email')}
            hint={<p className="text-xs text-stone-500 dark:text-stone-400">A new address takes effect once you open the confirmation link we send to it.</p>}
          >
            <Input type="email" autoComplete="email" {...control('email')} />
          </Field>
          <Field id="profile-phone" label="Phone" error={error('phone')} hint={<p className="text-xs text-stone-500 dark:text-stone-400">International format, e.g. +15551234567.</p>}>
            <Input type="tel" autoComplete="tel" placeholder="+15551234567" {...control('phone')} />
            <PhoneVerification key={profile.phone ?? ''} profile={profile} typedPhone={typedPhone ?? ''} />
          </Field>
          {changingEmail && (
            <div className="rounded-lg border border-brand-200 bg-brand-50/60 p-4 md:col-span-2 dark:border-brand-800 dark:bg-brand-900/20">
              <Field
                id="profile-currentPassword"
                label="Current password"
                error={error('currentPassword')}
                hint={<p className="text-xs text-stone-600 dark:text-stone-400">Confirm it is you before we send a confirmation link to the new address.</p>}
              >
                <Input type="password" autoComplete="current-password" className="md:max-w-sm" {...control('currentPassword')} />
              </Field>
            </div>
          )}
          <Field id="profile-title" label="Professional title" error={error('title')}>
            <Input autoComplete="organization-title" placeholder="e.g. Executive Coach" {...control('title')} />
          </Field>
          <Field id="profile-company" label="Organization" error={error('company')}>
            <Input autoComplete="organization" {...control('company')} />
          </Field>
          <Field id="profile-location" label="Location" error={error('location')}>
            <Input autoComplete="address-level2" placeholder="e.g. Denver, CO" {...control('location')} />
          </Field>
          <Field id="profile-timezone" label="Timezone" error={error('timezone')}>
            <Select {...control('timezone')} value={timezone ?? ''}>
              {timezones.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {timezoneOptionLabel(o)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-3 border-t border-stone-200 pt-5 dark:border-stone-800">
          <Button
            type="button"
            variant="ghost"
            disabled={!isDirty || isSubmitting}
            onClick={() => {
              form.reset(toFormValues(profile));
            }}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Save Profile
          </Button>
        </div>
      </form>
    </Disclosure>
  );
}

function CoachingApproach({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const survey = { ...EMPTY_COACHING_SURVEY, ...profile.coachingSurvey };
  const answered = countAnswered(survey);
  const [editing, setEditing] = useState(false);
  const [step, setStep] = useState(0);
  const [draft, setDraft] = useState<CoachingSurvey>(survey);
  const [saving, setSaving] = useState<'close' | 'finish' | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const last = COACHING_SURVEY_STEPS - 1;

  useEffect(() => {
    if (editing) textarea.current?.focus();
  }, [editing, step]);

  const start = () => {
    setDraft(survey);
    setStep(0);
    setEditing(true);
  };

  const saveAndClose = async (kind: 'close' | 'finish') => {
    setSaving(kind);
    const coachingSurvey = Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as unknown as CoachingSurvey;
    const answer = await save({ coachingSurvey }, { failure: SETTINGS_TOASTS.saveSurveyFailed });
    setSaving(null);
    if (answer) setEditing(false);
  };

  const question = COACHING_SURVEY_QUESTIONS[step]!;
  const fieldId = `survey-${question.key}`;

  return (
    <Disclosure
      title="Your Coaching Approach"
      description="Cadence's AI uses these answers to write check-ins and follow-ups to your clients in your own coaching style."
      actions={
        !editing && (
          <Button type="button" variant={answered === 0 ? 'primary' : 'secondary'} onClick={start}>
            {answered === 0 ? 'Complete' : 'Edit'}
          </Button>
        )
      }
    >
      {editing ? (
        <div>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-medium text-stone-500 dark:text-stone-400" aria-live="polite">
              Question {step + 1} of {COACHING_SURVEY_STEPS}
            </p>
            <ol className="flex items-center gap-1" aria-label="Survey progress">
              {COACHING_SURVEY_QUESTIONS.map((q, i) => (
                <li key={q.key}>
                  <button
                    type="button"
                    aria-label={`Question ${i + 1}`}
                    aria-current={i === step ? 'step' : undefined}
                    onClick={() => setStep(i)}
                    className="flex h-7 items-center justify-center rounded-full px-1"
                  >
                    <span
                      aria-hidden
                      className={cn(
                        'block h-2.5 rounded-full transition-all',
                        i === step ? 'w-7 bg-brand-600 dark:bg-brand-400' : 'w-2.5',
                        i !== step && (draft[q.key].trim() ? 'bg-brand-300 dark:bg-brand-700' : 'bg-stone-300 dark:bg-stone-600'),
                      )}
                    />
                  </button>
                </li>
              ))}
            </ol>
          </div>
          <div className="mt-4 space-y-2">
            <label htmlFor={fieldId} className="block text-base font-semibold text-stone-900 dark:text-stone-100">
              {question.question}
            </label>
            <p id={`${fieldId}-hint`} className="text-sm text-stone-500 dark:text-stone-400">
              {question.hint}
            </p>
            <Textarea
              ref={textarea}
              id={fieldId}
              aria-describedby={`${fieldId}-hint`}
              rows={5}
              maxLength={2000}
              value={draft[question.key]}
              onChange={(e) => setDraft((d) => ({ ...d, [question.key]: e.target.value }))}
              placeholder="Write as you would explain it to a new client…"
            />
            <p className="text-right text-xs text-stone-500 dark:text-stone-400">{draft[question.key].length} / 2000</p>
          </div>
          <div className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-stone-200 pt-5 dark:border-stone-800">
            <Button type="button" variant="secondary" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0 || saving !== null}>
              Previous
            </Button>
            <div className="flex flex-wrap items-center gap-2">
              <Button type="button" variant="ghost" onClick={() => setEditing(false)} disabled={saving !== null}>
                Cancel
              </Button>
              <Button type="button" variant="secondary" onClick={() => void saveAndClose('close')} loading={saving === 'close'} disabled={saving !== null}>
                Save &amp; Close
              </Button>
              {step < last ? (
                <Button type="button" onClick={() => setStep((s) => Math.min(last, s + 1))} disabled={saving !== null}>
                  Next
                </Button>
              ) : (
                <Button type="button" onClick={() => void saveAndClose('finish')} loading={saving === 'finish'} disabled={saving !== null}>
                  Finish
                </Button>
              )}
            </div>
          </div>
        </div>
      ) : (
        <div>
          <div className="flex items-center gap-3">
            <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800" aria-hidden>
              <div className="h-full rounded-full bg-brand-500" style={{ width: `${(answered / COACHING_SURVEY_STEPS) * 100}%` }} />
            </div>
            <p className="text-sm text-stone-500 dark:text-stone-400">
              {answered} of {COACHING_SURVEY_STEPS} answered
            </p>
          </div>
          <ol className="mt-4 divide-y divide-stone-200 dark:divide-stone-800" aria-label="Your answers">
            {COACHING_SURVEY_QUESTIONS.map((q, i) => (
              <li key={q.key} className="py-4 first:pt-0 last:pb-0">
                <p className="text-sm font-medium text-stone-700 dark:text-stone-300">
                  <span className="mr-2 text-stone-500 dark:text-stone-400">{i + 1}.</span>
                  {q.question}
                </p>
                {survey[q.key].trim() ? (
                  <p className="mt-1 pl-6 text-sm whitespace-pre-line text-stone-900 dark:text-stone-100">{survey[q.key]}</p>
                ) : (
                  <p className="mt-1 pl-6 text-sm text-stone-500 italic dark:text-stone-400">Not answered yet</p>
                )}
              </li>
            ))}
          </ol>
          <SignatureChoice profile={profile} survey={survey} />
        </div>
      )}
    </Disclosure>
  );
}

/** How the AI signs messages to clients; saved as soon as it is chosen. */
function SignatureChoice({ profile, survey }: { profile: Profile; survey: CoachingSurvey }) {
  const save = useSaveProfile();
  const [saving, setSaving] = useState(false);
  const current = survey.signature ?? DEFAULT_MESSAGE_SIGNATURE;
  const firstName = profile.firstName?.trim() || profile.username;
  const preview = signatureLine(current, firstName);

  const choose = async (signature: MessageSignature) => {
    setSaving(true);
    await save({ coachingSurvey: { ...survey, signature } }, { failure: SETTINGS_TOASTS.saveSurveyFailed });
    setSaving(false);
  };

  return (
    <div className="mt-5 border-t border-stone-200 pt-4 dark:border-stone-800">
      <Field
        id="survey-signature"
        label="Sign AI messages to clients as"
        hint={
          <p id="survey-signature-hint" className="text-sm text-stone-500 dark:text-stone-400">
            {preview ? (
              <>
                Messages end with <span className="font-medium text-stone-700 dark:text-stone-200">{preview}</span>
              </>
            ) : (
              'Messages are not signed.'
            )}
          </p>
        }
      >
        <div className="sm:max-w-xs">
          <Select
            id="survey-signature"
            aria-describedby="survey-signature-hint"
            value={current}
            disabled={saving}
            onChange={(e) => {
              const next = MESSAGE_SIGNATURES.find((v) => v === e.target.value);
              if (next) void choose(next);
            }}
          >
            {MESSAGE_SIGNATURES.map((v) => (
              <option key={v} value={v}>
                {MESSAGE_SIGNATURE_LABELS[v]}
              </option>
            ))}
          </Select>
        </div>
      </Field>
    </div>
  );
}

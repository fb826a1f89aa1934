'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import {
  emailChanges,
  PendingEmailNotice,
  ProfileGate,
  profileFormSchema,
  showFormErrorsToast,
  useSaveProfile,
  type ProfileFormInput,
  type ProfileFormOutput,
} from './profile-save';
import { PhoneVerification } from './phone-verification';
import type { Profile } from './use-profile';

/** /profile: one tab, User Profile (product §1.2 Profile page). */
export function UserProfilePage() {
  return (
    <main>
      <h1 className="text-2xl font-semibold">Profile</h1>
      <div role="tablist" aria-label="Profile sections" className="mt-4 flex gap-1 border-b border-stone-200 dark:border-stone-800">
        <button
          type="button"
          role="tab"
          id="tab-user-profile"
          aria-selected
          aria-controls="panel-user-profile"
          className="-mb-px border-b-2 border-brand-600 px-4 py-2 text-sm font-medium text-brand-700 dark:text-brand-300"
        >
          User Profile
        </button>
      </div>
      <section role="tabpanel" id="panel-user-profile" aria-labelledby="tab-user-profile" className="mt-6 max-w-2xl">
        <ProfileGate>{(profile) => <UserProfileForm profile={profile} />}</ProfileGate>
      </section>
    </main>
  );
}

const FIELDS = ['username', 'email', 'phone', 'currentPassword'] as const;
type FieldName = (typeof FIELDS)[number];

const toFormValues = (profile: Profile): ProfileFormInput => ({ username: profile.username, email: profile.email, phone: profile.phone ?? '', currentPassword: '' });

function UserProfileForm({ profile }: { profile: Profile }) {
  const save = useSaveProfile();
  const [pendingMessage, setPendingMessage] = useState<string | null>(null);
  const schema = useMemo(() => profileFormSchema(profile.email), [profile.email]);
  const form = useForm<ProfileFormInput, unknown, ProfileFormOutput>({ resolver: zodResolver(schema), defaultValues: toFormValues(profile) });
  const { errors, isSubmitting } = form.formState;
  const changingEmail = emailChanges(useWatch({ control: form.control, name: 'email' }), profile.email);
  const typedPhone = useWatch({ control: form.control, name: 'phone' });

  const onSubmit = form.handleSubmit(async ({ username, email, phone, currentPassword }) => {
    const answer = await save(
      // The page edits three fields; the other optional ones go along unchanged.
      { username, email, phone, ...(changingEmail ? { currentPassword } : {}) },
      {
        onFieldError: (field, message) => {
          if ((FIELDS as readonly string[]).includes(field)) form.setError(field as FieldName, { message });
        },
      },
    );
    if (!answer) return;
    form.reset(toFormValues(answer.user));
    setPendingMessage(answer.pendingEmail ? (answer.message ?? null) : null);
  }, showFormErrorsToast);

  const control = (name: FieldName) => ({
    id: `user-${name}`,
    'aria-invalid': !!errors[name],
    'aria-describedby': errors[name] ? `user-${name}-error` : undefined,
    ...form.register(name),
  });

  return (
    <div className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="mb-5">
        <h2 className="text-lg font-semibold">Sign-in details</h2>
        <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">
          Your username, e-mail address and phone number. Coaching details live in{' '}
          <Link href="/settings?tab=profile" className="font-medium text-brand-700 hover:underline dark:text-brand-300">
            Settings → Profile
          </Link>
          .
        </p>
      </div>
      {pendingMessage && <PendingEmailNotice message={pendingMessage} />}
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Field id="user-username" label="Username" error={errors.username?.message}>
          <Input autoComplete="username" className="dark:text-stone-100" {...control('username')} />
        </Field>
        <Field
          id="user-email"
          label="Email"
          error={errors.email?.message}
          hint={<p className="text-xs text-stone-500 dark:text-stone-400">A new address takes effect once you open the confirmation link we send to it.</p>}
        >
          <Input type="email" autoComplete="email" className="dark:text-stone-100" {...control('email')} />
        </Field>
        {changingEmail && (
          <div className="rounded-lg border border-brand-200 bg-brand-50/60 p-4 dark:border-brand-800 dark:bg-brand-900/20">
            <Field
              id="user-currentPassword"
              label="Current password"
              error={errors.currentPassword?.message}
              hint={<p className="text-xs text-stone-600 dark:text-stone-400">Confirm it is you before we send a confirmation link to the new address.</p>}
            >
              <Input type="password" autoComplete="current-password" className="dark:text-stone-100" {...control('currentPassword')} />
            </Field>
          </div>
        )}
        <Field id="user-phone" label="Phone" error={errors.phone?.message} hint={<p className="text-xs text-stone-500 dark:text-stone-400">International format, e.g. +15551234567.</p>}>
          <Input type="tel" autoComplete="tel" placeholder="+15551234567" className="dark:text-stone-100" {...control('phone')} />
          <PhoneVerification key={profile.phone ?? ''} profile={profile} typedPhone={typedPhone ?? ''} />
        </Field>
        <div className="flex justify-end border-t border-stone-200 pt-5 dark:border-stone-800">
          <Button type="submit" loading={isSubmitting}>
            Update Profile
          </Button>
        </div>
      </form>
    </div>
  );
}

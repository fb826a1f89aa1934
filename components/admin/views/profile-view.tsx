'use client';

import { useProfileTime } from '@/components/time/use-profile-time';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useAuth } from '@/components/auth/auth-provider';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import type { StoredUser } from '@/lib/auth-storage';
import { ADMIN_MESSAGES } from '@/lib/constants';
import { adminPasswordFormSchema, adminProfileSchema, type AdminPasswordForm, type AdminProfileAnswer, type AdminProfileUpdateAnswer } from '@/lib/schemas/admin';
import { AppearanceTab } from '@/components/settings/appearance-tab';
import { ActiveSessions } from '@/components/settings/security/active-sessions';
import { TwoFactor } from '@/components/settings/security/two-factor';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Badge, DataTable, Section } from '../ui';

type ProfileValues = z.input<typeof adminProfileSchema>;

const notSet = (value: string | null | undefined) => (value && value.trim() ? value : 'Not set');

function ReadOnlyDetails({ user }: { user: StoredUser }) {
  const time = useProfileTime();
  const rows: [string, string][] = [
    ['Username', notSet(user.username)],
    ['E-mail', notSet(user.email)],
    ['First name', notSet(user.firstName)],
    ['Last name', notSet(user.lastName)],
    ['Phone', notSet(user.phone)],
    ['Role', notSet(user.role)],
    ['User ID', notSet(user.id)],
    ['Account created', time.dateTime(user.createdAt, 'N/A')],
    ['Last login', time.dateTime(user.lastLogin, 'N/A')],
  ];
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-medium uppercase tracking-wide text-stone-500 dark:text-stone-400">{label}</dt>
          <dd className="mt-0.5 break-all text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Field errors of a 400 answer go next to their fields. */
function applyFieldErrors<T extends string>(error: unknown, setError: (name: T, e: { message: string }) => void, fields: readonly T[]): boolean {
  if (!(error instanceof ApiError) || !error.body.details?.length) return false;
  let placed = false;
  for (const d of error.body.details) {
    if ((fields as readonly string[]).includes(d.field)) {
      setError(d.field as T, { message: d.message });
      placed = true;
    }
  }
  return placed;
}

function ProfileForm({ user }: { user: StoredUser }) {
  const { updateUser } = useAuth();
  const form = useForm<ProfileValues>({
    resolver: zodResolver(adminProfileSchema),
    defaultValues: { username: user.username, email: user.email, firstName: user.firstName, lastName: user.lastName, phone: user.phone ?? '', currentPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanging = (email ?? '').trim().toLowerCase() !== user.email.toLowerCase();
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await api.put<AdminProfileUpdateAnswer>('/admin/profile', {
        ...values,
        currentPassword: emailChanging ? values.currentPassword : undefined,
      });
      updateUser(answer.user);
      toast.success(answer.pendingEmail ? answer.message : ADMIN_MESSAGES.profileUpdated);
      form.reset({ ...values, email: answer.user.email, currentPassword: '' });
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['username', 'email', 'firstName', 'lastName', 'phone', 'currentPassword'] as const)) {
        toast.error(errorMessage(error, ADMIN_MESSAGES.profileUpdateFailed));
      }
    }
  });
  const text = (name: 'username' | 'email' | 'firstName' | 'lastName' | 'phone', label: string, type = 'text', autoComplete?: string) => (
    <Field id={`admin-profile-${name}`} label={label} error={errors[name]?.message}>
      <Input id={`admin-profile-${name}`} type={type} autoComplete={autoComplete} aria-invalid={!!errors[name]} {...form.register(name)} />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Update profile">
      {text('username', 'Username', 'text', 'username')}
      {text('email', 'Email', 'email', 'email')}
      {text('firstName', 'First name', 'text', 'given-name')}
      {text('lastName', 'Last name', 'text', 'family-name')}
      {text('phone', 'Phone (optional)', 'tel', 'tel')}
      {emailChanging && (
        <Field
          id="admin-profile-currentPassword"
          label="Current password"
          error={errors.currentPassword?.message}
          hint={<p className="text-xs text-stone-500 dark:text-stone-400">Needed to change your e-mail address; the change is confirmed from the new address.</p>}
        >
          <Input id="admin-profile-currentPassword" type="password" autoComplete="current-password" {...form.register('currentPassword')} />
        </Field>
      )}
      <div className="sm:col-span-2">
        <Button type="submit" loading={isSubmitting}>
          Update Profile
        </Button>
      </div>
    </form>
  );
}

function PasswordForm({ onDone }: { onDone(): void }) {
  const form = useForm<AdminPasswordForm>({ resolver: zodResolver(adminPasswordFormSchema), defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await api.put('/admin/password', { currentPassword, newPassword });
      toast.success(ADMIN_MESSAGES.passwordChanged);
      form.reset();
      onDone();
    } catch (error) {
      if (!applyFieldErrors(error, form.setError, ['currentPassword', 'newPassword'] as const)) toast.error(errorMessage(error, ADMIN_MESSAGES.passwordChangeFailed));
    }
  });
  const field = (name: keyof AdminPasswordForm, label: string, autoComplete: string) => (
    <Field id={`admin-password-${name}`} label={label} error={errors[name]?.message}>
      <Input id={`admin-password-${name}`} type="password" autoComplete={autoComplete} aria-invalid={!!errors[name]} {...form.register(name)} />
    </Field>
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3" aria-label="Change password">
      {field('currentPassword', 'Current password', 'current-password')}
      {field('newPassword', 'New password', 'new-password')}
      {field('confirmPassword', 'Confirm new password', 'new-password')}
      <div className="sm:col-span-3">
        <Button type="submit" loading={isSubmitting}>
          Change Password
        </Button>
      </div>
    </form>
  );
}

/**
 * Product §2.2.5's profile, plus what an admin used to reach only through the coach Settings page
 * (decision 0098): two-factor sign-in, the signed-in devices and the look of the app.
 */
export function ProfileView({ profile }: { profile: AdminProfileAnswer | null }) {
  const { user } = useAuth();
  const [changingPassword, setChangingPassword] = useState(false);
  if (!user) return null;
  return (
    <div className="space-y-6">
      <Section title="Account details">
        <ReadOnlyDetails user={user} />
      </Section>
      <Section title="Update profile">
        <ProfileForm user={user} />
      </Section>
      <Section
        title="Password"
        actions={
          <Button variant="secondary" aria-expanded={changingPassword} aria-controls="admin-password-form" onClick={() => setChangingPassword((v) => !v)}>
            {changingPassword ? 'Cancel' : 'Change Password'}
          </Button>
        }
      >
        {changingPassword ? (
          <div id="admin-password-form">
            <PasswordForm onDone={() => setChangingPassword(false)} />
          </div>
        ) : (
          <p className="text-sm text-stone-500 dark:text-stone-400">At least 8 characters.</p>
        )}
      </Section>
      <Section title="Administrative permissions">
        {profile ? (
          <>
            <p className="mb-4 text-sm">
              Admin level: <Badge tone="brand">{profile.adminLevel.charAt(0).toUpperCase() + profile.adminLevel.slice(1)}</Badge>{' '}
              <span className="text-stone-600 dark:text-stone-300">{profile.adminLevelDescription}</span>
            </p>
            <DataTable
              caption="Administrative permissions"
              rows={profile.permissions}
              rowKey={(p) => p.permission}
              columns={[
                { header: 'Permission', cell: (p) => <code className="text-xs">{p.permission}</code> },
                { header: 'Description', cell: (p) => p.description },
                { header: 'Granted', cell: (p) => (p.granted ? <Badge tone="green">Granted</Badge> : <Badge>Not granted</Badge>) },
              ]}
            />
          </>
        ) : (
          <p className="text-sm text-stone-500 dark:text-stone-400">{ADMIN_MESSAGES.partialFailure}</p>
        )}
      </Section>
      <TwoFactor />
      <ActiveSessions />
      <AppearanceTab />
    </div>
  );
}

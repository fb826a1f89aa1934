'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { api, ApiError } from '@/lib/api-client';
import { clearAuthStorage } from '@/lib/auth-storage';
import { DELETE_CONFIRM_WORD, SETTINGS_TOASTS } from '@/lib/constants';
import { reloadTo } from '@/lib/navigation';
import type { deleteAccount } from '@/lib/contract/account';
import type { ResponseOf } from '@/lib/contract/endpoint';
import { deleteAccountFormSchema } from '@/lib/schemas/account';
import { failureToast } from './api';

type DeleteInput = z.input<typeof deleteAccountFormSchema>;

const DELETED = [
  'your profile, coaching approach and preferences',
  'all clients, goals, milestones and check-in history',
  'schedules, AI summaries and analytics',
  'your plan, billing records and signed-in sessions on every device',
];

/** The confirmation dialog: type DELETE and the password; rendered only while open. */
function DeleteAccountDialog({ onClose }: { onClose(): void }) {
  const form = useForm<DeleteInput>({ resolver: zodResolver(deleteAccountFormSchema), reValidateMode: 'onChange', defaultValues: { confirmation: '', password: '' } });
  const { errors, isSubmitting } = form.formState;
  const hasError = (name: keyof DeleteInput) => Boolean(form.getFieldState(name).error);
  // Messages appear for a wrong word when the field is left, and for a password that was cleared;
  // an empty field left alone says nothing (the button stays disabled), so leaving a field to press
  // Cancel never makes the buttons jump under the pointer.
  const confirmationField = form.register('confirmation', {
    onBlur: (e: { target: HTMLInputElement }) => void (e.target.value && form.trigger('confirmation')),
    onChange: () => void (hasError('confirmation') && form.trigger('confirmation')),
  });
  const passwordField = form.register('password', {
    onChange: (e: { target: HTMLInputElement }) => void ((e.target.value === '' || hasError('password')) && form.trigger('password')),
  });
  const [confirmation, password] = useWatch({ control: form.control, name: ['confirmation', 'password'] });
  const ready = confirmation === DELETE_CONFIRM_WORD && password.length > 0;

  const onSubmit = form.handleSubmit(async ({ password: pw }) => {
    try {
      const result = await api.post<ResponseOf<typeof deleteAccount>>('/users/account/delete', { password: pw });
      clearAuthStorage();
      reloadTo(`/login?message=${encodeURIComponent(result.message)}`);
    } catch (error) {
      const message = error instanceof ApiError ? error.fieldError('password') : undefined;
      if (message) form.setError('password', { message }, { shouldFocus: true });
      else failureToast(SETTINGS_TOASTS.deleteFailed, error);
    }
  });

  return (
    <Modal open title="Delete your account?" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <div className="space-y-2 text-sm text-stone-600 dark:text-stone-300">
          <p>This permanently deletes your Cadence account and cannot be undone. It removes:</p>
          <ul className="list-disc space-y-1 pl-5">
            {DELETED.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
          <p>Export your data first if you want a copy.</p>
        </div>
        <Field id="delete-confirmation" label={`Type ${DELETE_CONFIRM_WORD} to confirm`} error={errors.confirmation?.message}>
          <Input
            id="delete-confirmation"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder={DELETE_CONFIRM_WORD}
            aria-invalid={!!errors.confirmation}
            aria-describedby={errors.confirmation ? 'delete-confirmation-error' : undefined}
            {...confirmationField}
          />
        </Field>
        <Field id="delete-password" label="Password" error={errors.password?.message}>
          <Input
            id="delete-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? 'delete-password-error' : undefined}
            {...passwordField}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!ready} loading={isSubmitting}>
            Delete my account
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Delete Account: a button that opens the confirmation dialog. */
export function DeleteAccount() {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="delete-account-title" className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <div>
        <h3 id="delete-account-title" className="font-medium text-red-700 dark:text-red-400">
          Delete account
        </h3>
        <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">Permanently delete your account and everything in it. This cannot be undone.</p>
      </div>
      <Button type="button" variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      {open && <DeleteAccountDialog onClose={() => setOpen(false)} />}
    </section>
  );
}

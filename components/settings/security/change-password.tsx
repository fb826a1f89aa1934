'use client';

import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { z } from 'zod';
import { useAuth } from '@/components/auth/auth-provider';
import { PasswordStrength } from '@/components/auth/password-strength';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field, Input } from '@/components/ui/field';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { SETTINGS_TOASTS } from '@/lib/constants';
import { passwordChangeFormSchema, type PasswordChangeResponse } from '@/lib/schemas/account';
import { SECURITY_KEYS } from './api';
import { SignOutOthersDialog } from './sign-out-others-dialog';

type FormValues = z.input<typeof passwordChangeFormSchema>;

const FIELDS = ['currentPassword', 'newPassword'] as const;
const EMPTY: FormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Settings → Security → Change Password (product §1.5 Password change). */
export function ChangePassword() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const [otherSessions, setOtherSessions] = useState(0);
  const form = useForm<FormValues>({ resolver: zodResolver(passwordChangeFormSchema), defaultValues: EMPTY });
  const { errors, isSubmitting } = form.formState;
  const newPassword = useWatch({ control: form.control, name: 'newPassword' });

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword: next }) => {
    try {
      const result = await api.put<PasswordChangeResponse>('/users/password', { currentPassword, newPassword: next });
      toast.success(SETTINGS_TOASTS.passwordUpdated);
      form.reset(EMPTY);
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.logAll });
      if (result.otherSessions > 0) setOtherSessions(result.otherSessions);
    } catch (error) {
      let shown = false;
      if (error instanceof ApiError) {
        for (const field of FIELDS) {
          const message = error.fieldError(field);
          if (message) {
            form.setError(field, { message }, { shouldFocus: !shown });
            shown = true;
          }
        }
      }
      if (!shown) toast.error(errorMessage(error, SETTINGS_TOASTS.updatePasswordFailed));
    }
  });

  const describedBy = (field: keyof FormValues, extra?: string) => [errors[field] ? `${field}-error` : null, extra].filter(Boolean).join(' ') || undefined;

  return (
    <Card title="Change Password" description="Use a strong password that you don't use anywhere else.">
      <form onSubmit={onSubmit} noValidate className="max-w-md space-y-4">
        <Field id="currentPassword" label="Current password" error={errors.currentPassword?.message}>
          <Input
            id="currentPassword"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!errors.currentPassword}
            aria-describedby={describedBy('currentPassword')}
            {...form.register('currentPassword')}
          />
        </Field>
        <Field
          id="newPassword"
          label="New password"
          error={errors.newPassword?.message}
          hint={
            // The rule text already says the same when the field is in error.
            !errors.newPassword && (
              <p id="newPassword-hint" className="text-xs text-stone-500 dark:text-stone-400">
                At least 8 characters with an uppercase letter, a lowercase letter, a number and one of @ $ ! % * ? &amp;
              </p>
            )
          }
        >
          <Input
            id="newPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.newPassword}
            aria-describedby={describedBy('newPassword', errors.newPassword ? undefined : 'newPassword-hint')}
            {...form.register('newPassword')}
          />
        </Field>
        <PasswordStrength password={newPassword} owner={user ?? {}} fieldHasError={!!errors.newPassword} />
        <Field id="confirmPassword" label="Confirm new password" error={errors.confirmPassword?.message}>
          <Input
            id="confirmPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.confirmPassword}
            aria-describedby={describedBy('confirmPassword')}
            {...form.register('confirmPassword')}
          />
        </Field>
        <Button type="submit" loading={isSubmitting}>
          Update password
        </Button>
      </form>
      <SignOutOthersDialog
        open={otherSessions > 0}
        count={otherSessions}
        onClose={() => setOtherSessions(0)}
        reason="Your password has been changed. Sessions on other devices are still signed in with it."
        cancelLabel="Keep them signed in"
      />
    </Card>
  );
}

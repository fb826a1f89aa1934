'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import type { disableTwoFactor } from '@/lib/contract/account';
import type { ResponseOf } from '@/lib/contract/endpoint';
import { twoFactorDisableSchema } from '@/lib/schemas/account';

type DisableInput = z.input<typeof twoFactorDisableSchema>;

/** Turning two-factor off asks for the password again. Rendered only while open, so each opening starts empty. */
export function TwoFactorDisableDialog({ onClose, onDisabled }: { onClose(): void; onDisabled(): void }) {
  const form = useForm<DisableInput>({ resolver: zodResolver(twoFactorDisableSchema), defaultValues: { password: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      const result = await api.post<ResponseOf<typeof disableTwoFactor>>('/users/2fa/disable', { password });
      toast.success(result.message);
      onDisabled();
    } catch (error) {
      const message = error instanceof ApiError ? error.fieldError('password') : undefined;
      if (message) form.setError('password', { message }, { shouldFocus: true });
      else toast.error(errorMessage(error, 'Failed to turn off two-factor authentication'));
    }
  });

  return (
    <Modal open title="Turn off two-factor authentication?" onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <p className="text-sm text-stone-600 dark:text-stone-300">
          Signing in will only need your password. Your authenticator app entry and recovery codes stop working. Enter your password to confirm.
        </p>
        <Field id="two-factor-disable-password" label="Password" error={errors.password?.message}>
          <Input
            id="two-factor-disable-password"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!errors.password}
            aria-describedby={errors.password ? 'two-factor-disable-password-error' : undefined}
            {...form.register('password')}
          />
        </Field>
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting}>
            Turn off
          </Button>
        </div>
      </form>
    </Modal>
  );
}

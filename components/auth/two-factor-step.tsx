'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { ApiError } from '@/lib/api-client';
import type { StoredUser } from '@/lib/auth-storage';
import { twoFactorCodeSchema } from '@/lib/schemas/account';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { useAuth } from './auth-provider';

export const TWO_FACTOR_PROMPT = 'Enter the 6-digit code from your authenticator app, or a recovery code';

type CodeInput = z.input<typeof twoFactorCodeSchema>;

interface TwoFactorStepProps {
  /** The ticket of the 403 TWO_FACTOR_REQUIRED answer. */
  ticket: string;
  onSignedIn(user: StoredUser): void;
  /** The ticket is no longer usable (expired, or two-factor was turned off): sign in again. */
  onRestart(message: string): void;
}

/** The second sign-in step for accounts with two-factor authentication. */
export function TwoFactorStep({ ticket, onSignedIn, onRestart }: TwoFactorStepProps) {
  const { completeSecondFactor } = useAuth();
  const form = useForm<CodeInput>({ resolver: zodResolver(twoFactorCodeSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      onSignedIn(await completeSecondFactor(ticket, code.trim()));
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onRestart(error.message);
      // A wrong code (400, field `code`) or too many attempts (429): both belong next to the field.
      const message = error instanceof ApiError ? error.message : 'Could not verify the code. Please try again.';
      form.setError('code', { message }, { shouldFocus: true });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <p className="text-sm text-stone-600 dark:text-stone-300">{TWO_FACTOR_PROMPT}</p>
      <Field id="two-factor-code" label="Authentication code" error={errors.code?.message}>
        <Input
          id="two-factor-code"
          autoComplete="one-time-code"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          autoFocus
          maxLength={9}
          placeholder="123456"
          className="font-mono tracking-widest"
          aria-invalid={!!errors.code}
          aria-describedby={errors.code ? 'two-factor-code-error' : undefined}
          {...form.register('code')}
        />
      </Field>
      <Button type="submit" className="w-full" loading={isSubmitting}>
        Verify and sign in
      </Button>
      <Button type="button" variant="ghost" className="w-full" onClick={() => onRestart('')}>
        Back to sign in
      </Button>
    </form>
  );
}

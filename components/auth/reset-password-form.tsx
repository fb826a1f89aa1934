'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';
import { MESSAGES, POST_RESET_REDIRECT_MS } from '@/lib/constants';
import { resetPasswordFormSchema } from '@/lib/schemas/auth';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { AuthCard } from './auth-card';
import { PasswordStrength } from './password-strength';

type FormValues = z.input<typeof resetPasswordFormSchema>;

export function ResetPasswordForm({ token }: { token: string }) {
  const router = useRouter();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(resetPasswordFormSchema), defaultValues: { password: '', confirmPassword: '' } });
  const { errors, isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => router.push('/login'), POST_RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, router]);

  const onSubmit = form.handleSubmit(async ({ password: newPassword }) => {
    setError(null);
    try {
      await api.post(`/users/reset-password/${encodeURIComponent(token)}`, { password: newPassword });
      setDone(true);
    } catch (e) {
      const fieldMessage = e instanceof ApiError ? e.fieldError('password') : undefined;
      if (fieldMessage) form.setError('password', { message: fieldMessage });
      else setError(e instanceof ApiError && e.status === 429 ? e.message : MESSAGES.resetFailed);
    }
  });

  if (done) {
    return (
      <AuthCard title="Password reset">
        <Banner tone="success">Your password has been reset. Taking you to sign in…</Banner>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Set a new password"
      footer={
        <Link href="/forgot-password" className="text-brand-700 hover:underline dark:text-brand-400">
          Request a new link
        </Link>
      }
    >
      {error && (
        <Banner tone="error" className="mb-4">
          {error}
        </Banner>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="password" label="New password" error={errors.password?.message}>
          <Input id="password" type="password" autoComplete="new-password" aria-invalid={!!errors.password} {...form.register('password')} />
        </Field>
        <PasswordStrength password={password} checklist fieldHasError={!!errors.password} />
        <Field id="confirmPassword" label="Confirm password" error={errors.confirmPassword?.message}>
          <Input id="confirmPassword" type="password" autoComplete="new-password" aria-invalid={!!errors.confirmPassword} {...form.register('confirmPassword')} />
        </Field>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Reset password
        </Button>
      </form>
    </AuthCard>
  );
}

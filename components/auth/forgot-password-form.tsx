'use client';

import Link from 'next/link';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';
import { MESSAGES } from '@/lib/constants';
import { forgotPasswordSchema } from '@/lib/schemas/auth';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { AuthCard } from './auth-card';

type FormValues = z.input<typeof forgotPasswordSchema>;

export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<FormValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await api.post('/users/forgot-password', { email });
      setSentTo(email);
    } catch (e) {
      setError(e instanceof ApiError && e.status === 429 ? e.message : MESSAGES.forgotFailed);
    }
  });

  const footer = (
    <Link href="/login" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
      Back to sign in
    </Link>
  );

  if (sentTo) {
    return (
      <AuthCard title="Check Your Email" footer={footer}>
        <div className="space-y-4 text-sm">
          <Banner tone="success">{MESSAGES.forgotSuccess}</Banner>
          <p className="text-stone-600 dark:text-stone-300">The link is valid for 1 hour. Check your spam folder if it does not arrive in a few minutes.</p>
          <Button
            variant="secondary"
            className="w-full"
            onClick={() => {
              setSentTo(null);
              form.reset({ email: '' });
            }}
          >
            Try Different Email
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Forgot your password?" subtitle="Enter your email and we will send you a reset link." footer={footer}>
      {error && (
        <Banner tone="error" className="mb-4">
          {error}
        </Banner>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input id="email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
        </Field>
        <Button type="submit" className="w-full" loading={isSubmitting}>
          Send reset link
        </Button>
      </form>
    </AuthCard>
  );
}

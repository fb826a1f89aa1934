'use client';

import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/field';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import type { TwoFactorEnableResponse, TwoFactorSetupResponse } from '@/lib/schemas/account';

/** The enrolment POST /users/2fa/setup answers. */
export type TwoFactorEnrolment = TwoFactorSetupResponse;

const enableSchema = z.object({ code: z.string().trim().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app') });
type EnableInput = z.input<typeof enableSchema>;

/** "ABCD EFGH …": easier to read and type into an app. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface TwoFactorSetupProps {
  enrolment: TwoFactorEnrolment;
  onEnabled(recoveryCodes: string[]): void;
  onCancel(): void;
}

/** Scan (or type) the secret, then prove it with a first code; the answer carries the recovery codes. */
export function TwoFactorSetup({ enrolment, onEnabled, onCancel }: TwoFactorSetupProps) {
  const form = useForm<EnableInput>({ resolver: zodResolver(enableSchema), defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const { recoveryCodes } = await api.post<TwoFactorEnableResponse>('/users/2fa/enable', { code });
      onEnabled(recoveryCodes);
    } catch (error) {
      const message = error instanceof ApiError ? error.fieldError('code') : undefined;
      if (message) form.setError('code', { message: error instanceof ApiError ? error.message : message }, { shouldFocus: true });
      else toast.error(errorMessage(error, 'Failed to turn on two-factor authentication'));
    }
  });

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      toast.success('Setup key copied');
    } catch {
      toast.error('Could not copy. Select the key and copy it by hand.');
    }
  };

  return (
    <div className="space-y-6">
      <ol className="space-y-6">
        <li className="grid gap-4 sm:grid-cols-[auto_1fr] sm:items-start">
          {/* A data: URL from the server; next/image adds nothing here. */}
          {/* eslint-disable-next-line @next/next/no-img-element */}
          <img
            src={enrolment.qrCodeDataUrl}
            alt="QR code to add Cadence to your authenticator app"
            width={176}
            height={176}
            className="h-44 w-44 rounded-lg border border-stone-200 bg-white p-2 dark:border-stone-700"
          />
          <div className="space-y-3 text-sm">
            <p className="font-medium">1. Scan this QR code with your authenticator app</p>
            <p className="text-stone-600 dark:text-stone-300">Google Authenticator, Microsoft Authenticator, 1Password, Authy and most password managers work.</p>
            <div>
              <p className="text-stone-600 dark:text-stone-300">Can&apos;t scan it? Enter this setup key instead (time-based):</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                <code
                  className="rounded-md bg-stone-100 px-3 py-1.5 font-mono text-sm tracking-wider break-all select-all dark:bg-stone-800"
                  data-testid="two-factor-secret"
                  data-secret={enrolment.secret}
                  aria-label="Setup key"
                >
                  {grouped(enrolment.secret)}
                </code>
                <Button type="button" variant="secondary" className="px-3 py-1.5" onClick={() => void copySecret()}>
                  Copy key
                </Button>
              </div>
            </div>
          </div>
        </li>
        <li>
          <form onSubmit={onSubmit} noValidate className="max-w-xs space-y-4">
            <p className="text-sm font-medium">2. Enter the 6-digit code the app shows</p>
            <Field id="two-factor-enable-code" label="Verification code" error={errors.code?.message}>
              <Input
                id="two-factor-enable-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="123456"
                className="font-mono tracking-widest"
                aria-invalid={!!errors.code}
                aria-describedby={errors.code ? 'two-factor-enable-code-error' : undefined}
                {...form.register('code')}
              />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" loading={isSubmitting}>
                Verify and turn on
              </Button>
              <Button type="button" variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}

'use client';

import { useCallback, useEffect, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { SETTINGS_TOASTS, SETTINGS_VALIDATION } from '@/lib/constants';
import type { updateTimezone } from '@/lib/contract/account';
import type { ResponseOf } from '@/lib/contract/endpoint';
import { profileUpdateSchema, type ProfileUpdateResponse } from '@/lib/schemas/account';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { useProfile, type Profile } from './use-profile';

export type ProfileFormInput = z.input<typeof profileUpdateSchema>;
export type ProfileFormOutput = z.output<typeof profileUpdateSchema>;

/**
 * `profileUpdateSchema` as the forms use it: a changed e-mail address also needs the current
 * password, which the server asks for as well (400 with details field `currentPassword`).
 */
export function profileFormSchema(currentEmail: string) {
  return profileUpdateSchema.superRefine((values, ctx) => {
    if (emailChanges(values.email, currentEmail) && !values.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: SETTINGS_VALIDATION.passwordForEmailChange });
    }
  });
}

export const emailChanges = (typed: string | undefined, currentEmail: string) =>
  typed !== undefined && typed.trim() !== '' && typed.trim().toLowerCase() !== currentEmail.toLowerCase();

export const showFormErrorsToast = () => toast.error(SETTINGS_VALIDATION.correctErrors);

/**
 * PUT /users/profile: stores the returned user in the profile and auth caches and toasts the
 * outcome (the server's message preferred). Field errors of a 400/409 go to `onFieldError`.
 */
export function useSaveProfile() {
  const { applyUser } = useProfile();
  return useCallback(
    async (payload: ProfileFormInput, options: { onFieldError?: (field: string, message: string) => void; failure?: string; quiet?: boolean } = {}) => {
      try {
        const answer = await api.put<ProfileUpdateResponse>('/users/profile', payload);
        applyUser(answer.user);
        if (!options.quiet) toast.success(answer.message);
        return answer;
      } catch (error) {
        if (error instanceof ApiError) for (const d of error.body.details ?? []) options.onFieldError?.(d.field, d.message);
        toast.error(options.failure ?? errorMessage(error, SETTINGS_TOASTS.updateProfileFailed));
        return null;
      }
    },
    [applyUser],
  );
}

/**
 * PUT /users/timezone, for a save that changes nothing but the timezone: its own success and
 * failure texts (product §1.8, §2.8), the server's message preferred.
 */
export function useSaveTimezone() {
  const { applyUser } = useProfile();
  return useCallback(
    async (timezone: string, onFieldError: (message: string) => void) => {
      try {
        const answer = await api.put<ResponseOf<typeof updateTimezone>>('/users/timezone', { timezone });
        applyUser(answer.user);
        toast.success(answer.message ?? SETTINGS_TOASTS.timezoneUpdated);
        return answer;
      } catch (error) {
        const fieldError = error instanceof ApiError ? error.fieldError('timezone') : undefined;
        if (fieldError) onFieldError(fieldError);
        toast.error(errorMessage(error, SETTINGS_TOASTS.timezoneFailed));
        return null;
      }
    },
    [applyUser],
  );
}

/** Loading state, the 'Failed to load profile data' toast and a retry, around a loaded profile. */
export function ProfileGate({ children, label = 'Loading your profile…' }: { children: (profile: Profile) => ReactNode; label?: string }) {
  const { data, isError, errorUpdatedAt, refetch, isFetching } = useProfile();
  useEffect(() => {
    if (isError) toast.error(SETTINGS_TOASTS.loadProfileFailed, { id: 'profile-load-failed' });
  }, [isError, errorUpdatedAt]);
  if (data) return <>{children(data)}</>;
  if (isError) {
    return (
      <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
        <span>{SETTINGS_TOASTS.loadProfileFailed}</span>
        <Button type="button" variant="secondary" onClick={() => void refetch()} loading={isFetching}>
          Try again
        </Button>
      </Banner>
    );
  }
  return <Loading label={label} />;
}

/** The e-mail change waits for the link sent to the new address (product §1.4, decision 0013). */
export function PendingEmailNotice({ message }: { message: string }) {
  return (
    <Banner tone="info" className="mb-5 dark:border-brand-800 dark:bg-brand-900/30 dark:text-brand-100">
      {message}
    </Banner>
  );
}

'use client';

import { useEffect, useRef } from 'react';
import { useRouter } from 'next/navigation';
import { api, ApiError } from '@/lib/api-client';
import type { VerifyEmailResponse } from '@/lib/schemas/auth';
import { getStoredUser, rememberVerifiedEmail, setStoredUser } from '@/lib/auth-storage';
import { MESSAGES } from '@/lib/constants';
import { AuthCard } from './auth-card';

function loginUrl(params: Record<string, string>): string {
  return `/login?${new URLSearchParams(params).toString()}`;
}

/** Verifies once, then hands over to /login with `verified` or `error` and a message. */
export function VerifyEmail({ token }: { token: string }) {
  const router = useRouter();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!token) {
      router.replace(loginUrl({ error: 'true', message: MESSAGES.verificationNoToken }));
      return;
    }
    api
      .get<VerifyEmailResponse>(`/users/verify/${encodeURIComponent(token)}`)
      .then((res) => {
        const stored = getStoredUser();
        if (stored) setStoredUser({ ...stored, isVerified: true });
        rememberVerifiedEmail(res.user.email);
        router.replace(loginUrl({ verified: 'true', message: res.message }));
      })
      .catch((error: unknown) => {
        const message = error instanceof ApiError && error.code === 'INVALID_TOKEN' ? MESSAGES.verificationInvalidToken : MESSAGES.verificationFailed;
        router.replace(loginUrl({ error: 'true', message }));
      });
  }, [token, router]);

  return (
    <AuthCard title="Verifying your email">
      <div className="flex items-center justify-center gap-3 py-4 text-stone-600 dark:text-stone-300" role="status">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden />
        Verifying your email…
      </div>
    </AuthCard>
  );
}

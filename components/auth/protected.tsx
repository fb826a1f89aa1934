'use client';

import { useEffect, type ReactNode } from 'react';
import { usePathname, useRouter } from 'next/navigation';
import { adminPlaceFor } from '@/lib/admin-views';
import { MESSAGES } from '@/lib/constants';
import { getAccessToken } from '@/lib/auth-storage';
import { useAuth } from './auth-provider';

export function VerifyingScreen() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-stone-600 dark:text-stone-300">
        <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden />
        {MESSAGES.verifying}
      </div>
    </div>
  );
}

/**
 * Shows its children only to a signed-in user of the area: admins in the admin area, everyone else
 * in the coach area (an admin there goes to the admin shell, decision 0098; proxy.ts does the same
 * before the page loads, this catches a role learnt only on the client).
 */
export function Protected({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { user, isAuthenticated, loading } = useAuth();
  const router = useRouter();
  const path = usePathname();
  const isAdmin = user?.role === 'admin' || user?.role === 'super_admin';
  const wrongArea = admin !== isAdmin;

  useEffect(() => {
    if (loading) return;
    if (!isAuthenticated || !getAccessToken()) router.replace('/login');
    else if (!user?.isVerified) router.replace(`/login?error=true&message=${encodeURIComponent(MESSAGES.emailNotVerified)}`);
    else if (wrongArea) router.replace(isAdmin ? adminPlaceFor(path) : '/dashboard');
  }, [loading, isAuthenticated, user, wrongArea, isAdmin, path, router]);

  if (loading || !isAuthenticated || !user?.isVerified || wrongArea) return <VerifyingScreen />;
  return <>{children}</>;
}

'use client';

import { useEffect, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
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

/** Shows its children only to a signed-in (and, for admin areas, admin) user. */
export function Protected({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const { user, isAuthenticated, loading } = useAuth();
  const router = useRouter();
  const isAdmin = user?.role === 'admin' || user?.role === 'super_admin';

  useEffect(() => {
    if (loading) return;
    if (!isAuthenticated || !getAccessToken()) router.replace('/login');
    else if (!user?.isVerified) router.replace(`/login?error=true&message=${encodeURIComponent(MESSAGES.emailNotVerified)}`);
    else if (admin && !isAdmin) router.replace('/dashboard');
  }, [loading, isAuthenticated, user, admin, isAdmin, router]);

  if (loading || !isAuthenticated || !user?.isVerified || (admin && !isAdmin)) return <VerifyingScreen />;
  return <>{children}</>;
}

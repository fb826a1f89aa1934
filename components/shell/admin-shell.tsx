'use client';

import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';

/** The administrator's page frame: welcome line and sign-out. */
export function AdminShell() {
  const { user, logout } = useAuth();
  return (
    <div>
      <header className="border-b border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
        <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3">
          <span className="text-lg font-bold text-brand-700 dark:text-brand-400">Cadence Admin</span>
          <span className="text-sm text-stone-600">Welcome, {user?.firstName || user?.username}</span>
          <Button variant="secondary" className="ml-auto" onClick={() => void logout()}>
            Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-6">
        <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
      </main>
    </div>
  );
}

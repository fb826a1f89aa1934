'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { TimezoneClock } from './timezone-clock';

const HIDDEN_ON = ['/login', '/register', '/admin-portal', '/admin-dashboard', '/forgot-password', '/reset-password'];

/** Shown to signed-in users, never on the sign-in screens or the admin dashboard (spec 01 §2, docs/decisions.md). */
export function TopNav() {
  const { user, isAuthenticated, logout } = useAuth();
  const { status } = useRealtime();
  const path = usePathname();
  if (!isAuthenticated || !user) return null;
  if (HIDDEN_ON.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  const links = [
    { href: '/dashboard', label: 'Clients' },
    { href: '/analytics', label: 'Analytics' },
    ...(user.role !== 'coach' ? [{ href: '/admin-dashboard', label: 'Admin' }] : []),
    { href: '/settings', label: 'Settings' },
  ];
  return (
    <header className="border-b border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      <nav className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-3" aria-label="Main">
        <Link href="/dashboard" className="text-lg font-bold text-brand-700 dark:text-brand-400">
          Cadence
        </Link>
        <ul className="flex gap-1">
          {links.map((l) => (
            <li key={l.href}>
              <Link
                href={l.href}
                aria-current={path.startsWith(l.href) ? 'page' : undefined}
                className={cn('rounded-md px-3 py-1.5 text-sm font-medium hover:bg-stone-100 dark:hover:bg-stone-800', path.startsWith(l.href) && 'bg-brand-50 text-brand-800 dark:bg-stone-800 dark:text-brand-300')}
              >
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="ml-auto flex items-center gap-4">
          <span className="flex items-center gap-1.5 text-xs text-stone-500" title={`Live updates: ${status.replace('_', ' ')}`}>
            <span className={cn('h-2 w-2 rounded-full', status === 'connected' ? 'bg-green-500' : status === 'connecting' ? 'bg-amber-400' : 'bg-stone-400')} aria-hidden />
            <span className="sr-only sm:not-sr-only">{status === 'connected' ? 'Live' : 'Offline'}</span>
          </span>
          <TimezoneClock />
          <span className="text-sm text-stone-600 dark:text-stone-300">
            {user.username} <span className="rounded bg-stone-100 px-1.5 py-0.5 text-xs dark:bg-stone-800">{user.role}</span>
          </span>
          <Button variant="secondary" onClick={() => void logout()}>
            Logout
          </Button>
        </div>
      </nav>
    </header>
  );
}

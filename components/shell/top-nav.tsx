'use client';

import { Wordmark } from '@/components/ui/logo';
import { useState } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { MenuToggle, SkipToContent } from './shell-controls';
import { COACH_SCREENS } from '@/lib/palette';
import { CommandPalette } from './command-palette';
import { NotificationBell } from './notification-bell';
import { TimezoneClock } from './timezone-clock';

const HIDDEN_ON = ['/login', '/register', '/admin-portal', '/admin-dashboard', '/forgot-password', '/reset-password'];

/**
 * Shown to signed-in coaches, never on the sign-in screens; admins never reach the pages it is on
 * (product §1.2.2, decision 0098). Below the md breakpoint the links and the account controls fold behind a
 * Menu button, so a phone-width screen never scrolls sideways.
 */
export function TopNav() {
  const { user, isAuthenticated, logout } = useAuth();
  const { status } = useRealtime();
  const path = usePathname();
  const [menu, setMenu] = useState<{ open: boolean; at: string }>({ open: false, at: path });
  // The folded menu closes on navigation: an open state belongs to the page it was opened on.
  const open = menu.open && menu.at === path;
  if (!isAuthenticated || !user) return null;
  if (HIDDEN_ON.some((p) => path === p || path.startsWith(`${p}/`))) return null;
  const links = [
    { href: '/dashboard', label: 'Clients' },
    { href: '/analytics', label: 'Analytics' },
    { href: '/settings', label: 'Settings' },
  ];
  return (
    <header className="border-b border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
      <SkipToContent />
      <nav className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3" aria-label="Main">
        <Link href="/dashboard" className="rounded-md text-lg">
          <Wordmark />
        </Link>
        <MenuToggle open={open} controls="main-menu" className="order-2 lg:hidden" onToggle={() => setMenu({ open: !open, at: path })} />
        <div id="main-menu" className={cn('order-3 w-full flex-col lg:order-none gap-3 lg:flex lg:w-auto lg:flex-1 lg:flex-row lg:flex-wrap lg:items-center lg:gap-4', open ? 'flex' : 'hidden')}>
          <ul className="flex flex-col gap-1 lg:flex-row">
            {links.map((l) => (
              <li key={l.href}>
                <Link
                  href={l.href}
                  aria-current={path.startsWith(l.href) ? 'page' : undefined}
                  className={cn(
                    'block rounded-md px-3 py-1.5 text-sm font-medium hover:bg-stone-100 dark:hover:bg-stone-800',
                    path.startsWith(l.href) && 'bg-brand-50 text-brand-800 dark:bg-stone-800 dark:text-brand-300',
                  )}
                >
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-2 lg:ml-auto">
            <span className="flex items-center gap-1.5 text-xs text-stone-600 dark:text-stone-400" title={`Live updates: ${status.replace('_', ' ')}`}>
              <span className={cn('h-2 w-2 rounded-full', status === 'connected' ? 'bg-green-500' : status === 'connecting' ? 'bg-amber-400' : 'bg-stone-400')} aria-hidden />
              {status === 'connected' ? 'Live' : 'Offline'}
            </span>
            <TimezoneClock />
            <span className="text-sm text-stone-600 dark:text-stone-300">
              {user.username} <span className="rounded bg-stone-100 px-1.5 py-0.5 text-xs dark:bg-stone-800">{user.role}</span>
            </span>
            <Button variant="secondary" onClick={() => void logout()}>
              Logout
            </Button>
          </div>
        </div>
        {/* Last in the DOM (with the palette's Search button), so Tab meets them after the menu as the eye does on a wide screen; on a phone it sits beside the menu button. */}
        <div className="order-1 ml-auto flex items-center gap-2 lg:order-none lg:ml-0">
          <CommandPalette screens={COACH_SCREENS} />
          <NotificationBell />
        </div>
      </nav>
    </header>
  );
}

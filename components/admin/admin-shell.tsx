'use client';

import Link from 'next/link';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePathname, useSearchParams } from 'next/navigation';
import { BookOpen } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { MAIN_CONTENT_ID } from '@/components/shell/landmarks';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Wordmark } from '@/components/ui/logo';
import { ADMIN_ENDPOINT_PERMISSIONS as NEEDS, effectivePermissions, type AdminPermission } from '@/lib/admin-permissions';
import { ADMIN_PROFILE_VIEW, adminViewHref } from '@/lib/admin-views';
import { CommandPalette } from '@/components/shell/command-palette';
import { MenuToggle, SkipToContent } from '@/components/shell/shell-controls';
import type { PaletteScreen } from '@/lib/palette';
import { initials } from './format';

export interface AdminNavItem {
  id: string;
  label: string;
  /** Every permission the view's calls need; the view is hidden without them (the server refuses them anyway). */
  needs: AdminPermission[];
}

/**
 * The admin shell's views in sidebar order (product §2.2.4, §2.2.5): the portal's five views are the
 * first five (the same data), then the rest of the dashboard's tabs. Profile sits in the navbar.
 */
export const ADMIN_NAV: AdminNavItem[] = [
  { id: 'overview', label: 'Overview', needs: [NEEDS.viewUsage, NEEDS.viewPlatform] },
  { id: 'api-usage', label: 'API Usage', needs: [NEEDS.viewUsage] },
  { id: 'services', label: 'Services', needs: [NEEDS.viewUsage] },
  { id: 'errors', label: 'Errors', needs: [NEEDS.viewUsage] },
  { id: 'platform', label: 'Platform', needs: [NEEDS.viewPlatform] },
  { id: 'usage-trends', label: 'Usage Trends', needs: [NEEDS.viewUsage] },
  { id: 'users', label: 'Users', needs: [NEEDS.viewUsage] },
  { id: 'admins', label: 'Admins', needs: [NEEDS.viewAdmins] },
  { id: 'admin-management', label: 'Admin Management', needs: [NEEDS.viewAdmins] },
  { id: 'billing', label: 'Billing', needs: [NEEDS.viewBilling] },
  { id: 'revenue-analytics', label: 'Revenue Analytics', needs: [NEEDS.viewBilling] },
  { id: 'announcements', label: 'Announcements', needs: [NEEDS.sendAnnouncements] },
];

export const API_REFERENCE_VIEW = 'api-reference';
const API_REFERENCE_HREF = '/admin/api-reference';

/** The signed-in admin's permissions and the views they allow. */
export function useAdminNav() {
  const { user } = useAuth();
  const permissions = useMemo(() => (user ? effectivePermissions(user) : []), [user]);
  const items = useMemo(() => ADMIN_NAV.filter((v) => v.needs.every((p) => permissions.includes(p))), [permissions]);
  return { user, permissions, items };
}

const linkClass = (current: boolean) =>
  cn(
    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium',
    current ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/30 dark:text-brand-200' : 'text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800',
  );

/**
 * The one admin layout (decision 0098) around every admin view: the sidebar of views (a sheet behind
 * Menu below 768 px) and the navbar of product §2.2.5 with the welcome line, Profile and Logout. No
 * coach navigation. Within the dashboard a view change replaces the address, so Back leaves the
 * dashboard instead of walking through every view looked at.
 */
export function AdminShell({ current, children }: { current: string; children: ReactNode }) {
  const { user, logout } = useAuth();
  const { items } = useAdminNav();
  // The palette jumps to the same places as the sidebar: the views this admin may open, Profile, the API reference.
  const paletteScreens = useMemo<PaletteScreen[]>(
    () => [
      ...items.map((v) => ({ label: v.label, href: adminViewHref(v.id), keywords: ['admin'] })),
      { label: 'Profile', href: adminViewHref(ADMIN_PROFILE_VIEW), keywords: ['account', 'password', 'two-factor', 'sessions', 'theme'] },
      { label: 'API reference', href: API_REFERENCE_HREF, keywords: ['docs', 'openapi', 'endpoints'] },
    ],
    [items],
  );
  const path = usePathname();
  const search = useSearchParams().toString();
  const [menu, setMenu] = useState<{ open: boolean; at: string }>({ open: false, at: '' });
  const here = `${path}?${search}`;
  // The sheet belongs to the view it was opened on: following one of its links closes it.
  const open = menu.open && menu.at === here;
  const menuButton = useRef<HTMLButtonElement>(null);
  const inDashboard = current !== API_REFERENCE_VIEW;
  // A link to the view already open changes no address, so every link of the sheet closes it itself.
  const close = () => setMenu({ open: false, at: here });

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setMenu({ open: false, at: here });
      menuButton.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, here]);

  if (!user) return null;
  const name = user.firstName || user.username;

  return (
    <div className="min-h-screen md:flex">
      <SkipToContent />
      <aside
        id="admin-menu"
        className={cn(
          'z-40 flex-col overflow-y-auto border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900',
          // Phone: a sheet under the navbar; desktop: a fixed-width column the height of the window.
          'fixed inset-x-0 top-14 bottom-0 border-t md:sticky md:top-0 md:flex md:h-screen md:w-60 md:shrink-0 md:border-t-0 md:border-r',
          open ? 'flex' : 'hidden',
        )}
      >
        <div className="hidden px-5 py-4 md:block">
          <Link href={adminViewHref(items[0]?.id ?? ADMIN_PROFILE_VIEW)} className="rounded-md text-lg">
            <Wordmark />
          </Link>
          <p className="text-xs tracking-wide text-stone-500 uppercase dark:text-stone-400">Admin</p>
        </div>
        <nav aria-label="Admin" className="flex-1 px-3 py-3 md:py-0">
          <ul className="space-y-0.5">
            {items.map((v) => (
              <li key={v.id}>
                <Link href={adminViewHref(v.id)} replace={inDashboard} scroll={false} onClick={close} aria-current={v.id === current ? 'page' : undefined} className={linkClass(v.id === current)}>
                  {v.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-3 border-t border-stone-200 pt-3 dark:border-stone-800">
            <Link href={API_REFERENCE_HREF} onClick={close} aria-current={current === API_REFERENCE_VIEW ? 'page' : undefined} className={linkClass(current === API_REFERENCE_VIEW)}>
              <BookOpen className="h-4 w-4" aria-hidden />
              API reference
            </Link>
          </div>
        </nav>
        <div className="flex items-center gap-3 border-t border-stone-200 px-4 py-4 dark:border-stone-800">
          <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
            {initials(user.firstName, user.lastName, user.username)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{user.username}</p>
            <p className="text-xs text-stone-500 dark:text-stone-400">{user.role}</p>
          </div>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 border-b border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
          <div className="flex h-14 items-center gap-2 px-3 md:px-6">
            <MenuToggle ref={menuButton} open={open} controls="admin-menu" className="md:hidden" onToggle={() => setMenu({ open: !open, at: here })} />
            <p className="min-w-0 flex-1 truncate text-sm text-stone-600 dark:text-stone-300">Welcome, {name}</p>
            <CommandPalette screens={paletteScreens} />
            <Link
              href={adminViewHref(ADMIN_PROFILE_VIEW)}
              replace={inDashboard}
              scroll={false}
              aria-current={current === ADMIN_PROFILE_VIEW ? 'page' : undefined}
              className={cn(linkClass(current === ADMIN_PROFILE_VIEW), 'py-1.5')}
            >
              <span aria-hidden className="hidden h-7 w-7 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 sm:flex">
                {initials(user.firstName, user.lastName, user.username)}
              </span>
              Profile
            </Link>
            <Button variant="secondary" className="px-3 py-1.5" onClick={() => void logout('/admin-portal')}>
              Logout
            </Button>
          </div>
        </header>
        {/* The skip link's target: focusable by script only, so it takes focus without joining the Tab order. */}
        <div id={MAIN_CONTENT_ID} tabIndex={-1} className="focus:outline-none">
          {children}
        </div>
      </div>
    </div>
  );
}

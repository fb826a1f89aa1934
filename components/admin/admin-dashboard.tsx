'use client';

import Link from 'next/link';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ADMIN_ENDPOINT_PERMISSIONS as NEEDS, effectivePermissions, type AdminPermission } from '@/lib/admin-permissions';
import type { StoredUser } from '@/lib/auth-storage';
import { ADMIN_MESSAGES } from '@/lib/constants';
import { errorMessage } from '@/lib/api-client';
import { adminApi, loadSettled, type Loaded, type RangeParams, type SettledLoad } from './admin-api';
import { DateRangeControls, useDateRange } from './date-range';
import { initials } from './format';
import { useThrottledLoad } from './use-throttled-load';
import { AdminManagementView, AdminsView } from './views/admin-views';
import { AnnouncementsView } from './views/announcements-view';
import { BillingView, RevenueAnalyticsView } from './views/billing-views';
import { ProfileView } from './views/profile-view';
import { ApiUsageView, ErrorsView, OverviewView, PlatformView, ServicesView, TopUsersView, UsageTrendsView } from './views/usage-views';

interface TabContext {
  user: StoredUser;
  permissions: AdminPermission[];
  pending: boolean;
  reload(): void;
}

interface TabDef {
  id: string;
  label: string;
  /** Every permission the tab's calls need; the tab is hidden without them (the server refuses them anyway). */
  needs: AdminPermission[];
  usesRange: boolean;
  /** The tab's own text when a call of it fails (product §2.8), in place of the generic partial-failure note. */
  loadFailed?: string;
  load(range: RangeParams): Promise<SettledLoad<unknown>>;
  render(data: unknown, ctx: TabContext): ReactNode;
}

/** One tab: its calls and how it shows their answers; keeps the answer types together. */
function tab<L extends Record<string, () => Promise<unknown>>>(def: {
  id: string;
  label: string;
  needs: AdminPermission[];
  usesRange: boolean;
  loadFailed?: string;
  loaders(range: RangeParams): L;
  render(data: Loaded<L>, ctx: TabContext): ReactNode;
}): TabDef {
  return {
    id: def.id,
    label: def.label,
    needs: def.needs,
    usesRange: def.usesRange,
    loadFailed: def.loadFailed,
    load: (range) => loadSettled(def.loaders(range)),
    render: (data, ctx) => def.render(data as Loaded<L>, ctx),
  };
}

/** The tabs of product §2.2 Admin dashboard, plus the Profile view opened from the navbar. */
const TABS: TabDef[] = [
  tab({
    id: 'overview',
    label: 'Overview',
    needs: [NEEDS.viewUsage, NEEDS.viewPlatform],
    usesRange: true,
    loaders: (r) => ({ stats: () => adminApi.usageStats(r), trends: () => adminApi.usageTrends(r), platform: () => adminApi.platformStats() }),
    render: (d) => <OverviewView stats={d.stats} trends={d.trends} platform={d.platform} />,
  }),
  tab({
    id: 'api-usage',
    label: 'API Usage',
    needs: [NEEDS.viewUsage],
    usesRange: true,
    loaders: (r) => ({ stats: () => adminApi.usageStats(r), trends: () => adminApi.usageTrends(r) }),
    render: (d) => <ApiUsageView stats={d.stats} trends={d.trends} />,
  }),
  tab({
    id: 'usage-trends',
    label: 'Usage Trends',
    needs: [NEEDS.viewUsage],
    usesRange: true,
    loaders: (r) => ({ trends: () => adminApi.usageTrends(r) }),
    render: (d) => <UsageTrendsView trends={d.trends} />,
  }),
  tab({
    id: 'services',
    label: 'Services',
    needs: [NEEDS.viewUsage],
    usesRange: true,
    loaders: (r) => ({ breakdown: () => adminApi.usageBreakdown(r) }),
    render: (d) => <ServicesView breakdown={d.breakdown} />,
  }),
  tab({
    id: 'errors',
    label: 'Errors',
    needs: [NEEDS.viewUsage],
    usesRange: true,
    loaders: (r) => ({ errors: () => adminApi.usageErrors(r) }),
    render: (d) => <ErrorsView errors={d.errors} />,
  }),
  tab({
    id: 'platform',
    label: 'Platform',
    needs: [NEEDS.viewPlatform],
    usesRange: false,
    loaders: () => ({ platform: () => adminApi.platformStats() }),
    render: (d) => <PlatformView platform={d.platform} />,
  }),
  tab({
    id: 'users',
    label: 'Users',
    needs: [NEEDS.viewUsage],
    usesRange: true,
    loaders: (r) => ({ top: () => adminApi.topUsers(r) }),
    render: (d) => <TopUsersView top={d.top} />,
  }),
  tab({
    id: 'admins',
    label: 'Admins',
    needs: [NEEDS.viewAdmins],
    usesRange: false,
    loaders: () => ({ admins: () => adminApi.admins() }),
    render: (d) => <AdminsView admins={d.admins} />,
  }),
  tab({
    id: 'admin-management',
    label: 'Admin Management',
    needs: [NEEDS.viewAdmins],
    usesRange: false,
    loaders: () => ({ management: () => adminApi.management(), audit: () => adminApi.auditLog() }),
    render: (d, ctx) => (
      <AdminManagementView data={d.management} audit={d.audit} currentUserId={ctx.user.id} canManage={ctx.permissions.includes(NEEDS.manageAdmins)} onChanged={ctx.reload} />
    ),
  }),
  tab({
    id: 'billing',
    label: 'Billing',
    needs: [NEEDS.viewBilling],
    usesRange: true,
    loadFailed: ADMIN_MESSAGES.billingLoadFailed,
    loaders: (r) => ({ stats: () => adminApi.revenueStats(r), transactions: () => adminApi.transactions(), subscribers: () => adminApi.subscribers() }),
    render: (d, ctx) => (
      <BillingView
        stats={d.stats}
        transactions={d.transactions}
        subscribers={d.subscribers}
        canManage={ctx.permissions.includes(NEEDS.manageBilling)}
        pending={ctx.pending}
        onRefresh={ctx.reload}
      />
    ),
  }),
  tab({
    id: 'revenue-analytics',
    label: 'Revenue Analytics',
    needs: [NEEDS.viewBilling],
    usesRange: true,
    loadFailed: ADMIN_MESSAGES.analyticsLoadFailed,
    loaders: (r) => ({ analytics: () => adminApi.revenueAnalytics(r) }),
    render: (d) => <RevenueAnalyticsView data={d.analytics} />,
  }),
  tab({
    id: 'announcements',
    label: 'Announcements',
    needs: [NEEDS.sendAnnouncements],
    usesRange: false,
    loaders: () => ({ announcements: () => adminApi.announcements() }),
    render: (d, ctx) => <AnnouncementsView data={d.announcements} onSent={ctx.reload} />,
  }),
];

const PROFILE_TAB = tab({
  id: 'profile',
  label: 'Profile',
  needs: [],
  usesRange: false,
  loaders: () => ({ profile: () => adminApi.profile() }),
  render: (d) => <ProfileView profile={d.profile} />,
});

/** /admin-dashboard and /admin (product §2.2): navbar, tabs, date controls and each tab's data. */
export function AdminDashboard() {
  const { user, logout } = useAuth();
  const permissions = useMemo(() => (user ? effectivePermissions(user) : []), [user]);
  const tabs = useMemo(() => TABS.filter((t) => t.needs.every((p) => permissions.includes(p))), [permissions]);
  const [active, setActive] = useState<string>(() => tabs[0]?.id ?? 'profile');
  const [nonce, setNonce] = useState(0);
  const range = useDateRange();
  const current = active === 'profile' ? PROFILE_TAB : (tabs.find((t) => t.id === active) ?? tabs[0] ?? PROFILE_TAB);

  const rangeKey = current.usesRange ? `${range.applied.startDate}|${range.applied.endDate}` : '';
  const key = `${current.id}|${rangeKey}|${nonce}`;
  const applied = range.applied;
  const load = useCallback(() => current.load(applied), [current, applied]);
  const { result, pending } = useThrottledLoad(key, load);
  const reload = useCallback(() => setNonce((n) => n + 1), []);

  // The answer on screen is the one for this tab (an older tab's answer is not shown under a new title).
  const shown = result && result.key.split('|')[0] === current.id ? result : null;
  const loaded = shown?.value as SettledLoad<unknown> | null | undefined;
  const failureText = loaded?.failed.length && current.loadFailed ? errorMessage(loaded.firstError, current.loadFailed) : null;
  useEffect(() => {
    if (failureText) toast.error(failureText, { id: `admin-load-${current.id}` });
  }, [failureText, current.id, shown]);

  if (!user) return null;
  if (!user.role.includes('admin')) {
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <Banner tone="error">{ADMIN_MESSAGES.noPermission}</Banner>
      </main>
    );
  }

  const ctx: TabContext = { user, permissions, pending, reload };

  return (
    <div className="min-h-screen">
      <header className="border-b border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-900">
        <nav className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-3" aria-label="Admin">
          <span className="text-lg font-bold text-brand-700 dark:text-brand-400">Cadence Admin</span>
          <span className="text-sm text-stone-600 dark:text-stone-300">Welcome, {user.firstName || user.username}</span>
          <div className="ml-auto flex items-center gap-2">
            <span aria-hidden className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800">
              {initials(user.firstName, user.lastName, user.username)}
            </span>
            <Link
              href="/admin/api-reference"
              className="rounded-md px-3 py-2 text-sm font-medium text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
            >
              API reference
            </Link>
            <Button variant={active === 'profile' ? 'primary' : 'secondary'} aria-pressed={active === 'profile'} onClick={() => setActive('profile')}>
              Profile
            </Button>
            <Button variant="secondary" onClick={() => void logout('/admin-portal')}>
              Logout
            </Button>
          </div>
        </nav>
      </header>
      <main className="mx-auto max-w-7xl space-y-5 px-4 py-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h1 className="text-2xl font-semibold">{active === 'profile' ? 'Admin Profile' : 'Admin Dashboard'}</h1>
        </div>
        <div
          role="tablist"
          aria-label="Admin dashboard sections"
          className="flex flex-wrap gap-1 border-b border-stone-200 dark:border-stone-800"
          onKeyDown={(e) => {
            // Arrow keys, Home and End move between tabs (WAI-ARIA tabs pattern, automatic activation).
            const i = tabs.findIndex((t) => t.id === current.id);
            const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
            if (next === undefined || !tabs.length) return;
            e.preventDefault();
            const target = tabs[(next + tabs.length) % tabs.length]!;
            setActive(target.id);
            document.getElementById(`tab-${target.id}`)?.focus();
          }}
        >
          {tabs.map((t) => (
            <button
              key={t.id}
              id={`tab-${t.id}`}
              role="tab"
              type="button"
              aria-selected={t.id === current.id}
              aria-controls="admin-tabpanel"
              tabIndex={t.id === current.id || (current.id === 'profile' && t === tabs[0]) ? 0 : -1}
              onClick={() => setActive(t.id)}
              className={cn(
                '-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors',
                t.id === current.id ? 'border-brand-600 text-brand-800 dark:text-brand-300' : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100',
              )}
            >
              {t.label}
            </button>
          ))}
        </div>
        {current.usesRange && (
          <DateRangeControls
            model={range}
            pending={pending}
            withYear={current.id === 'overview'}
            onUpdate={() => {
              if (range.apply()) reload();
            }}
          />
        )}
        <div id="admin-tabpanel" role="tabpanel" aria-labelledby={current.id === 'profile' ? undefined : `tab-${current.id}`} aria-label={current.id === 'profile' ? 'Profile' : undefined} aria-busy={pending}>
          {failureText ? (
            <Banner tone="error" className="mb-4">
              {failureText}
            </Banner>
          ) : loaded?.failed.length ? (
            <Banner tone="info" className="mb-4">
              {ADMIN_MESSAGES.partialFailure}
            </Banner>
          ) : null}
          {loaded ? (
            <div className={cn('transition-opacity', pending && 'opacity-60')}>{current.render(loaded.data, ctx)}</div>
          ) : (
            <p role="status" className="flex items-center gap-3 py-10 text-sm text-stone-500 dark:text-stone-400">
              <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden />
              {ADMIN_MESSAGES.loadingDashboard}
            </p>
          )}
        </div>
      </main>
    </div>
  );
}

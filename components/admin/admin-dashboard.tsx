'use client';

import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'next/navigation';
import { toast } from 'sonner';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ADMIN_ENDPOINT_PERMISSIONS as NEEDS, type AdminPermission } from '@/lib/admin-permissions';
import { ADMIN_PROFILE_VIEW, ADMIN_VIEW_PARAM, resolveAdminView } from '@/lib/admin-views';
import type { StoredUser } from '@/lib/auth-storage';
import { ADMIN_MESSAGES } from '@/lib/constants';
import { errorMessage } from '@/lib/api-client';
import { adminApi, loadSettled, type Loaded, type RangeParams, type SettledLoad } from './admin-api';
import { AdminShell, useAdminNav } from './admin-shell';
import { DateRangeControls, useDateRange } from './date-range';
import { useThrottledLoad } from './use-throttled-load';
import { AdminManagementView, AdminsView } from './views/admin-views';
import { AnnouncementsView } from './views/announcements-view';
import { BillingView, RevenueAnalyticsView } from './views/billing-views';
import { ProfileView } from './views/profile-view';
import { ApiUsageView, ErrorsView, OverviewView, PlatformView, ServicesView, TopUsersView, UsageTrendsView } from './views/usage-views';

interface TabContext {
  user: StoredUser;
  permissions: AdminPermission[];
  reload(): void;
}

interface TabDef {
  id: string;
  usesRange: boolean;
  /** The tab's own text when a call of it fails (product §2.8), in place of the generic partial-failure note. */
  loadFailed?: string;
  load(range: RangeParams): Promise<SettledLoad<unknown>>;
  render(data: unknown, ctx: TabContext): ReactNode;
}

/** One tab: its calls and how it shows their answers; keeps the answer types together. */
function tab<L extends Record<string, () => Promise<unknown>>>(def: {
  id: string;
  usesRange: boolean;
  loadFailed?: string;
  loaders(range: RangeParams): L;
  render(data: Loaded<L>, ctx: TabContext): ReactNode;
}): TabDef {
  return {
    id: def.id,
    usesRange: def.usesRange,
    loadFailed: def.loadFailed,
    load: (range) => loadSettled(def.loaders(range)),
    render: (data, ctx) => def.render(data as Loaded<L>, ctx),
  };
}

/** What each view of the admin shell loads and shows (product §2.2.4, §2.2.5); which ones an admin sees is ADMIN_NAV's. */
const TABS: TabDef[] = [
  tab({
    id: 'overview',
    usesRange: true,
    loaders: (r) => ({ stats: () => adminApi.usageStats(r), trends: () => adminApi.usageTrends(r), platform: () => adminApi.platformStats() }),
    render: (d) => <OverviewView stats={d.stats} trends={d.trends} platform={d.platform} />,
  }),
  tab({
    id: 'api-usage',
    usesRange: true,
    loaders: (r) => ({ stats: () => adminApi.usageStats(r), trends: () => adminApi.usageTrends(r) }),
    render: (d) => <ApiUsageView stats={d.stats} trends={d.trends} />,
  }),
  tab({
    id: 'usage-trends',
    usesRange: true,
    loaders: (r) => ({ trends: () => adminApi.usageTrends(r) }),
    render: (d) => <UsageTrendsView trends={d.trends} />,
  }),
  tab({
    id: 'services',
    usesRange: true,
    loaders: (r) => ({ breakdown: () => adminApi.usageBreakdown(r) }),
    render: (d) => <ServicesView breakdown={d.breakdown} />,
  }),
  tab({
    id: 'errors',
    usesRange: true,
    loaders: (r) => ({ errors: () => adminApi.usageErrors(r) }),
    render: (d) => <ErrorsView errors={d.errors} />,
  }),
  tab({
    id: 'platform',
    usesRange: false,
    loaders: () => ({ platform: () => adminApi.platformStats() }),
    render: (d) => <PlatformView platform={d.platform} />,
  }),
  tab({
    id: 'users',
    usesRange: true,
    loaders: (r) => ({ top: () => adminApi.topUsers(r) }),
    render: (d) => <TopUsersView top={d.top} />,
  }),
  tab({
    id: 'admins',
    usesRange: false,
    loaders: () => ({ admins: () => adminApi.admins() }),
    render: (d) => <AdminsView admins={d.admins} />,
  }),
  tab({
    id: 'admin-management',
    usesRange: false,
    loaders: () => ({ management: () => adminApi.management(), audit: () => adminApi.auditLog() }),
    render: (d, ctx) => (
      <AdminManagementView data={d.management} audit={d.audit} currentUserId={ctx.user.id} canManage={ctx.permissions.includes(NEEDS.manageAdmins)} onChanged={ctx.reload} />
    ),
  }),
  tab({
    id: 'billing',
    usesRange: true,
    loadFailed: ADMIN_MESSAGES.billingLoadFailed,
    loaders: (r) => ({ stats: () => adminApi.revenueStats(r), transactions: () => adminApi.transactions(), subscribers: () => adminApi.subscribers() }),
    render: (d, ctx) => (
      <BillingView
        stats={d.stats}
        transactions={d.transactions}
        subscribers={d.subscribers}
        canManage={ctx.permissions.includes(NEEDS.manageBilling)}
        onRefresh={ctx.reload}
      />
    ),
  }),
  tab({
    id: 'revenue-analytics',
    usesRange: true,
    loadFailed: ADMIN_MESSAGES.analyticsLoadFailed,
    loaders: (r) => ({ analytics: () => adminApi.revenueAnalytics(r) }),
    render: (d) => <RevenueAnalyticsView data={d.analytics} />,
  }),
  tab({
    id: 'announcements',
    usesRange: false,
    loaders: () => ({ announcements: () => adminApi.announcements() }),
    render: (d, ctx) => <AnnouncementsView data={d.announcements} onSent={ctx.reload} />,
  }),
];

const PROFILE_TAB = tab({
  id: ADMIN_PROFILE_VIEW,
  usesRange: false,
  loaders: () => ({ profile: () => adminApi.profile() }),
  render: (d) => <ProfileView profile={d.profile} />,
});

/**
 * The last answer of each view this page session, so coming back to a view shows its data at once
 * while the refresh runs (issue 20). Module scope keeps it across /admin, /admin-dashboard and the API
 * reference; signing out reloads the page (lib/navigation.ts), which empties it.
 */
const lastAnswers = new Map<string, { userId: string; value: SettledLoad<unknown> }>();

/** /admin-dashboard and /admin (product §2.2.4, §2.2.5): the admin shell with one view, `?tab=<id>`. */
export function AdminDashboard() {
  const { user, permissions, items } = useAdminNav();
  const requested = useSearchParams().get(ADMIN_VIEW_PARAM);
  const [nonce, setNonce] = useState(0);
  const range = useDateRange();
  const currentId = resolveAdminView(
    requested,
    items.map((v) => v.id),
  );
  const current = TABS.find((t) => t.id === currentId) ?? PROFILE_TAB;
  const title = current.id === ADMIN_PROFILE_VIEW ? 'Admin Profile' : items.find((v) => v.id === current.id)?.label;

  const rangeKey = current.usesRange ? `${range.applied.startDate}|${range.applied.endDate}` : '';
  const key = `${current.id}|${rangeKey}|${nonce}`;
  const applied = range.applied;
  const load = useCallback(() => current.load(applied), [current, applied]);
  const { result, pending } = useThrottledLoad(key, load);
  const reload = () => setNonce((n) => n + 1);

  const resultTab = result?.key.split('|')[0];
  useEffect(() => {
    if (user && resultTab && result?.value) lastAnswers.set(resultTab, { userId: user.id, value: result.value });
  }, [user, resultTab, result]);

  // This view's own answer (never an older view's under a new title), else its last one of the session.
  const cached = lastAnswers.get(current.id);
  const loaded: SettledLoad<unknown> | null = (resultTab === current.id ? result?.value : null) ?? (cached && cached.userId === user?.id ? cached.value : null);
  const allFailed = !!loaded && loaded.failed.length === loaded.calls;
  const failureText = loaded?.failed.length && current.loadFailed ? errorMessage(loaded.firstError, current.loadFailed) : null;
  useEffect(() => {
    if (failureText) toast.error(failureText, { id: `admin-load-${current.id}` });
  }, [failureText, current.id, result]);

  if (!user) return null;
  if (!user.role.includes('admin')) {
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <Banner tone="error">{ADMIN_MESSAGES.noPermission}</Banner>
      </main>
    );
  }

  const ctx: TabContext = { user, permissions, reload };
  let body: ReactNode;
  if (!loaded) {
    body = (
      <p role="status" className="flex items-center gap-3 py-10 text-sm text-stone-500 dark:text-stone-400">
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden />
        {ADMIN_MESSAGES.loadingDashboard}
      </p>
    );
  } else if (allFailed) {
    body = (
      <div className="space-y-3 py-6">
        <Banner tone="error">{failureText ?? ADMIN_MESSAGES.fetchFailed}</Banner>
        <Button onClick={reload} disabled={pending}>
          {ADMIN_MESSAGES.tryAgain}
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        {failureText ? (
          <Banner tone="error" className="mb-4">
            {failureText}
          </Banner>
        ) : loaded.failed.length ? (
          <Banner tone="info" className="mb-4">
            {ADMIN_MESSAGES.partialFailure}
          </Banner>
        ) : null}
        {current.render(loaded.data, ctx)}
      </>
    );
  }

  return (
    <AdminShell current={current.id}>
      <main className="mx-auto max-w-7xl space-y-5 px-4 py-6 md:px-6" aria-busy={pending}>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="text-2xl font-semibold">{title}</h1>
          {/* A view shown from the session's memory says it is being brought up to date, without hiding it. */}
          {loaded && pending && (
            <p role="status" className="flex items-center gap-2 text-sm text-stone-500 dark:text-stone-400">
              <span className="h-3 w-3 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden />
              Refreshing…
            </p>
          )}
          {/* The portal's Refresh Data (product §2.2.4), now for whichever view is open. */}
          <Button variant="secondary" className="ml-auto" disabled={pending} onClick={reload}>
            {pending ? ADMIN_MESSAGES.waiting : ADMIN_MESSAGES.refreshData}
          </Button>
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
        <div id="admin-view">{body}</div>
      </main>
    </AdminShell>
  );
}

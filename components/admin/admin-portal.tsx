'use client';

import { Wordmark } from '@/components/ui/logo';
import { useCallback, useEffect, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from 'sonner';
import { AuthCard } from '@/components/auth/auth-card';
import { useAuth } from '@/components/auth/auth-provider';
import { VerifyingScreen } from '@/components/auth/protected';
import { TwoFactorStep } from '@/components/auth/two-factor-step';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Field, Input, controlClass } from '@/components/ui/field';
import { ApiError } from '@/lib/api-client';
import type { StoredUser } from '@/lib/auth-storage';
import { ADMIN_MESSAGES, ADMIN_VALIDATION } from '@/lib/constants';
import { loginSchema, type LoginInput } from '@/lib/schemas/auth';
import { adminApi, loadSettled, type Loaded, type RangeParams } from './admin-api';
import { presetRange } from './date-range';
import { initials } from './format';
import { useThrottledLoad } from './use-throttled-load';
import { ApiUsageView, ErrorsView, OverviewView, PlatformView, ServicesView } from './views/usage-views';

const isAdminRole = (user: StoredUser | null) => user?.role === 'admin' || user?.role === 'super_admin';

function PortalLogin({ onAttempt, onSignedIn }: { onAttempt(): void; onSignedIn(user: StoredUser): void }) {
  const router = useRouter();
  const { adminLogin } = useAuth();
  const [error, setError] = useState<string | null>(null);
  const [ticket, setTicket] = useState<string | null>(null);
  const form = useForm<LoginInput>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    onAttempt();
    try {
      onSignedIn(await adminLogin(email, password));
    } catch (e) {
      if (e instanceof ApiError && e.code === 'TWO_FACTOR_REQUIRED' && e.body.twoFactorToken) {
        setTicket(e.body.twoFactorToken);
        return;
      }
      setError(e instanceof ApiError ? (e.body.message ?? ADMIN_MESSAGES.loginFailed) : ADMIN_MESSAGES.loginFailed);
    }
  });

  return (
    <AuthCard
      title={ADMIN_MESSAGES.portalTitle}
      subtitle="Sign in with your administrator account"
      footer={
        <Button type="button" variant="secondary" onClick={() => router.push('/login')}>
          {ADMIN_MESSAGES.returnToLogin}
        </Button>
      }
    >
      {error && (
        <Banner tone="error" className="mb-4">
          {error}
        </Banner>
      )}
      {ticket ? (
        <TwoFactorStep
          ticket={ticket}
          onSignedIn={onSignedIn}
          onRestart={(message) => {
            setTicket(null);
            form.setValue('password', '');
            setError(message || null);
          }}
        />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field id="admin-email" label="Email" error={errors.email?.message}>
            <Input id="admin-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
          </Field>
          <Field id="admin-password" label="Password" error={errors.password?.message}>
            <Input id="admin-password" type="password" autoComplete="current-password" aria-invalid={!!errors.password} {...form.register('password')} />
          </Field>
          <Button type="submit" className="w-full" loading={isSubmitting}>
            Sign in
          </Button>
        </form>
      )}
    </AuthCard>
  );
}

const VIEWS = [
  { id: 'overview', label: 'Overview' },
  { id: 'api-usage', label: 'API Usage' },
  { id: 'services', label: 'Service Breakdown' },
  { id: 'errors', label: 'Error Statistics' },
  { id: 'platform', label: 'Platform Stats' },
] as const;
type ViewId = (typeof VIEWS)[number]['id'];

const portalLoaders = (r: RangeParams) => ({
  stats: () => adminApi.usageStats(r),
  trends: () => adminApi.usageTrends(r),
  breakdown: () => adminApi.usageBreakdown(r),
  errors: () => adminApi.usageErrors(r),
  platform: () => adminApi.platformStats(),
});
type PortalData = Loaded<ReturnType<typeof portalLoaders>>;

/** The portal once signed in: a sidebar of five views over one date range (product §2.2 Admin portal). */
function PortalDashboard({ user }: { user: StoredUser }) {
  const { logout } = useAuth();
  const [view, setView] = useState<ViewId>('overview');
  const [draft, setDraft] = useState<RangeParams>(() => presetRange('30d'));
  const [applied, setApplied] = useState<RangeParams>(draft);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [nonce, setNonce] = useState(0);
  const key = `${applied.startDate}|${applied.endDate}|${nonce}`;
  const load = useCallback(() => loadSettled(portalLoaders(applied)), [applied]);
  const { result, pending } = useThrottledLoad(key, load);

  const refresh = () => {
    if (!draft.startDate || !draft.endDate) return setRangeError(ADMIN_VALIDATION.dateRangeIncomplete);
    if (draft.startDate > draft.endDate) return setRangeError(ADMIN_VALIDATION.dateRangeOrder);
    setRangeError(null);
    setApplied(draft);
    setNonce((n) => n + 1);
  };

  const loaded = result?.value ?? null;
  const allFailed = loaded !== null && loaded.failed.length === Object.keys(loaded.data).length;
  const data: PortalData | null = loaded && !allFailed ? loaded.data : null;

  let content: React.ReactNode;
  if (!result) content = <p role="status" className="py-10 text-sm text-stone-500 dark:text-stone-400">{ADMIN_MESSAGES.loadingDashboard}</p>;
  else if (!data)
    content = (
      <div className="space-y-3 py-6">
        <Banner tone="error">{ADMIN_MESSAGES.fetchFailed}</Banner>
        <Button onClick={() => setNonce((n) => n + 1)} disabled={pending}>
          {ADMIN_MESSAGES.tryAgain}
        </Button>
      </div>
    );
  else
    content = (
      <>
        {loaded!.failed.length > 0 && (
          <Banner tone="info" className="mb-4">
            {ADMIN_MESSAGES.partialFailure}
          </Banner>
        )}
        {view === 'overview' && <OverviewView stats={data.stats} trends={data.trends} platform={data.platform} />}
        {view === 'api-usage' && <ApiUsageView stats={data.stats} trends={data.trends} />}
        {view === 'services' && <ServicesView breakdown={data.breakdown} />}
        {view === 'errors' && <ErrorsView errors={data.errors} />}
        {view === 'platform' && <PlatformView platform={data.platform} />}
      </>
    );

  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <aside className="flex flex-col border-b border-stone-200 bg-white md:w-60 md:border-r md:border-b-0 dark:border-stone-800 dark:bg-stone-900">
        <div className="px-5 py-4">
          <p className="text-lg">
            <Wordmark />
          </p>
          <p className="text-xs uppercase tracking-wide text-stone-500 dark:text-stone-400">{ADMIN_MESSAGES.portalTitle}</p>
        </div>
        <nav aria-label="Admin portal" className="flex-1 px-3">
          <ul className="relative flex gap-1 overflow-x-auto md:flex-col">
            {VIEWS.map((v) => (
              <li key={v.id}>
                <button
                  type="button"
                  aria-current={view === v.id ? 'page' : undefined}
                  onClick={() => setView(v.id)}
                  className={cn(
                    'w-full rounded-md px-3 py-2 text-left text-sm font-medium whitespace-nowrap',
                    view === v.id ? 'bg-brand-50 text-brand-800 dark:bg-brand-900/30 dark:text-brand-200' : 'text-stone-700 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800',
                  )}
                >
                  {v.label}
                </button>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-3 border-t border-stone-200 px-4 py-4 dark:border-stone-800">
          <span aria-hidden className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800">
            {initials(user.firstName, user.lastName, user.username)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium">{user.username}</p>
            <p className="text-xs text-stone-500 dark:text-stone-400">{user.role}</p>
          </div>
          <Button variant="ghost" className="px-2 py-1" onClick={() => void logout('/admin-portal')}>
            Logout
          </Button>
        </div>
      </aside>
      <div className="flex-1">
        <header className="flex flex-wrap items-end gap-3 border-b border-stone-200 bg-white px-6 py-4 dark:border-stone-800 dark:bg-stone-900">
          <h1 className="mr-auto text-xl font-semibold">{VIEWS.find((v) => v.id === view)!.label}</h1>
          <label className="text-sm">
            <span className="mb-1 block text-xs font-medium text-stone-600 dark:text-stone-300">From</span>
            <input type="date" className={controlClass} value={draft.startDate} onChange={(e) => setDraft((d) => ({ ...d, startDate: e.target.value }))} />
          </label>
          <label className="text-sm">
            <span className="mb-1 block text-xs font-medium text-stone-600 dark:text-stone-300">To</span>
            <input type="date" className={controlClass} value={draft.endDate} onChange={(e) => setDraft((d) => ({ ...d, endDate: e.target.value }))} />
          </label>
          <Button onClick={refresh} disabled={pending}>
            {pending ? ADMIN_MESSAGES.waiting : ADMIN_MESSAGES.refreshData}
          </Button>
          <a href="/admin-dashboard" className="self-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
            Full dashboard
          </a>
          <a href="/admin/api-reference" className="self-center text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
            API reference
          </a>
          {rangeError && (
            <p role="alert" className="w-full text-sm text-red-600">
              {rangeError}
            </p>
          )}
        </header>
        <main className="space-y-6 p-6" aria-busy={pending}>
          {content}
        </main>
      </div>
    </div>
  );
}

/**
 * /admin-portal: the administrators' sign-in; once signed in here, the portal's own views. An
 * admin who arrives already signed in goes on to /admin-dashboard (product §2.2).
 */
export function AdminPortal() {
  const router = useRouter();
  const { user, loading, logout } = useAuth();
  const [signedInHere, setSignedInHere] = useState<StoredUser | null>(null);
  /** Set once this page's form is submitted: from then on the sign-in's own state changes are not an arrival. */
  const [attempted, setAttempted] = useState(false);
  const arrivedAsAdmin = !attempted && !loading && isAdminRole(user);

  useEffect(() => {
    if (arrivedAsAdmin) router.replace('/admin-dashboard');
  }, [arrivedAsAdmin, router]);

  if ((loading && !attempted) || arrivedAsAdmin) return <VerifyingScreen />;
  if (signedInHere && user && isAdminRole(user)) return <PortalDashboard user={user} />;
  return (
    <PortalLogin
      onAttempt={() => setAttempted(true)}
      onSignedIn={(u) => {
        if (!isAdminRole(u)) {
          toast.error(ADMIN_MESSAGES.accessDenied);
          void logout('/admin-portal');
          return;
        }
        setSignedInHere(u);
      }}
    />
  );
}

'use client';

import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { BarChart3 } from 'lucide-react';
import { api } from '@/lib/api-client';
import { ANALYTICS } from '@/lib/constants';
import type { TimeRange } from '@/lib/analytics';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';

export type SectionId = keyof typeof ANALYTICS.sections;

const ENDPOINTS: Record<SectionId, string> = { overview: 'overview', clients: 'clients', goals: 'goals', engagement: 'communication' };

/** One section's figures for a time range, cached per section and range. */
export function useAnalytics<T>(section: SectionId, timeRange: TimeRange) {
  return useQuery({
    queryKey: ['analytics', section, timeRange],
    queryFn: ({ signal }) => api.get<T>(`/dashboard/analytics/${ENDPOINTS[section]}?timeRange=${timeRange}`, { signal }),
  });
}

/** The spec's error box; Retry reloads the page (product §2.2). */
export function AnalyticsError({ section }: { section: SectionId }) {
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200">
      <span>{ANALYTICS.errors[section]}</span>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {ANALYTICS.retry}
      </Button>
    </div>
  );
}

export function EmptyState({ message, hint }: { message: string; hint?: string }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-2 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center dark:border-stone-700 dark:bg-stone-900">
      <BarChart3 className="h-8 w-8 text-brand-500" aria-hidden />
      <p className="font-medium text-stone-700 dark:text-stone-200">{message}</p>
      {hint && <p className="max-w-md text-sm text-stone-500 dark:text-stone-400">{hint}</p>}
    </div>
  );
}

/** Loading, error or the section itself. */
export function SectionBody<T>({ section, query, children }: { section: SectionId; query: { isPending: boolean; isError: boolean; data: T | undefined }; children: (data: T) => ReactNode }) {
  if (query.isError) return <AnalyticsError section={section} />;
  if (query.isPending || query.data === undefined) return <Loading label={ANALYTICS.loading} />;
  return <>{children(query.data)}</>;
}

export function StatCard({ label, value, hint, emphasis }: { label: string; value: string; hint?: string; emphasis?: boolean }) {
  return (
    <div className={cn('rounded-xl border bg-white p-4 shadow-sm dark:bg-stone-900', emphasis ? 'border-brand-300 dark:border-brand-700' : 'border-stone-200 dark:border-stone-800')}>
      <dt className="text-sm text-stone-500 dark:text-stone-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums text-stone-900 dark:text-stone-50">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-stone-500 dark:text-stone-400">{hint}</dd>}
    </div>
  );
}

export function StatGrid({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-4">{children}</dl>
    </div>
  );
}

export function Panel({ title, description, children, id }: { title: string; description?: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <h3 id={`${id}-heading`} className="text-base font-semibold">
        {title}
      </h3>
      {description && <p className="mt-0.5 text-sm text-stone-500 dark:text-stone-400">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

'use client';

import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef } from 'react';
import { ANALYTICS, DEFAULT_TIME_RANGE, TIME_RANGES } from '@/lib/constants';
import { RANGE_LABELS, type TimeRange } from '@/lib/analytics';
import { cn } from '@/components/ui/cn';
import { revealInRow, useOverflowEdges } from '@/components/ui/use-overflow-edges';
import { ClientsSection } from './clients-section';
import { CommunicationSection } from './communication-section';
import { GoalsSection } from './goals-section';
import { OverviewSection } from './overview-section';
import type { SectionId } from './parts';

const SECTIONS: SectionId[] = ['overview', 'clients', 'goals', 'engagement'];
/** The sections with a time-range selector (product §2.2); the overview shows the default range. */
const WITH_RANGE: SectionId[] = ['clients', 'goals', 'engagement'];

function parseRange(value: string | null): TimeRange {
  return (TIME_RANGES as readonly string[]).includes(value ?? '') ? (value as TimeRange) : DEFAULT_TIME_RANGE;
}

function TimeRangeSelector({ value, onChange }: { value: TimeRange; onChange: (r: TimeRange) => void }) {
  return (
    <div role="group" aria-label={ANALYTICS.timeRangeLabel} className="inline-flex rounded-lg border border-stone-300 bg-white p-0.5 dark:border-stone-700 dark:bg-stone-900">
      {TIME_RANGES.map((r) => (
        <button
          key={r}
          type="button"
          aria-pressed={value === r}
          title={RANGE_LABELS[r]}
          onClick={() => onChange(r)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium transition-colors',
            value === r ? 'bg-brand-700 text-white' : 'text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-stone-800',
          )}
        >
          {r}
        </button>
      ))}
    </div>
  );
}

export function AnalyticsPage({ section }: { section: SectionId }) {
  const router = useRouter();
  const params = useSearchParams();
  const hasRange = WITH_RANGE.includes(section);
  const timeRange = hasRange ? parseRange(params.get('timeRange')) : DEFAULT_TIME_RANGE;
  const linkQuery = params.get('timeRange') ? `?timeRange=${parseRange(params.get('timeRange'))}` : '';
  const sectionList = useRef<HTMLUListElement>(null);
  const sectionFade = useOverflowEdges(sectionList);
  useEffect(() => revealInRow(sectionList.current, sectionList.current?.querySelector<HTMLElement>('[aria-current="page"]')), [section]);

  return (
    <main>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{ANALYTICS.title}</h1>
          <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">
            {RANGE_LABELS[timeRange]} · figures from your clients&apos; check-ins and goals
          </p>
        </div>
        {hasRange && <TimeRangeSelector value={timeRange} onChange={(r) => router.replace(`/analytics/${section}${r === DEFAULT_TIME_RANGE ? '' : `?timeRange=${r}`}`, { scroll: false })} />}
      </div>
      <nav aria-label="Analytics sections" className="mt-4 border-b border-stone-200 dark:border-stone-800">
        <ul ref={sectionList} style={sectionFade} className="relative flex gap-1 overflow-x-auto">
          {SECTIONS.map((s) => (
            <li key={s}>
              <Link
                href={`/analytics/${s}${WITH_RANGE.includes(s) ? linkQuery : ''}`}
                aria-current={s === section ? 'page' : undefined}
                className={cn(
                  '-mb-px block border-b-2 px-2.5 py-2 text-sm font-medium whitespace-nowrap sm:px-4',
                  s === section ? 'border-brand-600 text-brand-700 dark:text-brand-300' : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100',
                )}
              >
                {ANALYTICS.sections[s]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-label={`${ANALYTICS.sections[section]} analytics`} className="mt-6">
        <h2 className="sr-only">{ANALYTICS.sections[section]}</h2>
        {section === 'overview' && <OverviewSection timeRange={timeRange} />}
        {section === 'clients' && <ClientsSection timeRange={timeRange} />}
        {section === 'goals' && <GoalsSection timeRange={timeRange} />}
        {section === 'engagement' && <CommunicationSection timeRange={timeRange} />}
      </section>
    </main>
  );
}

'use client';

import { useState } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { Pager } from '@/components/ui/pager';
import { Card } from '@/components/ui/card';
import { Loading } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { EXECUTIVE_SUMMARIES_PER_PAGE, WORKSPACE_TOASTS } from '@/lib/constants';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { formatDay } from './format';
import { useRecentCheckIns } from './queries';

/** Executive Summaries, 3 a page (product §2.2, §2.9). */
export function ExecutiveSummaries({ clientId }: { clientId: string }) {
  const { user } = useAuth();
  const zone = user?.timezone ?? DEFAULT_CLOCK_TIMEZONE;
  const query = useRecentCheckIns(clientId);
  const [page, setPage] = useState(1);
  const summaries = (query.data?.executiveSummaries ?? []).filter((s) => s.summary);
  const pages = Math.max(1, Math.ceil(summaries.length / EXECUTIVE_SUMMARIES_PER_PAGE));
  const current = Math.min(page, pages);
  const shown = summaries.slice((current - 1) * EXECUTIVE_SUMMARIES_PER_PAGE, current * EXECUTIVE_SUMMARIES_PER_PAGE);

  return (
    <Card title="Executive Summaries">
      {query.isPending ? (
        <Loading label="Loading summaries…" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-600 dark:text-red-400">
          {errorMessage(query.error, WORKSPACE_TOASTS.summariesFailed)}
        </p>
      ) : summaries.length === 0 ? (
        <p className="text-sm text-stone-500 dark:text-stone-400">No executive summaries yet. They appear as the client answers check-ins.</p>
      ) : (
        <>
          <ol className="space-y-3" aria-label="Executive summaries">
            {shown.map((s) => (
              <li key={s.id} className="rounded-lg border-l-4 border-brand-400 bg-stone-50 px-4 py-3 dark:border-brand-500 dark:bg-stone-800/50">
                <p className="text-xs font-medium text-stone-500 dark:text-stone-400">
                  <time dateTime={s.date}>{formatDay(s.date, zone)}</time>
                </p>
                <p className="mt-1 text-sm leading-relaxed text-stone-700 dark:text-stone-200">{s.summary}</p>
              </li>
            ))}
          </ol>
          {pages > 1 && (
            <Pager label="Executive summary pages" page={current} pages={pages} onChange={setPage} />
          )}
        </>
      )}
    </Card>
  );
}

'use client';

import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ChevronDown } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { TableScroll } from '@/components/ui/table-scroll';
import { Loading } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import { DEFAULT_PAGE, SECURITY_LOG_PAGE_SIZE, SETTINGS_TOASTS } from '@/lib/constants';
import type { SecurityLogEntry, SecurityLogResponse } from '@/lib/schemas/account';
import { SECURITY_KEYS, useErrorToast } from './api';
import { Badge } from './badge';
import { useProfileTime } from '@/components/time/use-profile-time';
import { eventLabel, relativeTime } from './format';

const PANEL_ID = 'security-log-panel';

function LogTable({ logs }: { logs: SecurityLogEntry[] }) {
  const time = useProfileTime();
  const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400';
  return (
    <TableScroll className="rounded-lg border border-stone-200 dark:border-stone-800">
      <table className="min-w-full divide-y divide-stone-200 text-sm dark:divide-stone-800">
        <caption className="sr-only">Security events, newest first</caption>
        <thead className="bg-stone-50 dark:bg-stone-800/50">
          <tr>
            <th scope="col" className={th}>
              Time
            </th>
            <th scope="col" className={th}>
              Event
            </th>
            <th scope="col" className={th}>
              Details
            </th>
            <th scope="col" className={th}>
              IP address
            </th>
            <th scope="col" className={th}>
              Result
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100 dark:divide-stone-800">
          {logs.map((log) => (
            <tr key={log.id} className="align-top">
              <td className="px-3 py-2 whitespace-nowrap text-stone-600 dark:text-stone-300">
                <time dateTime={log.timestamp}>{time.full(log.timestamp)}</time>
                <span className="block text-xs text-stone-500 dark:text-stone-400">{relativeTime(log.timestamp)}</span>
              </td>
              <td className="px-3 py-2 font-medium whitespace-nowrap">{eventLabel(log.type)}</td>
              <td className="min-w-56 px-3 py-2 text-stone-600 dark:text-stone-300">{log.details || '—'}</td>
              <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-stone-600 dark:text-stone-300">{log.ip ?? '—'}</td>
              <td className="px-3 py-2">{log.success ? <Badge tone="success">Success</Badge> : <Badge tone="danger">Failed</Badge>}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function LogPanel() {
  const [page, setPage] = useState(DEFAULT_PAGE);
  const query = useQuery({
    queryKey: SECURITY_KEYS.log(page),
    queryFn: () => api.get<SecurityLogResponse>(`/users/security-log?page=${page}&limit=${SECURITY_LOG_PAGE_SIZE}`),
    placeholderData: keepPreviousData,
  });
  useErrorToast(query, SETTINGS_TOASTS.securityLogFailed, true);

  if (query.isPending) return <Loading label="Loading security log…" />;
  if (query.isError && !query.data) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
        <span>{errorMessage(query.error, SETTINGS_TOASTS.securityLogFailed)}</span>
        <Button type="button" variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
          Try again
        </Button>
      </div>
    );
  }
  const { logs, pagination } = query.data;
  if (logs.length === 0) return <p className="py-4 text-sm text-stone-500 dark:text-stone-400">No security events yet.</p>;
  const first = (pagination.page - 1) * pagination.limit + 1;
  const last = first + logs.length - 1;
  return (
    <div className={cn('space-y-3 transition-opacity', query.isPlaceholderData && 'opacity-60')} aria-busy={query.isFetching}>
      <LogTable logs={logs} />
      <nav className="flex flex-wrap items-center justify-between gap-3 text-sm" aria-label="Security log pages">
        <p className="text-stone-500 dark:text-stone-400" aria-live="polite">
          {first}–{last} of {pagination.total} events · page {pagination.page} of {pagination.pages}
        </p>
        <div className="flex gap-2">
          <Button type="button" variant="secondary" disabled={pagination.page <= 1 || query.isFetching} onClick={() => setPage((p) => Math.max(1, p - 1))}>
            Previous
          </Button>
          <Button type="button" variant="secondary" disabled={pagination.page >= pagination.pages || query.isFetching} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </div>
      </nav>
    </div>
  );
}

/** Settings → Security → Security Log: the account's security events, behind a button, 50 to a page. */
export function SecurityLog() {
  const [open, setOpen] = useState(false);
  return (
    <Card
      title="Security Log"
      description="Sign-ins, password changes and other security events on your account."
      actions={
        <Button type="button" variant="secondary" className="shrink-0" aria-expanded={open} aria-controls={PANEL_ID} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide Security Log' : 'View Security Log'}
          <ChevronDown className={cn('h-4 w-4 transition-transform', open && 'rotate-180')} aria-hidden />
        </Button>
      }
    >
      <div id={PANEL_ID} hidden={!open}>
        {open && <LogPanel />}
      </div>
    </Card>
  );
}

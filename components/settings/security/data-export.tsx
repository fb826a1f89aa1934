'use client';

import type { MouseEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { api, ensureFreshAccessToken } from '@/lib/api-client';
import { SETTINGS_TOASTS } from '@/lib/constants';
import type { listDataExports } from '@/lib/contract/account';
import type { ResponseOf } from '@/lib/contract/endpoint';
import type { DataExport as DataExportRow, DataExportRequestResponse } from '@/lib/schemas/account';
import { failureToast, SECURITY_KEYS } from './api';
import { Badge, type BadgeTone } from './badge';
import { useProfileTime } from '@/components/time/use-profile-time';
import { formatBytes, relativeTime } from './format';

const EXPORT_POLL_MS = 2000;

const STATUS: Record<DataExportRow['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Preparing…', tone: 'warning' },
  ready: { label: 'Ready', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

/**
 * The file is fetched by the browser itself with the access cookie, which may hold an expired
 * token: the first click refreshes it when needed, then follows the same link again.
 */
async function downloadWithFreshCookie(event: MouseEvent<HTMLAnchorElement>) {
  const link = event.currentTarget;
  if (link.dataset.fresh === 'true') {
    delete link.dataset.fresh;
    return;
  }
  event.preventDefault();
  try {
    await ensureFreshAccessToken();
  } catch {
    return;
  }
  link.dataset.fresh = 'true';
  link.click();
}

function ExportRow({ item }: { item: DataExportRow }) {
  const time = useProfileTime();
  const status = STATUS[item.status];
  const size = formatBytes(item.sizeBytes);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span>
            Requested{' '}
            <time dateTime={item.createdAt} title={time.full(item.createdAt)}>
              {relativeTime(item.createdAt)}
            </time>
          </span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </p>
        <p className="text-xs text-stone-500 dark:text-stone-400">
          {item.status === 'ready' && size ? `${size} · ` : ''}
          {item.status === 'failed' ? 'Something went wrong. Please request a new export.' : `Available until ${time.full(item.expiresAt)}`}
        </p>
      </div>
      {item.status === 'ready' && item.downloadUrl && (
        <a
          href={item.downloadUrl}
          download
          onClick={(e) => void downloadWithFreshCookie(e)}
          className="inline-flex items-center gap-2 rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium text-stone-800 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800"
        >
          <Download className="h-4 w-4" aria-hidden /> Download
        </a>
      )}
    </li>
  );
}

/** Request Data Export and the recent exports, polled every 2 s while one is being prepared. */
export function DataExport() {
  const queryClient = useQueryClient();
  const exports = useQuery({
    queryKey: SECURITY_KEYS.exports,
    queryFn: () => api.get<ResponseOf<typeof listDataExports>>('/users/data/exports').then((r) => r.exports),
    refetchInterval: (query) => (query.state.data?.some((e) => e.status === 'pending') ? EXPORT_POLL_MS : false),
  });
  const request = useMutation({
    mutationFn: () => api.post<DataExportRequestResponse>('/users/data/export'),
    onSuccess: (result) => toast.success(result.message),
    onError: (error) => failureToast(SETTINGS_TOASTS.exportFailed, error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.exports });
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.logAll });
    },
  });
  const pending = exports.data?.some((e) => e.status === 'pending') ?? false;

  return (
    <section aria-labelledby="data-export-title" className="space-y-3">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h3 id="data-export-title" className="font-medium">
            Export your data
          </h3>
          <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">
            A JSON file with your profile, clients, goals, check-ins, billing and security history. We also e-mail you when it is ready.
          </p>
        </div>
        <Button type="button" variant="secondary" className="shrink-0" loading={request.isPending} disabled={pending} onClick={() => request.mutate()}>
          Request Data Export
        </Button>
      </div>
      {exports.data && exports.data.length > 0 && (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 px-4 dark:divide-stone-800 dark:border-stone-800" aria-label="Recent data exports" aria-live="polite">
          {exports.data.map((item) => (
            <ExportRow key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

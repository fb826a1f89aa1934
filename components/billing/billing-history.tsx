'use client';

import { useEffect, useRef, useState } from 'react';
import { useProfileTime } from '@/components/time/use-profile-time';
import { Download } from 'lucide-react';
import { toast } from 'sonner';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { TableScroll } from '@/components/ui/table-scroll';
import { Loading } from '@/components/ui/spinner';
import { apiDownload } from '@/lib/api-client';
import { BILLING_HISTORY_PAGE_SIZE, BILLING_TOASTS } from '@/lib/constants';
import { formatUsd } from '@/lib/plans';
import type { BillingTransaction } from '@/lib/schemas/billing';
import { formatBillingDate, useBillingHistory } from './use-billing';

const STATUS: Record<BillingTransaction['status'], { label: string; className: string }> = {
  succeeded: { label: 'Paid', className: 'bg-green-50 text-green-800 ring-green-200 dark:bg-green-950 dark:text-green-300 dark:ring-green-900' },
  failed: { label: 'Failed', className: 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-300 dark:ring-red-900' },
  pending: { label: 'Pending', className: 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900' },
  refunded: { label: 'Refunded', className: 'bg-stone-100 text-stone-700 ring-stone-200 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-700' },
};

/** Saves a file the browser received (the invoice PDF) under its name. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Billing history: 10 a page, newest first, Download invoice for paid transactions with an invoice. */
export function BillingHistory() {
  const time = useProfileTime();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError, refetch, isFetching } = useBillingHistory(page, BILLING_HISTORY_PAGE_SIZE);
  const [downloading, setDownloading] = useState<string | null>(null);
  const toasted = useRef(false);

  useEffect(() => {
    if (isError && !toasted.current) toast.error(BILLING_TOASTS.historyFailed);
    toasted.current = isError;
  }, [isError]);

  const download = async (t: BillingTransaction) => {
    if (!t.invoiceUrl) return;
    setDownloading(t.id);
    try {
      const { blob, fileName } = await apiDownload(t.invoiceUrl.replace(/^\/api(?=\/)/, ''));
      saveBlob(blob, fileName ?? `invoice-${t.id}.pdf`);
    } catch {
      toast.error(BILLING_TOASTS.downloadFailed);
    } finally {
      setDownloading(null);
    }
  };

  const pages = data?.pagination.pages ?? 1;
  return (
    <Card title="Billing history" description="Your payments, newest first. Amounts in US dollars.">
      {isLoading ? (
        <Loading label="Loading billing history…" />
      ) : isError && !data ? (
        <Banner tone="error">
          {BILLING_TOASTS.historyFailed}.{' '}
          <button type="button" className="font-medium underline" onClick={() => void refetch()}>
            Try again
          </button>
        </Banner>
      ) : !data || data.transactions.length === 0 ? (
        <p className="py-4 text-sm text-stone-500 dark:text-stone-400">No billing history yet. Payments appear here once you subscribe to a paid plan.</p>
      ) : (
        <>
          <TableScroll className="-mx-6">
            <table className={cn('w-full min-w-[640px] text-left text-sm', isFetching && 'opacity-70')}>
              <caption className="sr-only">Billing history, page {page} of {pages}</caption>
              <thead>
                <tr className="border-b border-stone-200 text-xs tracking-wide text-stone-500 uppercase dark:border-stone-800 dark:text-stone-400">
                  <th scope="col" className="px-6 py-2 font-medium">
                    Date
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Description
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <th scope="col" className="px-6 py-2 text-right font-medium">
                    <span className="sr-only">Invoice</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.transactions.map((t) => (
                  <tr key={t.id} className="border-b border-stone-100 last:border-0 dark:border-stone-800/60">
                    <td className="px-6 py-3 whitespace-nowrap text-stone-700 dark:text-stone-300">{formatBillingDate(t.date, time.zone)}</td>
                    <td className="px-3 py-3 text-stone-900 dark:text-stone-100">{t.description}</td>
                    <td className="px-3 py-3 text-right font-medium whitespace-nowrap tabular-nums">{formatUsd(t.amount)}</td>
                    <td className="px-3 py-3">
                      <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', STATUS[t.status].className)}>{STATUS[t.status].label}</span>
                    </td>
                    <td className="px-6 py-3 text-right">
                      {t.status === 'succeeded' && t.invoiceUrl && (
                        <Button
                          variant="ghost"
                          className="px-2 py-1 text-brand-700! dark:text-brand-300!"
                          onClick={() => void download(t)}
                          loading={downloading === t.id}
                          aria-label={`Download invoice for ${t.description} on ${formatBillingDate(t.date, time.zone)}`}
                        >
                          {downloading !== t.id && <Download className="h-4 w-4" aria-hidden />}
                          Download invoice
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {pages > 1 && (
            <nav aria-label="Billing history pages" className="mt-4 flex items-center justify-between gap-3 text-sm">
              <Button variant="secondary" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1}>
                Previous
              </Button>
              <span className="text-stone-600 dark:text-stone-400" aria-live="polite">
                Page {page} of {pages}
              </span>
              <Button variant="secondary" onClick={() => setPage((p) => Math.min(pages, p + 1))} disabled={page >= pages}>
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </Card>
  );
}

import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';
import { TableScroll } from '@/components/ui/table-scroll';

/** A titled block of an admin view. */
export function Section({ title, description, actions, children, className }: { title: string; description?: string; actions?: ReactNode; children: ReactNode; className?: string }) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    // min-w-0: in a grid or flex row a section may shrink below its table's width; the table then scrolls inside it.
    <section aria-labelledby={id} className={cn('min-w-0 rounded-xl border border-stone-200 bg-white p-5 shadow-sm dark:border-stone-800 dark:bg-stone-900', className)}>
      <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className="text-base font-semibold">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-stone-500 dark:text-stone-400">{description}</p>}
        </div>
        {actions}
      </div>
      {children}
    </section>
  );
}

export type Tone = 'neutral' | 'good' | 'bad' | 'warn';

const toneText: Record<Tone, string> = {
  neutral: 'text-stone-500 dark:text-stone-400',
  good: 'text-green-700 dark:text-green-400',
  bad: 'text-red-700 dark:text-red-400',
  warn: 'text-amber-700 dark:text-amber-400',
};

export function StatCard({ label, value, detail, detailTone = 'neutral' }: { label: string; value: ReactNode; detail?: ReactNode; detailTone?: Tone }) {
  return (
    <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <p className="text-sm font-medium text-stone-500 dark:text-stone-400">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      {detail !== undefined && <p className={cn('mt-1 text-xs', toneText[detailTone])}>{detail}</p>}
    </div>
  );
}

export function StatGrid({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cn('grid gap-4 sm:grid-cols-2 lg:grid-cols-4', className)}>{children}</div>;
}

export function EmptyState({ title, hint }: { title: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-dashed border-stone-300 px-4 py-8 text-center dark:border-stone-700">
      <p className="text-sm font-medium text-stone-700 dark:text-stone-200">{title}</p>
      {hint && <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">{hint}</p>}
    </div>
  );
}

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
  className?: string;
  /** Cells keep to one line unless the column may wrap (descriptions, messages). */
  wrap?: boolean;
}

/** A plain accessible table: caption for screen readers, header cells with scope. */
export function DataTable<T>({ caption, columns, rows, rowKey, empty }: { caption: string; columns: Column<T>[]; rows: T[]; rowKey: (row: T, index: number) => string; empty?: ReactNode }) {
  if (!rows.length && empty) return <>{empty}</>;
  return (
    <TableScroll>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-stone-200 text-left text-xs uppercase tracking-wide text-stone-500 dark:border-stone-700 dark:text-stone-400">
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cn('px-3 py-2 font-medium', c.align === 'right' && 'text-right', c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)} className="border-b border-stone-100 last:border-0 dark:border-stone-800">
              {columns.map((c) => (
                <td key={c.header} className={cn('px-3 py-2 align-top', c.wrap ? 'min-w-40 whitespace-normal' : 'whitespace-nowrap', c.align === 'right' && 'text-right tabular-nums', c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

const badgeTones = {
  green: 'bg-green-100 text-green-800 dark:bg-green-900/40 dark:text-green-300',
  red: 'bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300',
  amber: 'bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-300',
  stone: 'bg-stone-100 text-stone-700 dark:bg-stone-800 dark:text-stone-300',
  brand: 'bg-brand-100 text-brand-800 dark:bg-brand-900/40 dark:text-brand-200',
} as const;

export function Badge({ tone = 'stone', children }: { tone?: keyof typeof badgeTones; children: ReactNode }) {
  return <span className={cn('inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium', badgeTones[tone])}>{children}</span>;
}

/** The user-facing label of a transaction status (product §2.4: succeeded shows as Paid). */
export const TRANSACTION_STATUS: Record<string, { label: string; tone: keyof typeof badgeTones }> = {
  succeeded: { label: 'Paid', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  pending: { label: 'Pending', tone: 'amber' },
  refunded: { label: 'Refunded', tone: 'stone' },
};

'use client';

import { Button } from './button';

/** Previous / "Page N of M" / Next under a paged list. */
export function Pager({ label, page, pages, onChange }: { label: string; page: number; pages: number; onChange(page: number): void }) {
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <Button variant="secondary" className="px-3 py-1.5" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-stone-500 dark:text-stone-400" aria-live="polite">
        Page {page} of {pages}
      </span>
      <Button variant="secondary" className="px-3 py-1.5" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

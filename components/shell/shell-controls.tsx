'use client';

import type { Ref } from 'react';
import { Menu, X } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { MAIN_CONTENT_ID } from './landmarks';

/** The first stop of the Tab order on every signed-in page: it jumps over the navigation to the content. */
export function SkipToContent() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to main content
    </a>
  );
}

/** The button that opens and closes a navigation folded away on narrow screens. */
export function MenuToggle({ open, controls, onToggle, className, ref }: { open: boolean; controls: string; onToggle: () => void; className?: string; ref?: Ref<HTMLButtonElement> }) {
  return (
    <button
      ref={ref}
      type="button"
      className={cn('rounded-md p-2 text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800', className)}
      aria-expanded={open}
      aria-controls={controls}
      onClick={onToggle}
    >
      {open ? <X className="h-5 w-5" aria-hidden /> : <Menu className="h-5 w-5" aria-hidden />}
      <span className="sr-only">Menu</span>
    </button>
  );
}

import type { ReactNode } from 'react';
import { cn } from './cn';

/**
 * The one wrapper for a table that can be wider than a phone (issue 20 item 3, decision 0099): the
 * table scrolls inside it instead of the page scrolling sideways, and the first column stays pinned
 * at the left edge so each row keeps its name while the other cells slide under it. The pinned cells
 * take the card's background (every table sits on a white / stone-900 card) so nothing shows through.
 */
export function TableScroll({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={cn(
        'relative overflow-x-auto',
        '[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1] [&_tr>:first-child]:bg-white dark:[&_tr>:first-child]:bg-stone-900',
        className,
      )}
    >
      {children}
    </div>
  );
}

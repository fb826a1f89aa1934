'use client';

import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from './cn';

interface DisclosureProps {
  title: string;
  description?: ReactNode;
  /** Controls beside the title that stay reachable while the section is collapsed. */
  actions?: ReactNode;
  defaultOpen?: boolean;
  children: ReactNode;
  className?: string;
}

/**
 * A collapsible settings section: the title is a real disclosure button (aria-expanded,
 * aria-controls). The body stays mounted while collapsed, so unsaved edits survive.
 */
export function Disclosure({ title, description, actions, defaultOpen = true, children, className }: DisclosureProps) {
  const [open, setOpen] = useState(defaultOpen);
  const id = useId();
  const panelId = `${id}-panel`;
  const descriptionId = description ? `${id}-description` : undefined;
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn('rounded-xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900', className)}
    >
      {/* The title takes the line on a narrow screen and the actions wrap under it. */}
      <div className="flex flex-wrap items-start justify-between gap-4 px-4 py-5 sm:px-6">
        <div className="min-w-0 grow basis-56">
          <h2 id={`${id}-heading`} className="text-lg font-semibold text-stone-900 dark:text-stone-100">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={panelId}
              aria-describedby={descriptionId}
              onClick={() => setOpen((o) => !o)}
              className="-mx-1 flex items-center gap-2 rounded-md px-1 text-left hover:text-brand-700 dark:hover:text-brand-300"
            >
              <ChevronDown aria-hidden className={cn('h-5 w-5 shrink-0 text-stone-500 transition-transform dark:text-stone-400', !open && '-rotate-90')} />
              {title}
            </button>
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 pl-7 text-sm text-stone-500 dark:text-stone-400">
              {description}
            </p>
          )}
        </div>
        {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
      </div>
      <div id={panelId} hidden={!open} className="border-t border-stone-200 px-4 py-5 sm:px-6 dark:border-stone-800">
        {children}
      </div>
    </section>
  );
}

'use client';

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from './cn';
import { revealInRow, useOverflowEdges } from './use-overflow-edges';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface TabsProps<T extends string> {
  /** Names the tab list for screen readers. */
  label: string;
  tabs: readonly TabItem<T>[];
  active: T;
  onChange(id: T): void;
  children: ReactNode;
  className?: string;
}

/**
 * A WAI-ARIA tab list with its one panel: arrow keys, Home and End move between tabs (automatic
 * activation), only the active tab is in the Tab order.
 */
export function Tabs<T extends string>({ label, tabs, active, onChange, children, className }: TabsProps<T>) {
  const id = useId();
  const buttons = useRef(new Map<T, HTMLButtonElement>());
  const list = useRef<HTMLDivElement>(null);
  const fade = useOverflowEdges(list);
  useEffect(() => revealInRow(list.current, buttons.current.get(active)), [active]);

  const onKeyDown = (e: KeyboardEvent) => {
    const index = tabs.findIndex((t) => t.id === active);
    const next = e.key === 'ArrowRight' ? index + 1 : e.key === 'ArrowLeft' ? index - 1 : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : null;
    if (next === null) return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length]!.id;
    onChange(target);
    buttons.current.get(target)?.focus();
  };

  return (
    <div className={className}>
      <div ref={list} role="tablist" aria-label={label} onKeyDown={onKeyDown} style={fade} className="relative flex gap-1 overflow-x-auto border-b border-stone-200 dark:border-stone-800">
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              if (el) buttons.current.set(t.id, el);
              else buttons.current.delete(t.id);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${t.id}`}
            aria-selected={active === t.id}
            aria-controls={`${id}-panel`}
            tabIndex={active === t.id ? 0 : -1}
            onClick={() => onChange(t.id)}
            className={cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap transition-colors sm:px-4',
              active === t.id
                ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
                : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${active}`} className="pt-5">
        {children}
      </div>
    </div>
  );
}

'use client';

import { useId, useRef, useState, type ReactNode } from 'react';
import { cn } from './cn';

interface HoverCardProps {
  /** The always-visible content; it receives the trigger button to place where it fits. */
  children(trigger: ReactNode): ReactNode;
  /** Text of the trigger button. */
  triggerText: ReactNode;
  /** The extra detail shown on hover or focus. */
  panel: ReactNode;
  className?: string;
  panelClassName?: string;
  align?: 'start' | 'end';
}

/**
 * Extra detail shown while the area is hovered or its trigger focused (and toggled by click or
 * Enter for touch and keyboard users); Escape hides it. The panel is linked to the trigger by
 * aria-controls and aria-expanded.
 */
export function HoverCard({ children, triggerText, panel, className, panelClassName, align = 'start' }: HoverCardProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const show = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    setOpen(true);
  };
  // A short grace period lets the pointer travel from the trigger into the panel.
  const hide = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => setOpen(false), 150);
  };

  const trigger = (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={`${id}-panel`}
      onClick={() => setOpen((o) => !o)}
      className="rounded text-xs font-medium text-brand-700 hover:underline dark:text-brand-300"
    >
      {triggerText}
    </button>
  );

  return (
    <div
      className={cn('relative', className)}
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hide();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {children(trigger)}
      <div
        id={`${id}-panel`}
        hidden={!open}
        className={cn(
          'absolute top-full z-20 -mt-2 w-80 max-w-[calc(100vw-2rem)] rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-lg dark:border-stone-700 dark:bg-stone-900',
          align === 'end' ? 'right-0' : 'left-0',
          panelClassName,
        )}
      >
        {panel}
      </div>
    </div>
  );
}

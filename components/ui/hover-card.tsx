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
  /** Replaces the trigger's link-like look, e.g. for a trigger that is a whole cell. */
  triggerClassName?: string;
  /** The trigger's accessible name when its text alone does not say what it opens. */
  triggerLabel?: string;
  /**
   * Where the panel hangs: under the area itself, or under the nearest positioned ancestor (a row
   * of cards whose panels all open full width under the row, so none runs off a narrow screen).
   */
  anchor?: 'self' | 'parent';
}

/**
 * Extra detail shown while the area is hovered or its trigger focused (and toggled by click or
 * Enter for touch and keyboard users); Escape hides it. The panel is linked to the trigger by
 * aria-controls and aria-expanded.
 */
export function HoverCard({ children, triggerText, panel, className, panelClassName, align = 'start', triggerClassName, triggerLabel, anchor = 'self' }: HoverCardProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // When hover or focus last opened the panel: the click that follows them in one tap or press
  // (pointer enter, focus, click) must not close it again at once.
  const openedAt = useRef(0);

  const show = () => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    if (!open) openedAt.current = Date.now();
    setOpen(true);
  };
  const toggle = () => {
    if (open && Date.now() - openedAt.current < 400) return;
    openedAt.current = Date.now();
    setOpen(!open);
  };
  const area = useRef<HTMLDivElement>(null);
  // A short grace period lets the pointer travel from the trigger into the panel. The pointer
  // leaving (or the page scrolling under it) does not close a panel someone is typing in.
  const hide = (reason: 'pointer' | 'focus') => {
    if (closeTimer.current) clearTimeout(closeTimer.current);
    closeTimer.current = setTimeout(() => {
      if (reason === 'pointer' && area.current?.contains(document.activeElement)) return;
      setOpen(false);
    }, 150);
  };

  const trigger = (
    <button
      type="button"
      aria-expanded={open}
      aria-controls={`${id}-panel`}
      aria-label={triggerLabel}
      onClick={toggle}
      className={triggerClassName ?? 'rounded text-xs font-medium text-brand-700 hover:underline dark:text-brand-300'}
    >
      {triggerText}
    </button>
  );

  return (
    <div
      className={cn(anchor === 'self' && 'relative', className)}
      onMouseEnter={show}
      ref={area}
      onMouseLeave={() => hide('pointer')}
      onFocus={show}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) hide('focus');
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
          'absolute top-full z-20 rounded-lg border border-stone-200 bg-white p-4 text-sm shadow-lg dark:border-stone-700 dark:bg-stone-900',
          anchor === 'self' ? ['-mt-2 w-80 max-w-[calc(100vw-2rem)]', align === 'end' ? 'right-0' : 'left-0'] : 'inset-x-0 mt-1',
          panelClassName,
        )}
      >
        {panel}
      </div>
    </div>
  );
}

'use client';

import { useEffect, useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { Search } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { usePreloadWhenIdle } from '@/components/ui/use-preload-when-idle';
import { PALETTE_TEXTS, type PaletteScreen } from '@/lib/palette';

const loadDialog = () => import('./palette-dialog').then((m) => m.PaletteDialog);
const PaletteDialog = dynamic(loadDialog, { ssr: false });

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/**
 * ⌘K / Ctrl+K anywhere in the signed-in app, or the header's Search button: jump to a client or a
 * screen, or start an action. Actions that cost money (a check-in) only open their confirming
 * dialog on the dashboard; nothing is sent from here. Coaches get their screens, clients and actions;
 * an administrator gets the admin shell's views it may open (decision 0098).
 *
 * Only the trigger is in the page's first load: the palette (cmdk and its dialog) is fetched once the
 * page is idle, or at the first opening if that comes sooner.
 */
export function CommandPalette({ screens }: { screens: PaletteScreen[] }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  // A new palette at each opening: it starts with an empty search.
  const [opening, setOpening] = useState(0);
  // Radix gives focus back only to a Dialog.Trigger; the palette also opens from the keyboard, anywhere.
  const returnFocus = useRef<HTMLElement | null>(null);

  const show = (from: HTMLElement | null) => {
    returnFocus.current = from;
    setOpening((n) => n + 1);
    setOpen(true);
  };
  /** Closed without a choice (Escape, a click outside, Ctrl+K again): focus goes back where it was. */
  const dismiss = () => {
    setOpen(false);
    const target = returnFocus.current;
    requestAnimationFrame(() => target?.focus());
  };

  usePreloadWhenIdle(loadDialog);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'k' || !(e.metaKey || e.ctrlKey) || e.altKey || e.shiftKey) return;
      e.preventDefault();
      if (open) return dismiss();
      show(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  });

  if (!user) return null;
  return (
    <>
      <button
        type="button"
        onClick={(e) => show(e.currentTarget)}
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        className="flex items-center gap-2 rounded-md border border-stone-300 px-2.5 py-1.5 text-sm text-stone-600 hover:bg-stone-100 dark:border-stone-700 dark:text-stone-300 dark:hover:bg-stone-800"
      >
        <Search className="h-4 w-4" aria-hidden />
        <span className="sr-only sm:not-sr-only">{PALETTE_TEXTS.button}</span>
        <kbd className="hidden rounded border border-stone-300 px-1 font-sans text-[11px] text-stone-500 sm:inline dark:border-stone-600 dark:text-stone-400" aria-hidden>
          {isMac() ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {opening > 0 && <PaletteDialog key={opening} open={open} screens={screens} onDismiss={dismiss} onChosen={() => setOpen(false)} />}
    </>
  );
}

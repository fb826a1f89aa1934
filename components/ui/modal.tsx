'use client';

import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from './cn';

const sizes = { md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-3xl' } as const;

interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  /** Width of the dialog; md unless a form needs more room. */
  size?: keyof typeof sizes;
  /** A line under the title, also the dialog's accessible description. */
  description?: string;
}

const TABBABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The controls Tab reaches in this dialog, not those of a dialog nested in it. */
function tabbables(dialog: HTMLDialogElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(TABBABLE)].filter((el) => el.closest('dialog') === dialog && el.getClientRects().length > 0);
}

/**
 * A native <dialog>: the page behind is inert, `data-autofocus` picks the first focus. Tab wraps
 * from the last control to the first (the native dialog lets focus leave to the document once
 * before wrapping). Escape asks `onClose` instead of closing by itself, so the owner can keep the
 * dialog open (to ask before discarding an edit): the dialog closes when `open` turns false.
 */
export function Modal({ open, title, onClose, children, size = 'md', description }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Each dialog names itself, so several mounted at once keep their own accessible names.
  const id = useId();
  const isOpen = useRef(open);
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    isOpen.current = open;
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      // React's autoFocus runs before the dialog opens; a control marked data-autofocus gets focus instead of the close button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  // close() gives focus back to the control that opened the dialog; an owner that unmounts the
  // dialog while open (Escape asks it, the browser no longer closes it first) gets the same.
  useEffect(
    () => () => {
      if (isOpen.current && opener.current?.isConnected) opener.current.focus();
    },
    [],
  );
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      // React hands a nested dialog's close event to its ancestors' onClose too: only this dialog's own
      // closing counts, and only one the owner did not ask for (the browser closed it anyway).
      onClose={(e) => e.target === e.currentTarget && isOpen.current && onClose()}
      onCancel={(e) => {
        if (e.target !== e.currentTarget) return;
        e.preventDefault();
        onClose();
      }}
      onKeyDown={(e) => trapKeys(e, onClose)}
      className={cn(
        'm-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] rounded-xl border border-stone-200 bg-white p-0 text-stone-900 shadow-xl backdrop:bg-black/40 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100',
        sizes[size],
      )}
    >
      <div className="p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <p id={`${id}-description`} className="mt-1 text-sm text-stone-500 dark:text-stone-400">
                {description}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-m-1 rounded-md p-1 text-stone-500 hover:bg-stone-100 hover:text-stone-700 dark:hover:bg-stone-800 dark:hover:text-stone-200 dark:text-stone-400"
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <div className="mt-4">{open && children}</div>
      </div>
    </dialog>
  );
}

/** Escape and Tab inside this dialog (a nested dialog's keys are its own). */
function trapKeys(e: KeyboardEvent<HTMLDialogElement>, onClose: () => void) {
  const dialog = e.currentTarget;
  if (!(e.target instanceof Element) || e.target.closest('dialog') !== dialog) return;
  if (e.key === 'Escape') {
    // Kept from the browser, which would close the dialog before the owner is asked.
    e.preventDefault();
    onClose();
    return;
  }
  if (e.key !== 'Tab') return;
  const controls = tabbables(dialog);
  const first = controls[0];
  const last = controls.at(-1);
  if (!first || !last) return;
  if (!e.shiftKey && e.target === last) {
    e.preventDefault();
    first.focus();
  } else if (e.shiftKey && e.target === first) {
    e.preventDefault();
    last.focus();
  }
}

'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
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

/** A native <dialog>: focus is trapped, Escape closes, the page behind is inert; `data-autofocus` picks the first focus. */
export function Modal({ open, title, onClose, children, size = 'md', description }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  // Each dialog names itself, so several mounted at once keep their own accessible names.
  const id = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // React's autoFocus runs before the dialog opens; a control marked data-autofocus gets focus instead of the close button.
      dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-description` : undefined}
      // React hands a nested dialog's close event to its ancestors' onClose too: only this dialog's own closing counts.
      onClose={(e) => e.target === e.currentTarget && onClose()}
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

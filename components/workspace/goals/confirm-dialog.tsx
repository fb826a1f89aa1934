'use client';

import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

interface ConfirmDialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  tone?: 'primary' | 'danger';
  /** Resolves true when done; the dialog then closes. */
  onConfirm(): Promise<boolean>;
  onClose(): void;
}

/** A confirmation with Cancel focused first, so Enter never confirms by accident. */
export function ConfirmDialog({ title, children, confirmLabel, tone = 'primary', onConfirm, onClose }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    <Modal open title={title} onClose={onClose}>
      <div className="text-sm text-stone-600 dark:text-stone-400">{children}</div>
      <div className="mt-6 flex justify-end gap-3">
        <Button type="button" variant="secondary" autoFocus onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="button"
          variant={tone}
          loading={busy}
          onClick={async () => {
            setBusy(true);
            const done = await onConfirm();
            setBusy(false);
            if (done) onClose();
          }}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}

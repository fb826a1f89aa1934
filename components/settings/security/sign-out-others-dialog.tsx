'use client';

import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useRevokeOtherSessions } from './api';

interface SignOutOthersDialogProps {
  open: boolean;
  onClose(): void;
  /** How many other sessions are signed in, when known. */
  count?: number;
  /** Why the question is asked; defaults to the plain confirmation. */
  reason?: string;
  cancelLabel?: string;
}

/** Confirms "sign out every other session" (Active Sessions, and the offer after a password change). */
export function SignOutOthersDialog({ open, onClose, count, reason, cancelLabel = 'Cancel' }: SignOutOthersDialogProps) {
  const revoke = useRevokeOtherSessions();
  const devices = count === undefined ? 'every other device' : count === 1 ? 'the 1 other device' : `the ${count} other devices`;
  return (
    <Modal open={open} title="Sign out other sessions?" onClose={onClose}>
      <div className="space-y-3 text-sm text-stone-600 dark:text-stone-300">
        {reason && <p>{reason}</p>}
        <p>
          This signs you out on {devices} where your account is signed in. You stay signed in here. Anyone using those sessions will have to sign in
          again.
        </p>
      </div>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onClose}>
          {cancelLabel}
        </Button>
        <Button type="button" variant="danger" loading={revoke.isPending} onClick={() => revoke.mutate(undefined, { onSuccess: onClose })}>
          Sign out other sessions
        </Button>
      </div>
    </Modal>
  );
}

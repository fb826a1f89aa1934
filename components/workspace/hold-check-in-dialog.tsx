'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { WORKSPACE_TOASTS } from '@/lib/constants';
import type { CheckInHeld } from '@/lib/schemas/checkins';
import { parseDedupeKey, slotInstant } from '@/lib/schedule-slots';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatDateTime, formatSlotTime } from './format';
import { notifyError, notifySuccess } from './notify';
import { workspaceKeys } from './use-clients';

/**
 * The one-click hold of the session reminder (decision 0091): asks before holding, since the client
 * then gets no check-in at that time; only this check-in is held, the schedule stays.
 */
export function HoldCheckInDialog({ slotKey, client, zone, onClose }: { slotKey: string; client: { firstName: string; lastName: string; timezone: string } | undefined; zone: string; onClose(): void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const slot = parseDedupeKey(slotKey);
  const when = slot && client ? formatDateTime(slotInstant(client.timezone, slot.date, slot.time).toISOString(), zone) : null;
  const name = client ? `${client.firstName} ${client.lastName}`.trim() : 'this client';
  // In the coach's timezone, like every time on the dashboard; the client's own clock beside it when it differs.
  const clientTime = slot && client && client.timezone !== zone ? ` (${formatSlotTime(slot.time)} client time)` : '';

  const hold = async () => {
    setBusy(true);
    try {
      const answer = await api.post<CheckInHeld>('/checkins/hold', { key: slotKey });
      notifySuccess(answer.alreadyHeld ? WORKSPACE_TOASTS.checkInAlreadyHeld : WORKSPACE_TOASTS.checkInHeld);
      if (slot) {
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.checkIns(slot.clientId) });
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.clients });
      }
      onClose();
    } catch (error) {
      notifyError(error, WORKSPACE_TOASTS.holdCheckInFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog open title="Hold this check-in?" confirmLabel="Hold check-in" tone="primary" busy={busy} onConfirm={() => void hold()} onClose={onClose}>
      {slot ? (
        <p>
          The check-in to <strong className="font-medium text-stone-900 dark:text-stone-100">{name}</strong>
          {when && (
            <>
              {' '}
              on <time dateTime={slot.date}>{when}</time>
              {clientTime}
            </>
          )}{' '}
          will not be sent. Only this one: the schedule and the next check-ins stay as they are. The history shows it as held by you.
        </p>
      ) : (
        <p>This link does not name a check-in of a schedule.</p>
      )}
    </ConfirmDialog>
  );
}

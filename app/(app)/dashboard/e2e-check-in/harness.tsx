'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { SendCheckInButton } from '@/components/workspace/send-check-in-button';
import { api } from '@/lib/api-client';
import type { CheckInDto } from '@/server/services/clients';

/** The newest check-in of the client, re-read whenever the engine reports a change. */
export function CheckInLoopHarness({ clientId, goalId }: { clientId: string; goalId?: string }) {
  const { subscribe, status } = useRealtime();
  const queryClient = useQueryClient();
  const queryKey = ['e2e-latest-check-in', clientId];
  const { data: latest = null } = useQuery({
    queryKey,
    enabled: Boolean(clientId),
    queryFn: async () => (await api.get<{ checkIns: CheckInDto[] }>(`/dashboard/client-checkins/${clientId}?limit=1`)).checkIns[0] ?? null,
  });

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['e2e-latest-check-in', clientId] });
    const offs = (['clientProfileUpdated', 'checkInCreated'] as const).map((event) => subscribe(event, refresh));
    return () => offs.forEach((off) => off());
  }, [clientId, queryClient, subscribe]);

  return (
    <main className="space-y-4">
      <h1 className="text-xl font-semibold">Check-in loop (test harness)</h1>
      <p className="text-sm text-stone-500" data-testid="realtime-status">
        Live updates: {status}
      </p>
      <SendCheckInButton clientId={clientId} goalId={goalId} onSent={(c) => queryClient.setQueryData(queryKey, c)} />
      <section aria-label="Latest check-in" className="space-y-1 rounded-md border border-stone-200 p-4 text-sm dark:border-stone-700">
        {latest ? (
          <dl className="grid grid-cols-[10rem_1fr] gap-1">
            <dt>Status</dt>
            <dd data-testid="checkin-status">{latest.status}</dd>
            <dt>AI message</dt>
            <dd data-testid="checkin-ai-message">{latest.aiMessage}</dd>
            <dt>Client reply</dt>
            <dd data-testid="checkin-client-response">{latest.clientResponse ?? '—'}</dd>
            <dt>Summary</dt>
            <dd data-testid="checkin-summary">{latest.coachSummary ?? '—'}</dd>
            <dt>Motivation</dt>
            <dd data-testid="checkin-motivation">{latest.motivation ?? '—'}</dd>
            <dt>Engagement</dt>
            <dd data-testid="checkin-engagement">{latest.engagementAssessment ?? '—'}</dd>
            <dt>Follow-up</dt>
            <dd data-testid="checkin-follow-up">{latest.aiResponse ?? '—'}</dd>
          </dl>
        ) : (
          <p>No check-ins yet</p>
        )}
      </section>
    </main>
  );
}

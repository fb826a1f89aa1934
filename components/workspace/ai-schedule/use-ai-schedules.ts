'use client';

import { useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api-client';
import { AI_SCHEDULE_TEXTS } from '@/lib/constants';
import type { AiSchedule, TimezoneOption } from '@/lib/schemas/ai-schedule';
import { FALLBACK_TIMEZONES } from '@/lib/timezones';
import { notifySuccess } from '../notify';
import { workspaceKeys } from '../use-clients';

/** Every schedule list of a client (its own and its goals'), so one save or delete refreshes them all. */
export const aiScheduleKey = (clientId: string, goalId?: string | null) => (goalId ? ['ai-schedules', clientId, goalId] : ['ai-schedules', clientId]);

/** The active AI schedules of a client, or of one of its goals (newest first). */
export function useAiSchedules(clientId: string, goalId: string | null) {
  return useQuery({
    queryKey: [...aiScheduleKey(clientId, goalId), goalId ? 'goal' : 'client'],
    queryFn: ({ signal }) =>
      api.get<{ schedules: AiSchedule[] }>(goalId ? `/ai-schedule/goal/${goalId}` : `/ai-schedule/client/${clientId}`, { signal }).then((r) => r.schedules),
  });
}

/** The zones a schedule may use; the built-in six when the list cannot be loaded (product §1.8). */
export function useScheduleTimezones(): TimezoneOption[] {
  const query = useQuery({
    queryKey: ['ai-schedule-timezones'],
    queryFn: ({ signal }) => api.get<{ timezones: TimezoneOption[] }>('/ai-schedule/timezones', { signal }).then((r) => r.timezones),
    staleTime: 60 * 60_000,
  });
  return query.data ?? (query.isError ? [...FALLBACK_TIMEZONES] : []);
}

/**
 * Pauses or resumes one schedule at once (no confirmation: nothing is sent or lost, decision
 * 0079), then refreshes every view of the client's schedules: this screen's lists, the weekly
 * times and the client (its projected check-ins).
 */
export function usePauseAiSchedule(clientId: string) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inFlight = useRef(false);
  const setPaused = async (schedule: AiSchedule, paused: boolean) => {
    // Set before the first await: a double press sends one request.
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ message: string }>(`/ai-schedule/${schedule.id}/${paused ? 'pause' : 'resume'}`);
      notifySuccess(answer.message || (paused ? AI_SCHEDULE_TEXTS.paused : AI_SCHEDULE_TEXTS.resumed));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: aiScheduleKey(clientId) }),
        queryClient.invalidateQueries({ queryKey: ['workspace', 'client-ai-schedules', clientId] }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.clients }),
      ]);
    } catch (e) {
      setError(errorMessage(e, paused ? AI_SCHEDULE_TEXTS.pauseFailed : AI_SCHEDULE_TEXTS.resumeFailed));
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };
  return { setPaused, busy, error };
}

'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AiSchedule, TimezoneOption } from '@/lib/schemas/ai-schedule';
import { FALLBACK_TIMEZONES } from '@/lib/timezones';

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

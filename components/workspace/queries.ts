'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CHECK_IN_HISTORY_LIMIT, CHECK_IN_LIST_PAGE_SIZE, CHECK_IN_LIST_POLL_MS } from '@/lib/constants';
import type { CheckInPage, ClientGoal } from './types';
import { workspaceKeys } from './use-clients';

/** The client's active goals, for Active Goals and Weekly Progress. */
export function useClientGoals(clientId: string) {
  return useQuery({
    queryKey: workspaceKeys.goals(clientId),
    queryFn: ({ signal }) => api.get<{ goals: ClientGoal[] }>(`/dashboard/client-goals/${clientId}`, { signal }).then((r) => r.goals),
  });
}

/** The latest check-ins (product §2.9: limit 50, page 1) with the executive summaries. */
export function useRecentCheckIns(clientId: string) {
  return useQuery({
    queryKey: [...workspaceKeys.checkIns(clientId), 'recent'],
    queryFn: ({ signal }) =>
      api.get<CheckInPage>(`/dashboard/client-checkins/${clientId}?page=1&limit=${CHECK_IN_HISTORY_LIMIT}&withSummaries=true`, { signal }),
    refetchInterval: CHECK_IN_LIST_POLL_MS,
  });
}

/** One page of the Check-in History card: page size 5, polled every 120 s (product §2.2). */
export function useCheckInPage(clientId: string, page: number) {
  return useQuery({
    queryKey: [...workspaceKeys.checkIns(clientId), 'page', page],
    queryFn: ({ signal }) => api.get<CheckInPage>(`/dashboard/client-checkins/${clientId}?page=${page}&limit=${CHECK_IN_LIST_PAGE_SIZE}`, { signal }),
    refetchInterval: CHECK_IN_LIST_POLL_MS,
    placeholderData: keepPreviousData,
  });
}

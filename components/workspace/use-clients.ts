'use client';

import { useCallback, useEffect, useRef } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { ApiError, api } from '@/lib/api-client';
import { CLIENT_LIST_MIN_GAP_MS, CLIENT_LIST_POLL_MS, CLIENT_LIST_REFOCUS_MS, CLIENT_LIST_STALE_MS, WORKSPACE_TOASTS } from '@/lib/constants';
import type { ClientDto, ClientList } from '@/lib/schemas/clients';

export const workspaceKeys = {
  clients: ['workspace', 'clients'] as const,
  archived: ['workspace', 'archived-clients'] as const,
  goals: (clientId: string) => ['workspace', 'client-goals', clientId] as const,
  checkIns: (clientId: string) => ['workspace', 'client-checkins', clientId] as const,
  followUps: ['workspace', 'follow-ups'] as const,
};

const byName = (a: ClientDto, b: ClientDto) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName);

/** Puts a client answered by the server into the active list (or takes it out once archived). */
export function storeClient(queryClient: QueryClient, client: ClientDto): void {
  queryClient.setQueryData<ClientDto[]>(workspaceKeys.clients, (list) => {
    if (!list) return list;
    const others = list.filter((c) => c.id !== client.id);
    return client.archived ? others : [...others, client].sort(byName);
  });
  queryClient.setQueryData<ClientDto[]>(workspaceKeys.archived, (list) => {
    if (!list) return list;
    const others = list.filter((c) => c.id !== client.id);
    return client.archived ? [...others, client].sort(byName) : others;
  });
}

/** Replaces one client's weekly schedule in the cached list after a schedule call. */
export function storeSchedule(queryClient: QueryClient, clientId: string, schedule: ClientDto['checkInSchedule']): void {
  queryClient.setQueryData<ClientDto[]>(workspaceKeys.clients, (list) => list?.map((c) => (c.id === clientId ? { ...c, checkInSchedule: schedule } : c)));
}

function lastFetchAt(queryClient: QueryClient): number {
  const state = queryClient.getQueryState(workspaceKeys.clients);
  return Math.max(state?.dataUpdatedAt ?? 0, state?.errorUpdatedAt ?? 0);
}

/**
 * The client list and its refresh rules (product §2.4): polled every 5 minutes, refetched on mount
 * once 2 minutes old, on return to the tab once 5 minutes old, and on live events. A fetch asked
 * for within 5 s of the last is skipped; a live event then waits for the end of that gap instead,
 * so no change is lost.
 */
export function useClientList() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: workspaceKeys.clients,
    queryFn: ({ signal }) => api.get<ClientList>('/coach/clients', { signal }).then((r) => r.clients),
    staleTime: CLIENT_LIST_STALE_MS,
    refetchInterval: CLIENT_LIST_POLL_MS,
    retry: 1,
  });
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { logout } = useAuth();

  // Product §2.8: a 401 (or 403) on the client list ends the session on this browser.
  const authFailed = query.error instanceof ApiError && (query.error.status === 401 || (query.error.status === 403 && query.error.code !== 'CSRF_INVALID'));
  useEffect(() => {
    if (!authFailed) return;
    toast.error(WORKSPACE_TOASTS.authError);
    void logout();
  }, [authFailed, logout]);

  const refresh = useCallback(
    (options: { force?: boolean; trailing?: boolean } = {}) => {
      const wait = lastFetchAt(queryClient) + CLIENT_LIST_MIN_GAP_MS - Date.now();
      if (!options.force && wait > 0) {
        if (options.trailing && !trailing.current) {
          trailing.current = setTimeout(() => {
            trailing.current = null;
            void queryClient.refetchQueries({ queryKey: workspaceKeys.clients, exact: true });
          }, wait);
        }
        return;
      }
      void queryClient.refetchQueries({ queryKey: workspaceKeys.clients, exact: true });
    },
    [queryClient],
  );

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastFetchAt(queryClient) > CLIENT_LIST_REFOCUS_MS) refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      if (trailing.current) clearTimeout(trailing.current);
    };
  }, [queryClient, refresh]);

  return { ...query, refresh };
}

/** Live events refresh the list and the open client's goals and check-ins. */
export function useWorkspaceRealtime(refresh: (options: { trailing: boolean }) => void): void {
  const { subscribe } = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    const clientIdOf = (payload: Record<string, unknown>) => (typeof payload.clientId === 'string' ? payload.clientId : null);
    const invalidate = (key: (id: string) => readonly string[], payload: Record<string, unknown>) => {
      const id = clientIdOf(payload);
      void queryClient.invalidateQueries({ queryKey: id ? key(id) : key('').slice(0, 2) });
    };
    const offs = [
      subscribe('clientProfileUpdated', (payload) => {
        refresh({ trailing: true });
        invalidate(workspaceKeys.checkIns, payload);
        // A follow-up written for review, approved or discarded comes with its check-in.
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.followUps });
      }),
      subscribe('goalProgressUpdated', (payload) => {
        refresh({ trailing: true });
        invalidate(workspaceKeys.goals, payload);
      }),
      subscribe('checkInCreated', (payload) => {
        refresh({ trailing: true });
        invalidate(workspaceKeys.checkIns, payload);
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [subscribe, queryClient, refresh]);
}

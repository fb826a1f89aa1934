'use client';

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { keepPreviousData, useInfiniteQuery, useQuery, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { ApiError, api } from '@/lib/api-client';
import { CLIENT_LIST_MIN_GAP_MS, CLIENT_LIST_POLL_MS, CLIENT_LIST_REFOCUS_MS, CLIENT_LIST_STALE_MS, MESSAGES, WORKSPACE_TOASTS } from '@/lib/constants';
import { CLIENT_PAGE_SIZE, type ClientFilter, type ClientSort, type SortDirection } from '@/lib/client-list';
import type { ClientDto, ClientPage, ClientResponse, ClientStats } from '@/lib/schemas/clients';

/** What the list is asked for: the dashboard keeps it in the URL. */
export interface ClientListParams {
  q: string;
  sort: ClientSort;
  dir: SortDirection;
  filter: ClientFilter | null;
}

export const workspaceKeys = {
  /** Every list page, the stat cards and a client opened outside the loaded pages: one prefix refreshes them all. */
  clients: ['workspace', 'clients'] as const,
  clientPages: ['workspace', 'clients', 'pages'] as const,
  clientPage: (params: ClientListParams) => ['workspace', 'clients', 'pages', params] as const,
  clientStats: ['workspace', 'clients', 'stats'] as const,
  client: (clientId: string) => ['workspace', 'clients', 'one', clientId] as const,
  archived: ['workspace', 'archived-clients'] as const,
  goals: (clientId: string) => ['workspace', 'client-goals', clientId] as const,
  checkIns: (clientId: string) => ['workspace', 'client-checkins', clientId] as const,
  followUps: ['workspace', 'follow-ups'] as const,
};

const byName = (a: ClientDto, b: ClientDto) => a.firstName.localeCompare(b.firstName) || a.lastName.localeCompare(b.lastName);

/**
 * Puts a client answered by the server into the loaded pages in place. One that moves in or out
 * of the list (added, archived, restored) or may change place is refetched: where it goes depends
 * on the sort and filter, which the server alone applies to the whole list.
 */
export function storeClient(queryClient: QueryClient, client: ClientDto): void {
  let present = false;
  queryClient.setQueriesData<InfiniteData<ClientPage>>({ queryKey: workspaceKeys.clientPages }, (data) => {
    if (!data) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        clients: page.clients.flatMap((c) => {
          if (c.id !== client.id) return [c];
          present = true;
          return client.archived ? [] : [client];
        }),
      })),
    };
  });
  queryClient.setQueryData(workspaceKeys.client(client.id), client);
  if (!present || client.archived) void queryClient.invalidateQueries({ queryKey: workspaceKeys.clients });
  else void queryClient.invalidateQueries({ queryKey: workspaceKeys.clientStats });
  queryClient.setQueryData<ClientDto[]>(workspaceKeys.archived, (list) => {
    if (!list) return list;
    const others = list.filter((c) => c.id !== client.id);
    return client.archived ? [...others, client].sort(byName) : others;
  });
}

/** Replaces one client's weekly schedule in the loaded pages after a schedule call. */
export function storeSchedule(queryClient: QueryClient, clientId: string, schedule: ClientDto['checkInSchedule']): void {
  const withSchedule = (c: ClientDto) => (c.id === clientId ? { ...c, checkInSchedule: schedule } : c);
  queryClient.setQueriesData<InfiniteData<ClientPage>>({ queryKey: workspaceKeys.clientPages }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, clients: page.clients.map(withSchedule) })) } : data,
  );
  queryClient.setQueryData<ClientDto>(workspaceKeys.client(clientId), (c) => (c ? withSchedule(c) : c));
}

function lastFetchAt(queryClient: QueryClient): number {
  return Math.max(
    0,
    ...queryClient
      .getQueryCache()
      .findAll({ queryKey: workspaceKeys.clients })
      .map((q) => Math.max(q.state.dataUpdatedAt, q.state.errorUpdatedAt)),
  );
}

function pageQuery(params: ClientListParams, cursor: string | null): string {
  const search = new URLSearchParams({ limit: String(CLIENT_PAGE_SIZE), sort: params.sort, dir: params.dir });
  if (params.q) search.set('q', params.q);
  if (params.filter) search.set('filter', params.filter);
  if (cursor) search.set('cursor', cursor);
  return search.toString();
}

/**
 * What a refused client list says (product §2.8): a request that carried no token at all (the
 * server's UNAUTHORIZED) asks to log in again; a token the server refused is an authentication error.
 */
export function clientListAuthError(error: ApiError): string {
  return error.status === 401 && error.code === 'UNAUTHORIZED' ? MESSAGES.authRequired : WORKSPACE_TOASTS.authError;
}

/**
 * The client list a page at a time (decision 0093) and its refresh rules (product §2.4): polled
 * every 5 minutes, refetched on mount once 2 minutes old, on return to the tab once 5 minutes old,
 * and on live events. A fetch asked for within 5 s of the last is skipped; a live event then waits
 * for the end of that gap instead, so no change is lost. The stat cards refresh with it.
 */
export function useClientList(params: ClientListParams) {
  const queryClient = useQueryClient();
  const query = useInfiniteQuery({
    queryKey: workspaceKeys.clientPage(params),
    queryFn: ({ signal, pageParam }) => api.get<ClientPage>(`/coach/clients?${pageQuery(params, pageParam)}`, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    staleTime: CLIENT_LIST_STALE_MS,
    refetchInterval: CLIENT_LIST_POLL_MS,
    // A new search or filter keeps the rows shown until its first page comes, instead of a spinner per key.
    placeholderData: keepPreviousData,
    retry: 1,
  });
  const stats = useQuery({
    queryKey: workspaceKeys.clientStats,
    queryFn: ({ signal }) => api.get<ClientStats>('/coach/client-stats', { signal }),
    staleTime: CLIENT_LIST_STALE_MS,
    refetchInterval: CLIENT_LIST_POLL_MS,
    retry: 1,
  });
  const trailing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const { logout } = useAuth();

  // Product §2.8: a 401 (or 403) on the client list ends the session on this browser.
  const authFailed = query.error instanceof ApiError && (query.error.status === 401 || (query.error.status === 403 && query.error.code !== 'CSRF_INVALID'));
  const authText = authFailed && query.error instanceof ApiError ? clientListAuthError(query.error) : null;
  useEffect(() => {
    if (!authText) return;
    toast.error(authText);
    void logout();
  }, [authText, logout]);

  const refresh = useCallback(
    (options: { force?: boolean; trailing?: boolean } = {}) => {
      const wait = lastFetchAt(queryClient) + CLIENT_LIST_MIN_GAP_MS - Date.now();
      if (!options.force && wait > 0) {
        if (options.trailing && !trailing.current) {
          trailing.current = setTimeout(() => {
            trailing.current = null;
            void queryClient.refetchQueries({ queryKey: workspaceKeys.clients, type: 'active' });
          }, wait);
        }
        return;
      }
      void queryClient.refetchQueries({ queryKey: workspaceKeys.clients, type: 'active' });
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

  const clients = useMemo(() => query.data?.pages.flatMap((p) => p.clients), [query.data]);
  return { ...query, clients, total: query.data?.pages[0]?.total ?? null, stats, refresh };
}

/** A client opened from a stat card that the loaded pages do not hold (further down, or filtered out). */
export function useClient(clientId: string | null, loaded: ClientDto | null) {
  return useQuery({
    queryKey: workspaceKeys.client(clientId ?? ''),
    queryFn: ({ signal }) => api.get<ClientResponse>(`/clients/${clientId}`, { signal }).then((r) => r.client),
    enabled: clientId !== null && loaded === null,
    staleTime: CLIENT_LIST_STALE_MS,
  });
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

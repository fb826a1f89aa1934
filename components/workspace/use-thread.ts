'use client';

import { useCallback, useEffect, useState } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { api } from '@/lib/api-client';
import { threadItemSchema, threadOrder, type ThreadItem, type ThreadPage } from '@/lib/schemas/thread';

/**
 * A client's conversation as the Conversation tab holds it: every message loaded so far (the newest
 * page, then earlier pages on "Load earlier"), kept in one cache entry so live messages and
 * refreshes add to it instead of replacing what the coach scrolled back to.
 */

export const threadKey = (clientId: string) => ['client-thread', clientId] as const;

/** `incoming` wins for an id both have (a follow-up's text can change while it waits for review). */
function union(kept: ThreadItem[], incoming: ThreadItem[]): ThreadItem[] {
  const byId = new Map(kept.map((i) => [i.id, i]));
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort(threadOrder);
}

/**
 * The newest page merged into what is held. When it does not reach back to the newest message held
 * (more than a page arrived meanwhile), it replaces everything: a gap would read as a conversation.
 */
function withNewest(held: ThreadPage | undefined, page: ThreadPage): ThreadPage {
  const newestHeld = held?.items.at(-1);
  const oldestFetched = page.items[0];
  if (!held || !newestHeld || (page.nextBefore !== null && oldestFetched && oldestFetched.at > newestHeld.at)) return page;
  return { items: union(held.items, page.items), nextBefore: held.nextBefore, texting: page.texting };
}

/** Adds one message (a live event, or the answer to the coach's own send). */
export function addThreadItem(queryClient: QueryClient, clientId: string, item: ThreadItem): void {
  queryClient.setQueryData<ThreadPage>(threadKey(clientId), (held) => (held ? { ...held, items: union(held.items, [item]) } : held));
}

export function useThread(clientId: string) {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const [earlierError, setEarlierError] = useState(false);

  const query = useQuery({
    queryKey: threadKey(clientId),
    queryFn: async ({ signal }) => withNewest(queryClient.getQueryData<ThreadPage>(threadKey(clientId)), await api.get<ThreadPage>(`/clients/${clientId}/thread`, { signal })),
  });

  useEffect(() => {
    const mine = (payload: Record<string, unknown>) => payload.clientId === clientId;
    const refresh = (payload: Record<string, unknown>) => {
      if (mine(payload)) void queryClient.invalidateQueries({ queryKey: threadKey(clientId) });
    };
    const stops = [
      subscribe('clientMessage', (payload) => {
        const item = threadItemSchema.safeParse(payload.item);
        if (mine(payload) && item.success) addThreadItem(queryClient, clientId, item.data);
      }),
      // Check-ins, replies and follow-ups live on the check-in: its events bring them.
      subscribe('checkInCreated', refresh),
      subscribe('clientProfileUpdated', refresh),
    ];
    return () => stops.forEach((stop) => stop());
  }, [subscribe, queryClient, clientId]);

  const nextBefore = query.data?.nextBefore ?? null;
  const loadEarlier = useCallback(async () => {
    if (!nextBefore) return;
    setLoadingEarlier(true);
    setEarlierError(false);
    try {
      const page = await api.get<ThreadPage>(`/clients/${clientId}/thread?before=${encodeURIComponent(nextBefore)}`);
      queryClient.setQueryData<ThreadPage>(threadKey(clientId), (held) => (held ? { ...held, items: union(page.items, held.items), nextBefore: page.nextBefore } : held));
    } catch {
      setEarlierError(true);
    } finally {
      setLoadingEarlier(false);
    }
  }, [clientId, nextBefore, queryClient]);

  return { query, loadEarlier, loadingEarlier, earlierError };
}

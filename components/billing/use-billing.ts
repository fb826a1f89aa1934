'use client';

import { useEffect } from 'react';
import { formatLongDate } from '@/lib/format-time';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { api } from '@/lib/api-client';
import type { BillingHistory, BillingInfo } from '@/lib/schemas/billing';

export const BILLING_QUERY_KEY = ['billing'] as const;
export const HISTORY_QUERY_KEY = ['billing', 'history'] as const;

export function useBilling() {
  return useQuery({ queryKey: BILLING_QUERY_KEY, queryFn: () => api.get<BillingInfo>('/billing') });
}

export function useBillingHistory(page: number, limit: number) {
  return useQuery({
    queryKey: [...HISTORY_QUERY_KEY, page, limit],
    queryFn: () => api.get<BillingHistory>(`/billing/history?page=${page}&limit=${limit}`),
    placeholderData: keepPreviousData,
  });
}

/** Refetches billing when the server reports a change (webhook, renewal, another tab). */
export function useBillingUpdates(): void {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();
  useEffect(
    () =>
      subscribe('update', (payload) => {
        if (payload.type === 'billing') void queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
      }),
    [queryClient, subscribe],
  );
}

/** A billing date as the profile's timezone has it (decision 0092). */
export function formatBillingDate(iso: string | null, zone: string): string {
  if (!iso) return '—';
  return formatLongDate(iso, zone);
}

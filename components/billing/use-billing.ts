'use client';

import { useEffect } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { api } from '@/lib/api-client';
import type { BillingAddress } from '@/lib/billing-types';

export interface PaymentMethodInfo {
  id: string;
  brand: string;
  brandName: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardholderName: string | null;
  billingAddress: BillingAddress | null;
  isDefault: boolean;
}

export interface PlanInfo {
  id: string;
  name: string;
  priceCents: number;
  wasPriceCents: number | null;
  interval: 'month';
  maxClients: number | null;
  maxAIInteractions: number | null;
  features: string[];
  featured: boolean;
}

/** GET /api/billing (spec 01 §3 Billing info). */
export interface BillingInfo {
  plan: string;
  planName: string;
  priceCents: number;
  status: 'active' | 'past_due' | 'incomplete' | 'canceled' | null;
  nextBillingDate: string | null;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentMethod: PaymentMethodInfo | null;
  billingAddress: BillingAddress | null;
  usageMetrics: { clientsCreated: number; aiInteractionsUsed: number };
  usageQuota: { maxClients: number | null; maxAIInteractions: number | null };
  plans: PlanInfo[];
  provider: 'local' | 'stripe';
  publishableKey: string | null;
}

export interface BillingTransaction {
  id: string;
  date: string;
  description: string;
  /** Integer cents. */
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed' | 'pending' | 'refunded';
  invoiceUrl: string | null;
}

export interface BillingHistory {
  transactions: BillingTransaction[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export interface Discount {
  code: string;
  name: string;
  description: string | null;
  type: 'percentage' | 'fixed_amount';
  value: number;
}

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

export function formatBillingDate(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

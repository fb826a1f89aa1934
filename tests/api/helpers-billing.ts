import { expect } from 'vitest';
import { TEST_CARDS } from '@/lib/card';
import type { ApiRequest, ErrorBody } from './helpers-auth';

export interface PaymentMethodBody {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  cardholderName: string | null;
  isDefault: boolean;
  billingAddress: Record<string, string> | null;
}

export interface BillingBody {
  plan: string;
  planName: string;
  status: string | null;
  nextBillingDate: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  paymentMethod: PaymentMethodBody | null;
  billingAddress: Record<string, string> | null;
  usageMetrics: { clientsCreated: number; aiInteractionsUsed: number };
  usageQuota: { maxClients: number | null; maxAIInteractions: number | null };
  plans: { id: string; name: string; priceCents: number; wasPriceCents: number | null; featured: boolean }[];
  provider: 'local' | 'stripe';
  publishableKey: string | null;
}

export interface TransactionBody {
  id: string;
  date: string;
  description: string;
  amount: number;
  currency: string;
  status: 'succeeded' | 'failed' | 'pending' | 'refunded';
  invoiceUrl: string | null;
}

export interface HistoryBody {
  transactions: TransactionBody[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

export type ChangeBody = ErrorBody & { requiredAction?: string; success: boolean; plan: string; transaction: TransactionBody | null; billing: BillingBody };

export const ADDRESS = { line1: '1 Market St', line2: 'Suite 5', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' };

export function cardFields(number: string = TEST_CARDS.success) {
  return { cardholderName: 'Ada Lovelace', cardNumber: number, expirationMonth: 12, expirationYear: new Date().getFullYear() + 3, cvv: '123' };
}

export async function getBilling(request: ApiRequest, token: string): Promise<BillingBody> {
  const res = await request<BillingBody>('GET', '/billing', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function history(request: ApiRequest, token: string, query = ''): Promise<HistoryBody> {
  const res = await request<HistoryBody>('GET', `/billing/history${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** What the local card form does: a SetupIntent, the card confirmed against it, the payment method saved. */
export async function confirmLocalCard(request: ApiRequest, token: string, number: string = TEST_CARDS.success) {
  const intent = await request<{ clientSecret: string }>('POST', '/billing/setup-intent', { token });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  expect(intent.body.clientSecret).toMatch(/^seti_local_/);
  return request<ErrorBody & { paymentMethodId: string }>('POST', '/billing/local/confirm-setup', {
    token,
    body: { clientSecret: intent.body.clientSecret, card: cardFields(number), billingAddress: ADDRESS },
  });
}

export async function addLocalCard(request: ApiRequest, token: string, number: string = TEST_CARDS.success): Promise<PaymentMethodBody> {
  const confirmed = await confirmLocalCard(request, token, number);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const saved = await request<{ paymentMethod: PaymentMethodBody }>('POST', '/billing/payment-methods', {
    token,
    body: { paymentMethodId: confirmed.body.paymentMethodId, billingAddress: ADDRESS },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return saved.body.paymentMethod;
}

export const changePlan = (request: ApiRequest, token: string, planId: string, discountCode?: string) =>
  request<ChangeBody>('PUT', '/billing/subscription', { token, body: { planId, ...(discountCode ? { discountCode } : {}) } });

/** Downloads over raw fetch to see the headers and bytes. */
export async function download(baseUrl: string, url: string, token?: string) {
  const res = await fetch(`${baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

export const daysFromNow = (iso: string | null) => (iso ? (new Date(iso).getTime() - Date.now()) / 86_400_000 : NaN);

import { expect } from 'vitest';
import { TEST_CARDS } from '@/lib/card';
import type { BillingHistory, BillingInfo, LocalCardConfirmed, PaidPlanChanged, PaymentMethodAdded, PaymentMethodInfo, SetupIntent } from '@/lib/schemas/billing';
import type { ApiRequest, ErrorBody } from './helpers-auth';

/** A change to a paid plan as a test reads it: the answer, or the failure with its required action. */
export type ChangeBody = ErrorBody & { requiredAction?: string } & PaidPlanChanged;

export const ADDRESS = { line1: '1 Market St', line2: 'Suite 5', city: 'San Francisco', state: 'CA', zip: '94105', country: 'US' };

export function cardFields(number: string = TEST_CARDS.success) {
  return { cardholderName: 'Ada Lovelace', cardNumber: number, expirationMonth: 12, expirationYear: new Date().getFullYear() + 3, cvv: '123' };
}

export async function getBilling(request: ApiRequest, token: string): Promise<BillingInfo> {
  const res = await request<BillingInfo>('GET', '/billing', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function history(request: ApiRequest, token: string, query = ''): Promise<BillingHistory> {
  const res = await request<BillingHistory>('GET', `/billing/history${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** What the local card form does: a SetupIntent, the card confirmed against it, the payment method saved. */
export async function confirmLocalCard(request: ApiRequest, token: string, number: string = TEST_CARDS.success) {
  const intent = await request<SetupIntent>('POST', '/billing/setup-intent', { token });
  expect(intent.status, JSON.stringify(intent.body)).toBe(200);
  expect(intent.body.clientSecret).toMatch(/^seti_local_/);
  return request<ErrorBody & LocalCardConfirmed>('POST', '/billing/local/confirm-setup', {
    token,
    body: { clientSecret: intent.body.clientSecret, card: cardFields(number), billingAddress: ADDRESS },
  });
}

export async function addLocalCard(request: ApiRequest, token: string, number: string = TEST_CARDS.success): Promise<PaymentMethodInfo> {
  const confirmed = await confirmLocalCard(request, token, number);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const saved = await request<PaymentMethodAdded>('POST', '/billing/payment-methods', {
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

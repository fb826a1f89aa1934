'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Loading } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import { BILLING_TOASTS } from '@/lib/constants';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '@/lib/safe-return';
import type { PaymentMethodInfo, PaymentMethodList, PaymentMethodsChanged } from '@/lib/schemas/billing';
import { BillingHistory } from './billing-history';
import { PaymentMethodForm } from './payment-method-form';
import { BILLING_QUERY_KEY, useBilling } from './use-billing';

const METHODS_KEY = ['billing', 'payment-methods'] as const;

/**
 * The local provider's customer portal (what Stripe's billing portal is in Stripe mode): payment
 * methods with make-default and remove, adding a card, and the invoices.
 */
export function BillingPortal() {
  const params = useSearchParams();
  const back = safeReturnPath(params.get('return')) ?? DEFAULT_RETURN_PATH;
  const queryClient = useQueryClient();
  const { data: billing } = useBilling();
  const methods = useQuery({ queryKey: METHODS_KEY, queryFn: () => api.get<PaymentMethodList>('/billing/payment-methods').then((r) => r.paymentMethods) });
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = async (list?: PaymentMethodInfo[]) => {
    if (list) queryClient.setQueryData(METHODS_KEY, list);
    else await queryClient.invalidateQueries({ queryKey: METHODS_KEY });
    await queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
  };

  const makeDefault = async (pm: PaymentMethodInfo) => {
    setBusy(pm.id);
    try {
      const res = await api.post<PaymentMethodsChanged>(`/billing/payment-methods/${pm.id}/default`);
      await refresh(res.paymentMethods);
      toast.success(BILLING_TOASTS.defaultChanged);
    } catch (error) {
      toast.error(errorMessage(error, BILLING_TOASTS.defaultFailed));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (pm: PaymentMethodInfo) => {
    if (!window.confirm(`Remove ${pm.brandName} ending in ${pm.last4}?`)) return;
    setBusy(pm.id);
    try {
      const res = await api.delete<PaymentMethodsChanged>(`/billing/payment-methods/${pm.id}`);
      await refresh(res.paymentMethods);
      toast.success(BILLING_TOASTS.paymentMethodRemoved);
    } catch (error) {
      toast.error(errorMessage(error, BILLING_TOASTS.paymentMethodRemoveFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <main className="mx-auto max-w-3xl space-y-6">
      <div>
        <Link href={back} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline dark:text-brand-300">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Return to Cadence
        </Link>
        <h1 className="mt-3 text-2xl font-semibold">Payment methods &amp; billing</h1>
        <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">Manage the cards your subscription is paid with and download your invoices.</p>
      </div>

      <Card
        title="Payment methods"
        actions={
          !adding && (
            <Button variant="secondary" onClick={() => setAdding(true)}>
              Add payment method
            </Button>
          )
        }
      >
        {adding && billing && (
          <div className="mb-6 border-b border-stone-200 pb-6 dark:border-stone-800">
            <PaymentMethodForm
              billing={billing}
              onAdded={() => {
                setAdding(false);
                toast.success(BILLING_TOASTS.paymentMethodAdded);
                void refresh();
              }}
              onCancel={() => setAdding(false)}
            />
          </div>
        )}
        {methods.isLoading ? (
          <Loading label="Loading payment methods…" />
        ) : methods.isError ? (
          <Banner tone="error">Failed to load payment methods.</Banner>
        ) : methods.data?.length ? (
          <ul className="divide-y divide-stone-100 dark:divide-stone-800" aria-label="Saved cards">
            {methods.data.map((pm) => (
              <li key={pm.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="flex items-center gap-3">
                  <span className="flex h-9 w-12 items-center justify-center rounded-md border border-stone-200 bg-stone-50 dark:border-stone-700 dark:bg-stone-800" aria-hidden>
                    <CreditCard className="h-4 w-4 text-stone-500 dark:text-stone-400" />
                  </span>
                  <div>
                    <p className="text-sm font-medium">
                      {pm.brandName} ending in {pm.last4}
                      {pm.isDefault && <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-900 dark:text-brand-200">Default</span>}
                    </p>
                    <p className="text-xs text-stone-500 dark:text-stone-400">
                      Expires {String(pm.expMonth).padStart(2, '0')}/{pm.expYear}
                      {pm.cardholderName ? ` · ${pm.cardholderName}` : ''}
                    </p>
                  </div>
                </div>
                <div className="flex gap-2">
                  {!pm.isDefault && (
                    <Button variant="secondary" className="py-1" loading={busy === pm.id} onClick={() => void makeDefault(pm)} aria-label={`Make ${pm.brandName} ending in ${pm.last4} the default`}>
                      Make default
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    className="py-1 text-red-700! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!"
                    disabled={busy === pm.id}
                    onClick={() => void remove(pm)}
                    aria-label={`Remove ${pm.brandName} ending in ${pm.last4}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-600 dark:text-stone-400">No cards saved.</p>
        )}
      </Card>

      <BillingHistory />
    </main>
  );
}

'use client';

import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { api } from '@/lib/api-client';
import { billingAddressSchema, type BillingAddress, type BillingInfo, type PaymentMethodAdded, type PaymentMethodInfo } from '@/lib/schemas/billing';

/** What both card forms share: the local provider's (payment-method-form) and Stripe's (stripe-card-form, loaded on demand). */

export interface PaymentMethodFormProps {
  billing: Pick<BillingInfo, 'provider' | 'publishableKey' | 'billingAddress'>;
  /** Shown above the fields, e.g. why the form opened. */
  notice?: ReactNode;
  onAdded(paymentMethod: PaymentMethodInfo): void;
  onCancel?(): void;
}

type AddressErrors = Partial<Record<keyof BillingAddress, string>>;

export function addressErrors(address: BillingAddress): AddressErrors {
  const parsed = billingAddressSchema.safeParse(address);
  if (parsed.success) return {};
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) errors[issue.path[0] as keyof BillingAddress] ??= issue.message;
  return errors;
}

/** Saves a confirmed payment method with its billing address (POST /billing/payment-methods). */
export async function savePaymentMethod(paymentMethodId: string, billingAddress: BillingAddress): Promise<PaymentMethodInfo> {
  const res = await api.post<PaymentMethodAdded>('/billing/payment-methods', { paymentMethodId, billingAddress });
  return res.paymentMethod;
}

/** Save and Cancel under either card form; `ready` is false until the card field can be read. */
export function CardFormActions({ saving, ready = true, onCancel }: { saving: boolean; ready?: boolean; onCancel?: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-3 pt-1">
      <Button type="submit" loading={saving} disabled={!ready}>
        <Lock className="h-4 w-4" aria-hidden />
        Save card
      </Button>
      {onCancel && (
        <Button type="button" variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      )}
    </div>
  );
}

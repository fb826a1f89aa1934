'use client';

import { useMemo, useState, type FormEvent } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js';
import { toast } from 'sonner';
import { Banner } from '@/components/ui/banner';
import { Field, Input } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import type { BillingAddress, SetupIntent } from '@/lib/schemas/billing';
import { BILLING_TOASTS, BILLING_VALIDATION } from '@/lib/constants';
import { BillingAddressFields, EMPTY_ADDRESS } from './billing-address-fields';
import { addressErrors, CardFormActions, savePaymentMethod, type PaymentMethodFormProps } from './card-form-parts';

const stripePromises = new Map<string, ReturnType<typeof loadStripe>>();

/** Stripe Elements: the card number goes from the browser to Stripe; Cadence receives a payment method id. */
export default function StripeCardForm(props: PaymentMethodFormProps & { publishableKey: string }) {
  const stripe = useMemo(() => {
    if (!stripePromises.has(props.publishableKey)) stripePromises.set(props.publishableKey, loadStripe(props.publishableKey));
    return stripePromises.get(props.publishableKey)!;
  }, [props.publishableKey]);
  return (
    <Elements stripe={stripe}>
      <StripeCardInner {...props} />
    </Elements>
  );
}

function StripeCardInner({ billing, notice, onAdded, onCancel }: PaymentMethodFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [name, setName] = useState('');
  const [address, setAddress] = useState<BillingAddress>(billing.billingAddress ?? EMPTY_ADDRESS);
  const [nameError, setNameError] = useState<string | undefined>();
  const [addrErrors, setAddrErrors] = useState<Partial<Record<keyof BillingAddress, string>>>({});
  const [providerError, setProviderError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stripe || !elements) return;
    const card = elements.getElement(CardElement);
    const nextAddr = addressErrors(address);
    setNameError(name.trim() ? undefined : BILLING_VALIDATION.cardholderRequired);
    setAddrErrors(nextAddr);
    if (!card || !name.trim() || Object.keys(nextAddr).length) return;
    setSaving(true);
    setProviderError(null);
    try {
      const { clientSecret } = await api.post<SetupIntent>('/billing/setup-intent');
      const result = await stripe.confirmCardSetup(clientSecret, {
        payment_method: {
          card,
          billing_details: {
            name: name.trim(),
            address: { line1: address.line1, line2: address.line2 || undefined, city: address.city, state: address.state || undefined, postal_code: address.zip, country: address.country },
          },
        },
      });
      if (result.error) {
        // Card confirmation errors show the provider's message (product §1.8).
        const message = result.error.message ?? BILLING_TOASTS.addPaymentMethodFailed;
        setProviderError(message);
        toast.error(message);
        return;
      }
      const pm = result.setupIntent.payment_method;
      const saved = await savePaymentMethod(typeof pm === 'string' ? pm : pm!.id, address);
      card.clear();
      onAdded(saved);
    } catch {
      toast.error(BILLING_TOASTS.addPaymentMethodFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add payment method">
      {notice}
      {providerError && <Banner tone="error">{providerError}</Banner>}
      <fieldset className="space-y-3" disabled={saving}>
        <legend className="mb-1 text-sm font-semibold text-stone-800 dark:text-stone-200">Card details</legend>
        <Field id="stripe-cardholderName" label="Name on card" error={nameError}>
          <Input id="stripe-cardholderName" autoComplete="cc-name" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={!!nameError} />
        </Field>
        <div className="space-y-1">
          <span className="block text-sm font-medium text-stone-700 dark:text-stone-300">Card</span>
          <div className="rounded-md border border-stone-300 bg-white px-3 py-2.5 shadow-sm dark:border-stone-700 dark:bg-stone-900">
            <CardElement options={{ hidePostalCode: true, style: { base: { fontSize: '14px', color: dark ? '#f5f5f4' : '#1c1917', '::placeholder': { color: '#a8a29e' } } } }} />
          </div>
        </div>
      </fieldset>
      <BillingAddressFields idPrefix="stripe-address" value={address} errors={addrErrors} disabled={saving} onChange={setAddress} />
      <CardFormActions saving={saving} ready={Boolean(stripe)} onCancel={onCancel} />
    </form>
  );
}

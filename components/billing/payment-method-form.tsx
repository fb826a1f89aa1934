'use client';

import { lazy, Suspense, useState, type FormEvent } from 'react';
import { CreditCard } from 'lucide-react';
import { toast } from 'sonner';
import { Banner } from '@/components/ui/banner';
import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Loading } from '@/components/ui/spinner';
import { api, ApiError } from '@/lib/api-client';
import { BILLING_TOASTS, BILLING_VALIDATION } from '@/lib/constants';
import { cardBrand, CARD_BRAND_NAMES, cvvLength, formatCardNumber } from '@/lib/card';
import { cardFieldsSchema, type BillingAddress, type LocalCardConfirmed, type SetupIntent } from '@/lib/schemas/billing';
import { BillingAddressFields, EMPTY_ADDRESS } from './billing-address-fields';
import { addressErrors, CardFormActions, savePaymentMethod, type PaymentMethodFormProps } from './card-form-parts';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

/**
 * Add a payment method: Stripe Elements when Stripe is configured with a publishable key,
 * otherwise the local provider's card form (the card never leaves Cadence's own server there).
 */
export function PaymentMethodForm(props: PaymentMethodFormProps) {
  const { billing } = props;
  if (billing.provider === 'stripe') {
    if (!billing.publishableKey) {
      return <Banner tone="error">Card entry is not available: the Stripe publishable key is not configured.</Banner>;
    }
    return (
      <Suspense fallback={<Loading label="Loading secure card form…" />}>
        <StripeCardForm {...props} publishableKey={billing.publishableKey} />
      </Suspense>
    );
  }
  return <LocalCardForm {...props} />;
}

const MONTHS = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));

type CardErrors = Partial<Record<'cardholderName' | 'cardNumber' | 'expirationMonth' | 'expirationYear' | 'cvv', string>>;

function LocalCardForm({ billing, notice, onAdded, onCancel }: PaymentMethodFormProps) {
  const years = Array.from({ length: 16 }, (_, i) => String(new Date().getFullYear() + i));
  const [card, setCard] = useState({ cardholderName: '', cardNumber: '', expirationMonth: '', expirationYear: '', cvv: '' });
  const [address, setAddress] = useState<BillingAddress>(billing.billingAddress ?? EMPTY_ADDRESS);
  const [errors, setErrors] = useState<CardErrors>({});
  const [addrErrors, setAddrErrors] = useState<AddressErrors>({});
  const [providerError, setProviderError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const brand = cardBrand(card.cardNumber);

  const set = (key: keyof typeof card) => (e: { target: { value: string } }) => {
    const value = key === 'cardNumber' ? formatCardNumber(e.target.value) : key === 'cvv' ? e.target.value.replace(/\D/g, '').slice(0, 4) : e.target.value;
    setCard((c) => ({ ...c, [key]: value }));
    if (errors[key]) setErrors((old) => ({ ...old, [key]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setProviderError(null);
    const parsed = cardFieldsSchema.safeParse(card);
    const nextErrors: CardErrors = {};
    if (!card.expirationMonth) nextErrors.expirationMonth = BILLING_VALIDATION.expiryInvalid;
    if (!card.expirationYear) nextErrors.expirationYear = BILLING_VALIDATION.expiryInvalid;
    if (!parsed.success) for (const issue of parsed.error.issues) nextErrors[issue.path[0] as keyof CardErrors] ??= issue.message;
    const nextAddr = addressErrors(address);
    setErrors(nextErrors);
    setAddrErrors(nextAddr);
    if (!parsed.success || Object.keys(nextErrors).length || Object.keys(nextAddr).length) {
      const first = Object.keys(nextErrors)[0] ?? `address-${Object.keys(nextAddr)[0]}`;
      document.getElementById(`card-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      const { clientSecret } = await api.post<SetupIntent>('/billing/setup-intent');
      let paymentMethodId: string;
      try {
        ({ paymentMethodId } = await api.post<LocalCardConfirmed>('/billing/local/confirm-setup', { clientSecret, card: parsed.data, billingAddress: address }));
      } catch (error) {
        // Card confirmation errors show the provider's message (product §1.8).
        if (error instanceof ApiError && error.status !== 429 && error.message) {
          setProviderError(error.message);
          toast.error(error.message);
          return;
        }
        throw error;
      }
      const saved = await savePaymentMethod(paymentMethodId, address);
      setCard({ cardholderName: '', cardNumber: '', expirationMonth: '', expirationYear: '', cvv: '' });
      onAdded(saved);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 429 ? error.message : BILLING_TOASTS.addPaymentMethodFailed);
    } finally {
      setSaving(false);
    }
  };

  const invalid = (key: keyof CardErrors) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `card-${key}-error` } : {});

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Add payment method">
      {notice}
      <Banner tone="info">
        <span className="font-medium">Test mode:</span> no real charges are made. Use card 4242 4242 4242 4242 with any future date and any 3-digit CVV; 4000 0000 0000 0002 is
        declined.
      </Banner>
      {providerError && <Banner tone="error">{providerError}</Banner>}
      <fieldset className="space-y-3" disabled={saving}>
        <legend className="mb-1 text-sm font-semibold text-stone-800 dark:text-stone-200">Card details</legend>
        <Field id="card-cardholderName" label="Name on card" error={errors.cardholderName}>
          <Input id="card-cardholderName" autoComplete="cc-name" value={card.cardholderName} onChange={set('cardholderName')} {...invalid('cardholderName')} />
        </Field>
        <Field id="card-cardNumber" label="Card number" error={errors.cardNumber}>
          <div className="relative">
            <Input
              id="card-cardNumber"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              value={card.cardNumber}
              onChange={set('cardNumber')}
              className="pr-28 font-mono tracking-wide"
              {...invalid('cardNumber')}
            />
            <span className="pointer-events-none absolute top-1/2 right-3 flex -translate-y-1/2 items-center gap-1 text-xs text-stone-500 dark:text-stone-400">
              <CreditCard className="h-4 w-4" aria-hidden />
              {card.cardNumber && brand !== 'unknown' ? CARD_BRAND_NAMES[brand] : ''}
            </span>
          </div>
        </Field>
        <div className="grid grid-cols-3 gap-3">
          <Field id="card-expirationMonth" label="Expiry month" error={errors.expirationMonth}>
            <Select id="card-expirationMonth" autoComplete="cc-exp-month" value={card.expirationMonth} onChange={set('expirationMonth')} {...invalid('expirationMonth')}>
              <option value="">MM</option>
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="card-expirationYear" label="Expiry year" error={errors.expirationYear}>
            <Select id="card-expirationYear" autoComplete="cc-exp-year" value={card.expirationYear} onChange={set('expirationYear')} {...invalid('expirationYear')}>
              <option value="">YYYY</option>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="card-cvv" label="CVV" error={errors.cvv}>
            <Input
              id="card-cvv"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder={cvvLength(card.cardNumber) === 4 ? '1234' : '123'}
              value={card.cvv}
              onChange={set('cvv')}
              className="font-mono"
              {...invalid('cvv')}
            />
          </Field>
        </div>
      </fieldset>
      <BillingAddressFields idPrefix="card-address" value={address} errors={addrErrors} disabled={saving} onChange={setAddress} />
      <CardFormActions saving={saving} onCancel={onCancel} />
    </form>
  );
}

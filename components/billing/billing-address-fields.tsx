'use client';

import { Field, Input } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import type { BillingAddress } from '@/lib/schemas/billing';
import { DEFAULT_BILLING_COUNTRY } from '@/lib/constants';
import { COUNTRY_OPTIONS } from '@/lib/countries';

export const EMPTY_ADDRESS: BillingAddress = { line1: '', line2: '', city: '', state: '', zip: '', country: DEFAULT_BILLING_COUNTRY };

const COUNTRIES = [...COUNTRY_OPTIONS].sort((a, b) => (a.iso === 'US' ? -1 : b.iso === 'US' ? 1 : a.name.localeCompare(b.name)));

interface Props {
  idPrefix: string;
  value: BillingAddress;
  errors: Partial<Record<keyof BillingAddress, string>>;
  disabled?: boolean;
  onChange(value: BillingAddress): void;
}

/** Billing address for a payment method (product §1.3); the country defaults to the United States. */
export function BillingAddressFields({ idPrefix, value, errors, disabled, onChange }: Props) {
  const set = (key: keyof BillingAddress) => (e: { target: { value: string } }) => onChange({ ...value, [key]: e.target.value });
  const id = (key: string) => `${idPrefix}-${key}`;
  const invalid = (key: keyof BillingAddress) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${id(key)}-error` } : {});
  return (
    <fieldset className="space-y-3" disabled={disabled}>
      <legend className="mb-1 text-sm font-semibold text-stone-800 dark:text-stone-200">Billing address</legend>
      <Field id={id('line1')} label="Address line 1" error={errors.line1}>
        <Input id={id('line1')} autoComplete="address-line1" value={value.line1} onChange={set('line1')} {...invalid('line1')} />
      </Field>
      <Field id={id('line2')} label="Address line 2 (optional)" error={errors.line2}>
        <Input id={id('line2')} autoComplete="address-line2" value={value.line2 ?? ''} onChange={set('line2')} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('city')} label="City" error={errors.city}>
          <Input id={id('city')} autoComplete="address-level2" value={value.city} onChange={set('city')} {...invalid('city')} />
        </Field>
        <Field id={id('state')} label="State / Province" error={errors.state}>
          <Input id={id('state')} autoComplete="address-level1" value={value.state} onChange={set('state')} />
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('zip')} label="ZIP / Postal code" error={errors.zip}>
          <Input id={id('zip')} autoComplete="postal-code" value={value.zip} onChange={set('zip')} {...invalid('zip')} />
        </Field>
        <Field id={id('country')} label="Country" error={errors.country}>
          <Select id={id('country')} autoComplete="country" value={value.country} onChange={set('country')}>
            {COUNTRIES.map((c) => (
              <option key={c.iso} value={c.iso}>
                {c.name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
    </fieldset>
  );
}

'use client';

import { BillingScreen } from '@/components/billing/billing-screen';

/** Settings → Billing is the billing screen itself, as is /billing (docs/decisions.md). */
export function BillingTab() {
  return <BillingScreen />;
}

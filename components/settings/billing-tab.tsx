'use client';

import { BillingScreen } from '@/components/billing/billing-screen';

/** Settings → Billing is the billing screen itself, as is /billing (decision 0020). */
export function BillingTab() {
  return <BillingScreen />;
}

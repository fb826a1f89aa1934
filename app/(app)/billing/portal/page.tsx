import { Suspense } from 'react';
import { BillingPortal } from '@/components/billing/billing-portal';

export const metadata = { title: 'Payment methods & billing · Cadence' };

export default function Portal() {
  return (
    <Suspense>
      <BillingPortal />
    </Suspense>
  );
}

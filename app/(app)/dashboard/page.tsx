import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ClientDashboard } from '@/components/workspace/client-dashboard';

export const metadata: Metadata = { title: 'Client Dashboard · Cadence' };

export default function DashboardPage() {
  // The list's search, sort and filter, and ?client= and ?hold= (links from notifications), come from the
  // URL's search params, read on the client.
  return (
    <Suspense>
      <ClientDashboard />
    </Suspense>
  );
}

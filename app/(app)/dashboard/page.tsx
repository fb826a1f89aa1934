import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ClientDashboard } from '@/components/workspace/client-dashboard';

export const metadata: Metadata = { title: 'Client Dashboard · Cadence' };

export default function DashboardPage() {
  // The dashboard reads ?client= and ?hold= (links from notifications).
  return (
    <Suspense>
      <ClientDashboard />
    </Suspense>
  );
}

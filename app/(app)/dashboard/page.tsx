import type { Metadata } from 'next';
import { ClientDashboard } from '@/components/workspace/client-dashboard';

export const metadata: Metadata = { title: 'Client Dashboard · Cadence' };

export default function DashboardPage() {
  return <ClientDashboard />;
}

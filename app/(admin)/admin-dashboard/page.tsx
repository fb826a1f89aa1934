import { AdminDashboard } from '@/components/admin/admin-dashboard';

export const metadata = { title: 'Admin Dashboard · Cadence' };

export default function AdminDashboardPage() {
  return <AdminDashboard />;
}

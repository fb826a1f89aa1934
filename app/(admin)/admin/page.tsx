import { AdminDashboard } from '@/components/admin/admin-dashboard';

export const metadata = { title: 'Admin · Cadence' };

export default function AdminPage() {
  return <AdminDashboard />;
}

import { AdminShell } from '@/components/shell/admin-shell';

export default function AdminDashboardPage() {
  return <AdminShell />;
}

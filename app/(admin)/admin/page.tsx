import { AdminShell } from '@/components/shell/admin-shell';

export default function AdminPage() {
  return <AdminShell />;
}

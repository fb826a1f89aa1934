import { AdminPortal } from '@/components/admin/admin-portal';

export const metadata = { title: 'Admin Portal · Cadence' };

export default function AdminPortalPage() {
  return <AdminPortal />;
}

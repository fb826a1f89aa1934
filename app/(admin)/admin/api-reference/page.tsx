import { ApiReference } from '@/components/admin/api-reference/api-reference';

export const metadata = { title: 'API reference · Cadence admin' };

export default function ApiReferencePage() {
  return <ApiReference />;
}

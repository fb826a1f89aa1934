import type { ReactNode } from 'react';
import { Protected } from '@/components/auth/protected';

export default function AdminLayout({ children }: { children: ReactNode }) {
  return <Protected admin>{children}</Protected>;
}

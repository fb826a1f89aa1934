import { Suspense, type ReactNode } from 'react';
import { Protected } from '@/components/auth/protected';

export default function AdminLayout({ children }: { children: ReactNode }) {
  // Every admin page sits in the admin shell, which reads its view from the address (?tab=).
  return (
    <Protected admin>
      <Suspense>{children}</Suspense>
    </Protected>
  );
}

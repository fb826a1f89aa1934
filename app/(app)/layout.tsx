import type { ReactNode } from 'react';
import { Protected } from '@/components/auth/protected';
import { TopNav } from '@/components/shell/top-nav';

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Protected>
      <TopNav />
      <div className="mx-auto max-w-7xl px-4 py-6">{children}</div>
    </Protected>
  );
}

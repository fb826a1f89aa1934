import type { ReactNode } from 'react';
import { Protected } from '@/components/auth/protected';
import { MAIN_CONTENT_ID } from '@/components/shell/landmarks';
import { TopNav } from '@/components/shell/top-nav';

export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <Protected>
      <TopNav />
      {/* The skip link's target: focusable by script only, so it takes focus without joining the Tab order. */}
      <div id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto max-w-7xl px-4 py-6 focus:outline-none">
        {children}
      </div>
    </Protected>
  );
}

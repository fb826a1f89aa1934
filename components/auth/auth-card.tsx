import type { ReactNode } from 'react';
import { Wordmark } from '@/components/ui/logo';

/** The centred card every public sign-in screen sits in. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-full items-center justify-center px-4 py-12">
      <div className="w-full max-w-md">
        <div className="mb-6 text-center">
          <p className="text-2xl">
            <Wordmark markClassName="h-9 w-9" />
          </p>
          <h1 className="mt-4 text-xl font-semibold">{title}</h1>
          {subtitle && <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">{subtitle}</p>}
        </div>
        <div className="rounded-xl border border-stone-200 bg-white p-6 shadow-sm dark:border-stone-800 dark:bg-stone-900">{children}</div>
        {footer && <div className="mt-4 text-center text-sm text-stone-600 dark:text-stone-400">{footer}</div>}
      </div>
    </main>
  );
}

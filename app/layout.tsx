import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Providers } from '@/components/providers';
import { APPEARANCE_BOOT_SCRIPT } from '@/lib/appearance';
import './globals.css';

export const metadata: Metadata = {
  title: 'Cadence',
  description: 'The coaching platform: clients, goals and AI check-ins.',
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: APPEARANCE_BOOT_SCRIPT }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}

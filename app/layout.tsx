import type { Metadata } from 'next';
import { headers } from 'next/headers';
import type { ReactNode } from 'react';
import { Providers } from '@/components/providers';
import { APPEARANCE_BOOT_SCRIPT } from '@/lib/appearance';
import { NONCE_HEADER } from '@/server/http/security-headers';
import './globals.css';

export const metadata: Metadata = {
  title: 'Cadence',
  description: 'The coaching platform: clients, goals and AI check-ins.',
};

/** Reading the request's headers renders every page per request, which a per-request CSP nonce needs. */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: APPEARANCE_BOOT_SCRIPT }} />
      </head>
      <body>
        <Providers>{children}</Providers>
      </body>
    </html>
  );
}

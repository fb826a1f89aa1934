'use client';

import { MESSAGES } from '@/lib/constants';

export default function GlobalError() {
  return (
    <html lang="en">
      <body style={{ fontFamily: 'system-ui, sans-serif', display: 'flex', minHeight: '100vh', alignItems: 'center', justifyContent: 'center' }}>
        <p>{MESSAGES.crash}</p>
      </body>
    </html>
  );
}

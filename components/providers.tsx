'use client';

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { AppearanceSync } from './appearance-sync';
import { AuthProvider } from './auth/auth-provider';
import { RealtimeProvider } from './realtime/realtime-provider';
import { AppToaster } from './ui/toaster';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <AppearanceSync />
        <RealtimeProvider>{children}</RealtimeProvider>
      </AuthProvider>
      <AppToaster />
    </QueryClientProvider>
  );
}

'use client';

import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS } from '@/lib/constants';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const htmlTheme = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/**
 * Sonner's toasts in the theme on <html>: the one applied from the appearance preferences (and
 * previewed on the Appearance tab), whether it came from "system" or an explicit choice.
 */
export function AppToaster() {
  const theme = useSyncExternalStore(subscribe, htmlTheme, () => 'light' as const);
  return <Toaster theme={theme} position="top-right" duration={TOAST_DURATION_MS} richColors closeButton />;
}

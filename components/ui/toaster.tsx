'use client';

import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import { ADMIN_TOAST_DURATION_MS, TOAST_DURATION_MS } from '@/lib/constants';

function subscribe(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
  return () => observer.disconnect();
}

const htmlTheme = () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light');

/** The administrator's screens (/admin…, /admin-portal, /admin-dashboard), whose toasts close sooner (product §2.8). */
export const isAdminScreen = (pathname: string | null): boolean => pathname !== null && /^\/admin(-portal|-dashboard)?(\/|$)/.test(pathname);

/**
 * Sonner's toasts in the theme on <html>: the one applied from the appearance preferences (and
 * previewed on the Appearance tab), whether it came from "system" or an explicit choice.
 */
export function AppToaster() {
  const theme = useSyncExternalStore(subscribe, htmlTheme, () => 'light' as const);
  const duration = isAdminScreen(usePathname()) ? ADMIN_TOAST_DURATION_MS : TOAST_DURATION_MS;
  // At the bottom, never over the header's time zone, user and Logout (issue 20 item 3): bottom-right
  // on wide screens; below 600 px sonner stretches them across the bottom edge.
  return <Toaster theme={theme} position="bottom-right" duration={duration} richColors closeButton />;
}

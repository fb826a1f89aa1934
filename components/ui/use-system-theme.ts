'use client';

import { useEffect } from 'react';

/**
 * Light or dark as the visitor's device says, for the public pages opened from a message (reply
 * page, unsubscribe page): they have no account to keep a theme choice in.
 */
export function useSystemTheme(): void {
  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => document.documentElement.classList.toggle('dark', media.matches);
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, []);
}

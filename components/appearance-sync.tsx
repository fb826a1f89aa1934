'use client';

import { useEffect } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { applyAppearance, rememberAppearance, storedAppearance } from '@/lib/appearance';
import type { AppearancePreferences } from '@/lib/preferences';

/** Keeps <html> in step with the signed-in user's saved appearance and, for "system", with the OS. */
export function AppearanceSync() {
  const { user } = useAuth();
  const saved = user?.appearancePreferences as AppearancePreferences | undefined;

  useEffect(() => {
    if (saved) rememberAppearance(saved);
  }, [saved]);

  useEffect(() => {
    const media = window.matchMedia('(prefers-color-scheme: dark)');
    const follow = () => applyAppearance(storedAppearance());
    media.addEventListener('change', follow);
    return () => media.removeEventListener('change', follow);
  }, []);

  return null;
}

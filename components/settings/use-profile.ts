'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { api } from '@/lib/api-client';
import type { StoredUser } from '@/lib/auth-storage';
import type { AppearancePreferences, CoachingSurvey, NotificationPreferences } from '@/lib/preferences';

/** The full profile as GET /users/profile answers it. */
export interface Profile extends StoredUser {
  title: string | null;
  company: string | null;
  location: string | null;
  twoFactorEnabled: boolean;
  /** Notification SMS go only to a verified phone (POST /users/phone/verification). */
  phoneVerified: boolean;
  coachingSurvey: CoachingSurvey;
  notificationPreferences: NotificationPreferences;
  appearancePreferences: AppearancePreferences;
}

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** Loads the profile once for every tab; `applyUser` stores a server answer in both caches. */
export function useProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const query = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => api.get<{ user: Profile }>('/users/profile').then((r) => r.user) });
  const applyUser = useCallback(
    (user: Profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, user);
      updateUser(user);
    },
    [queryClient, updateUser],
  );
  const patchProfile = useCallback(
    (fields: Partial<Profile>) => {
      queryClient.setQueryData<Profile>(PROFILE_QUERY_KEY, (old) => (old ? { ...old, ...fields } : old));
    },
    [queryClient],
  );
  return { ...query, applyUser, patchProfile };
}

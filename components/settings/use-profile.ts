'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { api } from '@/lib/api-client';
import type { getProfile } from '@/lib/contract/account';
import type { ResponseOf } from '@/lib/contract/endpoint';
import type { PublicUser } from '@/lib/schemas/account';

/** The full profile as GET /users/profile answers it: the same user the sign-in answers carry. */
export type Profile = PublicUser;

export const PROFILE_QUERY_KEY = ['profile'] as const;

/** Loads the profile once for every tab; `applyUser` stores a server answer in both caches. */
export function useProfile() {
  const queryClient = useQueryClient();
  const { updateUser } = useAuth();
  const query = useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => api.get<ResponseOf<typeof getProfile>>('/users/profile').then((r) => r.user) });
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

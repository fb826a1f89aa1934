'use client';

import { useMutation, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { SETTINGS_TOASTS } from '@/lib/constants';
import type { RevokeOtherSessionsResponse } from '@/lib/schemas/account';

export const SECURITY_KEYS = {
  sessions: ['security', 'sessions'] as const,
  log: (page: number) => ['security', 'log', page] as const,
  logAll: ['security', 'log'] as const,
  exports: ['security', 'exports'] as const,
};

/** A failure toast with the fixed screen text and, when the server said more, its message below. */
export function failureToast(title: string, error: unknown): void {
  const detail = error instanceof ApiError && error.message && error.message !== title ? error.message : undefined;
  toast.error(title, detail ? { description: detail } : undefined);
}

/**
 * Toasts a query's failure once per failed fetch (the section also shows it in place). With
 * `preferServer` the server's message replaces the screen text.
 */
export function useErrorToast(query: Pick<UseQueryResult, 'isError' | 'error'>, text: string, preferServer = false): void {
  const { isError, error } = query;
  useEffect(() => {
    if (!isError) return;
    if (preferServer) toast.error(errorMessage(error, text));
    else failureToast(text, error);
  }, [isError, error, text, preferServer]);
}

/** Signs out every session but this one; used by Active Sessions and after a password change. */
export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<RevokeOtherSessionsResponse>('/sessions/revoke-others'),
    onSuccess: () => toast.success(SETTINGS_TOASTS.sessionsTerminated),
    onError: (error) => failureToast(SETTINGS_TOASTS.terminateSessionsFailed, error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.sessions });
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.logAll });
    },
  });
}

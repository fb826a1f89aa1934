'use client';

import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { api, ApiError } from '@/lib/api-client';
import { WORKSPACE_GOAL_TOASTS as T } from '@/lib/constants';
import type { GoalWithMilestones } from '@/lib/schemas/goals';
import type { GoalDto } from './goal-types';

export type GoalsView = 'active' | 'archived';

/**
 * The server's own message when it sent one, else the screen's fallback (product §2.8). Unlike
 * errorMessage it never shows the generic "Request failed with status …" of a bare error answer.
 */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.body.message ? error.body.message : fallback;
}

export const goalsKey = (clientId: string, view?: GoalsView) => (view ? ['client-goals', clientId, view] : ['client-goals', clientId]);

/** The active or archived goals of a client, refetched when one of them reports progress live. */
export function useClientGoals(clientId: string, view: GoalsView) {
  const queryClient = useQueryClient();
  const { subscribe } = useRealtime();

  useEffect(() => {
    const refetch = (payload: Record<string, unknown>) => {
      if (payload.clientId === clientId) void queryClient.invalidateQueries({ queryKey: goalsKey(clientId) });
    };
    // A new check-in of the client may belong to this week's list of a goal.
    const stops = [subscribe('goalProgressUpdated', refetch), subscribe('checkInCreated', refetch)];
    return () => stops.forEach((stop) => stop());
  }, [subscribe, queryClient, clientId]);

  return useQuery({
    queryKey: goalsKey(clientId, view),
    queryFn: ({ signal }) =>
      api.get<{ goals: GoalDto[] }>(`/dashboard/${view === 'active' ? 'client-goals' : 'client-archived-goals'}/${clientId}`, { signal }).then((r) => r.goals),
    enabled: Boolean(clientId),
  });
}

/** Replaces one goal in the cached list, keeping what the answer leaves out (this week's check-ins). */
export function patchCachedGoal(queryClient: QueryClient, clientId: string, view: GoalsView, goalId: string, patch: Partial<GoalDto>): void {
  queryClient.setQueryData<GoalDto[]>(goalsKey(clientId, view), (list) => list?.map((g) => (g.id === goalId ? { ...g, ...patch } : g)));
}

type Runner = <R>(call: () => Promise<R>, failure: string, success?: string) => Promise<R | null>;

/**
 * Runs a goal call: on success an optional toast and a refetch of the client's goals; on failure the
 * server's message, else the screen's fallback text (product §2.8). Answers null on failure.
 */
export function useGoalCall(clientId: string): Runner {
  const queryClient = useQueryClient();
  return useCallback<Runner>(
    async (call, failure, success) => {
      try {
        const result = await call();
        if (success) toast.success(success);
        void queryClient.invalidateQueries({ queryKey: goalsKey(clientId) });
        return result;
      } catch (error) {
        toast.error(failureText(error, failure));
        return null;
      }
    },
    [queryClient, clientId],
  );
}

/** Sets a goal's current value at once and puts the previous one back if the server refuses it. */
export function useProgressUpdate(clientId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (goal: GoalDto, currentValue: number, note: string) => {
      const key = goalsKey(clientId, 'active');
      await queryClient.cancelQueries({ queryKey: key });
      const previous = { currentValue: goal.currentValue, progress: goal.progress };
      const target = goal.target ?? 0;
      const progress = target > 0 ? Math.min(100, Math.round((currentValue / target) * 1000) / 10) : goal.progress;
      patchCachedGoal(queryClient, clientId, 'active', goal.id, { currentValue, progress });
      try {
        const { goal: saved } = await api.patch<{ goal: GoalWithMilestones }>(`/goals/${goal.id}/progress`, {
          currentValue,
          source: 'coach',
          ...(note.trim() ? { note: note.trim() } : {}),
        });
        patchCachedGoal(queryClient, clientId, 'active', goal.id, saved);
        toast.success(T.progressUpdated);
        return true;
      } catch (error) {
        patchCachedGoal(queryClient, clientId, 'active', goal.id, previous);
        toast.error(failureText(error, T.progressFailed));
        return false;
      }
    },
    [queryClient, clientId],
  );
}

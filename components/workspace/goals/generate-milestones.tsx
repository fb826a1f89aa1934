'use client';

import { useRef, useState } from 'react';
import Link from 'next/link';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Sparkles } from 'lucide-react';
import type { z } from 'zod';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { Loading } from '@/components/ui/spinner';
import { api, ApiError } from '@/lib/api-client';
import { WORKSPACE_GOAL_TOASTS as T, WORKSPACE_TOASTS } from '@/lib/constants';
import type { generatedMilestonesSchema, GoalWithMilestones, ProposedMilestone } from '@/lib/schemas/goals';
import { toInput } from './goal-milestones';
import { formatAmount, formatNumber, type GoalDto } from './goal-types';
import { failureText, goalsKey, patchCachedGoal } from './use-goals';

type Generated = z.infer<typeof generatedMilestonesSchema>;

interface Failure {
  /** The server's own words when they say more than the fallback. */
  detail: string | null;
  upgrade: boolean;
}

function failureOf(error: unknown): Failure {
  const detail = failureText(error, T.generateMilestonesFailed);
  return { detail: detail === T.generateMilestonesFailed ? null : detail, upgrade: error instanceof ApiError && error.code === 'PLAN_LIMIT_REACHED' };
}

/**
 * "Generate milestones" on a goal card: the AI proposes milestones (one AI interaction of the plan),
 * the coach reads them, then adds them after the goal's own or replaces those not done yet. What is saved is
 * exactly the list shown, sent with PATCH /goals/{id}; asking the endpoint to save would write a
 * second, different answer and count a second interaction.
 */
export function GenerateMilestonesButton({ goal, clientId, className }: { goal: GoalDto; clientId: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [proposed, setProposed] = useState<ProposedMilestone[] | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const request = useRef<AbortController | null>(null);
  const closed = goal.archived || goal.status === 'completed';

  const generate = async () => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setProposed(null);
    setFailure(null);
    try {
      const answer = await api.post<Generated>(`/goals/${goal.id}/generate-milestones`, {}, { signal: controller.signal });
      if (!controller.signal.aborted) setProposed(answer.milestones);
    } catch (error) {
      if (!controller.signal.aborted) setFailure(failureOf(error));
    }
  };

  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="secondary"
        className={className}
        disabled={closed}
        title={closed ? 'Only for goals in progress' : 'Uses one AI interaction of your plan'}
        aria-haspopup="dialog"
        onClick={() => {
          setOpen(true);
          void generate();
        }}
      >
        <Sparkles className="h-4 w-4" aria-hidden />
        Generate milestones
      </Button>
      {open && (
        <GenerateMilestonesDialog
          goal={goal}
          clientId={clientId}
          proposed={proposed}
          failure={failure}
          onFailure={setFailure}
          onRetry={() => void generate()}
          onClose={() => {
            request.current?.abort();
            setOpen(false);
            requestAnimationFrame(() => button.current?.isConnected && button.current.focus());
          }}
        />
      )}
    </>
  );
}

interface DialogProps {
  goal: GoalDto;
  clientId: string;
  /** Null while the AI is still answering (or after it failed). */
  proposed: ProposedMilestone[] | null;
  failure: Failure | null;
  onFailure(failure: Failure): void;
  onRetry(): void;
  onClose(): void;
}

function GenerateMilestonesDialog({ goal, clientId, proposed, failure, onFailure, onRetry, onClose }: DialogProps) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<'add' | 'replace' | null>(null);
  const [confirmReplace, setConfirmReplace] = useState(false);
  // Set before the state update lands: a double click on Add or Replace saves once.
  const inFlight = useRef(false);

  const save = async (mode: 'add' | 'replace') => {
    if (!proposed || inFlight.current) return;
    inFlight.current = true;
    setSaving(mode);
    try {
      const fresh = proposed.map((m) => ({ title: m.title, description: m.description, targetValue: m.targetValue, targetPercentage: m.targetPercentage, completed: false }));
      // Replacing keeps the done milestones, as the server does: they are the client's record.
      const kept = mode === 'replace' ? goal.milestones.filter((m) => m.completed) : goal.milestones;
      const milestones = [...kept.map(toInput), ...fresh];
      const answer = await api.patch<{ goal: GoalWithMilestones }>(`/goals/${goal.id}`, { milestones });
      patchCachedGoal(queryClient, clientId, 'active', goal.id, { milestones: answer.goal.milestones });
      void queryClient.invalidateQueries({ queryKey: goalsKey(clientId) });
      toast.success(mode === 'replace' ? T.milestonesReplaced : T.milestonesAdded);
      onClose();
    } catch (error) {
      setConfirmReplace(false);
      onFailure(failureOf(error));
    } finally {
      inFlight.current = false;
      setSaving(null);
    }
  };

  const notDone = goal.milestones.filter((m) => !m.completed).length;
  const done = goal.milestones.length - notDone;
  return (
    <>
      <Modal open size="lg" title="Generate milestones" description={`AI-proposed milestones for "${goal.title}". Nothing is saved until you add them.`} onClose={onClose}>
        <div className="space-y-4">
          {failure ? (
            <Banner tone="error">
              <p className="font-medium">{T.generateMilestonesFailed}</p>
              {failure.detail && <p className="mt-1">{failure.detail}</p>}
              {failure.upgrade ? (
                <Link href="/settings?tab=billing" className="mt-2 inline-block font-medium underline underline-offset-2">
                  {WORKSPACE_TOASTS.upgradeLink}
                </Link>
              ) : (
                !proposed && (
                  <Button type="button" variant="secondary" className="mt-3 px-3! py-1.5!" onClick={onRetry}>
                    Try again
                  </Button>
                )
              )}
            </Banner>
          ) : null}
          {!proposed && !failure && <Loading label="Generating milestones…" />}
          {proposed && proposed.length === 0 && <p className="text-sm text-stone-500 dark:text-stone-400">The AI proposed no milestones for this goal.</p>}
          {proposed && proposed.length > 0 && (
            <ol aria-label="Proposed milestones" className="space-y-2">
              {proposed.map((m, i) => (
                <li key={`${i}-${m.title}`} className="rounded-lg border border-stone-200 px-3 py-2 dark:border-stone-800">
                  <p className="text-sm font-medium text-stone-900 dark:text-stone-100">{m.title}</p>
                  {m.description && <p className="text-sm text-stone-600 dark:text-stone-300">{m.description}</p>}
                  {(m.targetValue !== null || m.targetPercentage !== null) && (
                    <p className="mt-0.5 text-xs text-stone-500 dark:text-stone-400">
                      Target {m.targetValue !== null && formatAmount(m.targetValue, goal.unit)}
                      {m.targetValue !== null && m.targetPercentage !== null && ' · '}
                      {m.targetPercentage !== null && `${formatNumber(m.targetPercentage)}% of the goal`}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          )}
          <p className="text-xs text-stone-500 dark:text-stone-400">Each generation uses one AI interaction of your plan.</p>
          <div className="flex flex-wrap justify-end gap-2 border-t border-stone-200 pt-4 dark:border-stone-800">
            <Button type="button" variant="ghost" onClick={onClose}>
              Cancel
            </Button>
            {notDone > 0 && (
              <Button type="button" variant="secondary" disabled={!proposed?.length || saving !== null} loading={saving === 'replace'} onClick={() => setConfirmReplace(true)}>
                Replace milestones
              </Button>
            )}
            <Button type="button" disabled={!proposed?.length || saving !== null} loading={saving === 'add'} onClick={() => void save('add')}>
              Add to milestones
            </Button>
          </div>
        </div>
      </Modal>
      <ConfirmDialog
        open={confirmReplace}
        title="Replace the milestones?"
        confirmLabel="Replace milestones"
        busy={saving === 'replace'}
        onConfirm={() => void save('replace')}
        onClose={() => setConfirmReplace(false)}
      >
        <p>
          {notDone === 1 ? 'The milestone' : `The ${notDone} milestones`} still ahead on <strong className="font-medium text-stone-900 dark:text-stone-100">{goal.title}</strong>{' '}
          {notDone === 1 ? 'is' : 'are'} removed, and {proposed?.length === 1 ? 'the proposed one takes' : `the ${proposed?.length ?? 0} proposed ones take`} their place.
          {done > 0 && ` ${done === 1 ? 'The done one stays' : `The ${done} done ones stay`}.`}
        </p>
      </ConfirmDialog>
    </>
  );
}

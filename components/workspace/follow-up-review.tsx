'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareReply } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ApiError, api, errorMessage } from '@/lib/api-client';
import type { CheckInChanged, FollowUpForReview, FollowUpQueue } from '@/lib/schemas/checkins';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { formatDateTime } from './format';
import { MessageEditor, messageProblem } from './message-editor';
import { notifySuccess } from './notify';
import { workspaceKeys } from './use-clients';

const REVIEW_TEXTS = {
  loadFailed: 'The follow-ups waiting for review could not be loaded.',
  approveFailed: 'The follow-up could not be sent.',
  discardFailed: 'The follow-up could not be discarded.',
  gone: 'This follow-up was already sent or discarded.',
} as const;

/** The coach's follow-ups waiting for review; refreshed by the workspace's live events. */
export function useFollowUpQueue() {
  return useQuery({
    queryKey: workspaceKeys.followUps,
    queryFn: ({ signal }) => api.get<FollowUpQueue>('/checkins/follow-ups', { signal }).then((r) => r.followUps),
    retry: 1,
  });
}

interface FollowUpReviewProps {
  /** Only this client's follow-ups (the client detail); every client's on the dashboard. */
  clientId?: string;
  /** Shown when the list is empty; without it an empty list shows nothing at all. */
  emptyText?: string;
  headingLevel?: 'h2' | 'h3';
}

/** "Follow-ups to review": each AI follow-up with the client's reply and summary, editable, to approve and send or discard. */
export function FollowUpReview({ clientId, emptyText, headingLevel: Heading = 'h2' }: FollowUpReviewProps) {
  const { user } = useAuth();
  const zone = user?.timezone || DEFAULT_CLOCK_TIMEZONE;
  const queue = useFollowUpQueue();
  const items = (queue.data ?? []).filter((f) => !clientId || f.client.id === clientId);
  if (!emptyText && !queue.isError && items.length === 0) return null;
  const headingId = clientId ? `follow-ups-${clientId}` : 'follow-ups-all';
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-amber-200 bg-amber-50/40 p-4 sm:p-5 dark:border-amber-900/60 dark:bg-amber-950/10">
      <div className="flex items-center gap-2">
        <MessageSquareReply className="h-5 w-5 text-amber-700 dark:text-amber-300" aria-hidden />
        <Heading id={headingId} className="text-base font-semibold">
          Follow-ups to review
        </Heading>
        {items.length > 0 && (
          <Badge tone="amber">
            {items.length} <span className="sr-only">waiting</span>
          </Badge>
        )}
      </div>
      {queue.isPending ? (
        <p className="mt-3 text-sm text-stone-500 dark:text-stone-400">Loading…</p>
      ) : queue.isError ? (
        <Banner tone="error" className="mt-3">
          {REVIEW_TEXTS.loadFailed}{' '}
          <button type="button" className="font-medium underline" onClick={() => void queue.refetch()}>
            Try again
          </button>
        </Banner>
      ) : items.length === 0 ? (
        <p className="mt-2 text-sm text-stone-500 dark:text-stone-400">{emptyText}</p>
      ) : (
        <ul className="mt-3 space-y-3" aria-label="Follow-ups waiting for review">
          {items.map((item) => (
            <FollowUpItem key={item.checkIn.id} item={item} zone={zone} showClient={!clientId} idPrefix={headingId} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** `idPrefix` keeps element ids unique while the dashboard's list and the client detail's show the same follow-up. */
function FollowUpItem({ item, zone, showClient, idPrefix }: { item: FollowUpForReview; zone: string; showClient: boolean; idPrefix: string }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(item.draft);
  const [confirm, setConfirm] = useState<'approve' | 'discard' | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const name = `${item.client.firstName} ${item.client.lastName}`.trim();
  const editorId = `${idPrefix}-${item.checkIn.id}`;

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: workspaceKeys.followUps }),
      queryClient.invalidateQueries({ queryKey: workspaceKeys.checkIns(item.client.id) }),
    ]);

  const act = async (kind: 'approve' | 'discard') => {
    setBusy(true);
    setError(null);
    try {
      const result =
        kind === 'approve'
          ? await api.post<CheckInChanged>(`/checkins/${item.checkIn.id}/follow-up/approve`, { message: text.trim() })
          : await api.post<CheckInChanged>(`/checkins/${item.checkIn.id}/follow-up/discard`);
      notifySuccess(result.message);
      setConfirm(null);
      await refresh();
    } catch (e) {
      setConfirm(null);
      const field = e instanceof ApiError ? e.fieldError('message') : undefined;
      if (field) setFieldError(field);
      else if (e instanceof ApiError && e.status === 409 && /no longer waiting/.test(e.message)) {
        setError(REVIEW_TEXTS.gone);
        await refresh();
      } else setError(errorMessage(e, kind === 'approve' ? REVIEW_TEXTS.approveFailed : REVIEW_TEXTS.discardFailed));
    } finally {
      setBusy(false);
    }
  };

  const askApprove = () => {
    const problem = messageProblem(text);
    setFieldError(problem);
    if (!problem) setConfirm('approve');
  };

  return (
    <li className="rounded-lg border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900" aria-label={`Follow-up to ${name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="text-sm font-semibold">{showClient ? name : (item.checkIn.goal?.title ?? 'Check-in about all goals')}</p>
        {item.checkIn.respondedAt && (
          <p className="text-xs text-stone-500 dark:text-stone-400">
            Replied <time dateTime={item.checkIn.respondedAt}>{formatDateTime(item.checkIn.respondedAt, zone)}</time>
            {showClient && item.checkIn.goal ? ` · ${item.checkIn.goal.title}` : ''}
          </p>
        )}
      </div>
      <dl className="mt-2 space-y-2 text-sm">
        <div>
          <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">Their reply</dt>
          <dd className="mt-0.5 break-words whitespace-pre-line text-stone-700 dark:text-stone-200">{item.checkIn.clientResponse || '—'}</dd>
        </div>
        {item.checkIn.coachSummary && (
          <div>
            <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">AI summary</dt>
            <dd className="mt-0.5 break-words text-stone-700 dark:text-stone-200">{item.checkIn.coachSummary}</dd>
          </div>
        )}
      </dl>
      <div className="mt-3">
        <MessageEditor id={editorId} label={`Follow-up to ${item.client.firstName}`} value={text} onChange={setText} error={fieldError} disabled={busy} rows={3} />
      </div>
      {error && (
        <Banner tone="error" className="mt-3">
          {error}
        </Banner>
      )}
      <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={() => setConfirm('discard')}>
          Discard
        </Button>
        <Button loading={busy && confirm !== 'discard'} disabled={busy} onClick={askApprove}>
          Approve &amp; send
        </Button>
      </div>
      <ConfirmDialog
        open={confirm === 'approve'}
        title={`Text this follow-up to ${item.client.firstName}?`}
        confirmLabel="Send"
        tone="primary"
        busy={busy}
        onConfirm={() => void act('approve')}
        onClose={() => setConfirm(null)}
      >
        <p className="break-words whitespace-pre-line rounded-md bg-stone-50 px-3 py-2 text-stone-800 dark:bg-stone-800 dark:text-stone-100">{text.trim()}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === 'discard'}
        title={`Discard the follow-up to ${item.client.firstName}?`}
        confirmLabel="Discard"
        busy={busy}
        onConfirm={() => void act('discard')}
        onClose={() => setConfirm(null)}
      >
        <p>{item.client.firstName} gets no follow-up for this check-in; nothing is texted.</p>
      </ConfirmDialog>
    </li>
  );
}

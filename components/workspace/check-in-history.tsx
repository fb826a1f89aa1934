'use client';

import { useState, type ReactNode } from 'react';
import { useProfileTime } from '@/components/time/use-profile-time';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronDown, RefreshCw, Trash2, Undo2 } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Pager } from '@/components/ui/pager';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Disclosure } from '@/components/ui/disclosure';
import { Loading } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import { WORKSPACE_TOASTS } from '@/lib/constants';
import { currencySymbol, formatGoalNumber } from '@/lib/goal-units';
import type { ProgressUndone } from '@/lib/schemas/checkins';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { formatDateTime } from './format';
import { notifyError, notifySuccess } from './notify';
import { useCheckInPage } from './queries';
import { ChannelLabel } from './channel';
import { DeliveryNote } from './delivery-note';
import { ENGAGEMENT_LABEL, MOTIVATION_LABEL, checkInBadge, checkInNote } from './status';
import type { CheckInDto } from './types';
import type { ProjectedCheckIn } from '@/lib/schemas/clients';
import { HoldCheckInDialog } from './hold-check-in-dialog';
import type { ClientDto } from './types';
import { UpcomingCheckIns } from './upcoming-check-ins';
import { workspaceKeys } from './use-clients';

/** The follow-up's heading says whether the client got it (review of AI follow-ups, decision 0075). */
const FOLLOW_UP_TITLE = { sent: 'AI follow-up', pending_review: 'AI follow-up (draft waiting for your review)', discarded: 'AI follow-up (discarded, not sent)' } as const;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">{title}</dt>
      <dd className="mt-1 text-sm leading-relaxed whitespace-pre-line text-stone-700 dark:text-stone-200">{children}</dd>
    </div>
  );
}

/** "4,200 → 6,500 steps", "£1,200 → £1,450", "done": what a reply did to one goal. */
function progressChange(u: ProgressUpdate): string {
  if (u.to === null) return 'reported done';
  const n = (v: number) => formatGoalNumber(v, u.unit);
  const change = u.from === null ? n(u.to) : `${n(u.from)} → ${n(u.to)}`;
  const unit = u.unit && currencySymbol(u.unit) === null ? ` ${u.unit}` : '';
  return `${change}${unit}${u.completed ? ' (target reached)' : ''}`;
}

type ProgressUpdate = CheckInDto['progressUpdates'][number];

/** One goal a reply moved; a numeric change the coach can undo in one step (decision 0082). */
function ProgressLine({ checkIn, update, clientId }: { checkIn: CheckInDto; update: ProgressUpdate; clientId: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const undone = Boolean(update.undoneAt);
  const undoable = !undone && update.from !== null && update.to !== null;
  const undo = async () => {
    setBusy(true);
    try {
      const res = await api.post<ProgressUndone>(`/checkins/${checkIn.id}/progress/${update.goalId}/undo`);
      notifySuccess(res.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.checkIns(clientId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.goals(clientId) }),
      ]);
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.clients });
    } catch (error) {
      notifyError(error, WORKSPACE_TOASTS.undoProgressFailed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="flex items-start justify-between gap-3 sm:justify-start">
      <span className="min-w-0 py-0.5">
        <span className={cn(undone && 'text-stone-500 line-through dark:text-stone-400')}>
          <span className={cn('font-medium', !undone && 'text-stone-900 dark:text-stone-100')}>{update.title}:</span> {progressChange(update)}
        </span>
        {undone && <span className="ml-2 text-xs text-stone-500 dark:text-stone-400">undone</span>}
      </span>
      {undoable && (
        <Button variant="ghost" className="shrink-0 px-2 py-0.5 text-xs" loading={busy} onClick={() => void undo()} aria-label={`Undo the change to ${update.title}`}>
          {!busy && <Undo2 className="h-3.5 w-3.5" aria-hidden />} Undo
        </Button>
      )}
    </li>
  );
}

function CheckInItem({ checkIn, zone, clientId, onDelete }: { checkIn: CheckInDto; zone: string; clientId: string; onDelete(): void }) {
  const time = useProfileTime();
  const [open, setOpen] = useState(false);
  const badge = checkInBadge(checkIn.status);
  const note = checkInNote(checkIn);
  const upcoming = checkIn.status === 'upcoming';
  const when = upcoming ? (checkIn.scheduledFor ?? checkIn.createdAt) : (checkIn.sentAt ?? checkIn.createdAt);
  const about = checkIn.isGlobalCheckIn || !checkIn.goal ? 'All goals' : checkIn.goal.title;
  const panelId = `checkin-${checkIn.id}`;
  const nothing = <span className="text-stone-500 dark:text-stone-400">—</span>;
  return (
    <li className="rounded-lg border border-stone-200 dark:border-stone-800">
      <div className="flex items-center gap-2 pr-2">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-w-0 flex-1 items-center gap-3 rounded-lg px-3 py-2.5 text-left hover:bg-stone-50 dark:hover:bg-stone-800/50"
        >
          <ChevronDown className={cn('h-4 w-4 shrink-0 text-stone-500 transition-transform dark:text-stone-400', !open && '-rotate-90')} aria-hidden />
          <span className="min-w-0 flex-1">
            <span className="block text-sm font-medium">
              {upcoming && <span className="sr-only font-normal text-stone-500 sm:not-sr-only dark:text-stone-400">Scheduled for </span>}
              <time dateTime={when}>{time.dateTime(when)}</time>
            </span>
            <span className="flex min-w-0 items-center gap-2 text-xs text-stone-500 dark:text-stone-400">
              <span className="truncate">{about}</span>
              {checkIn.channel && !upcoming && <ChannelLabel channel={checkIn.channel} className="inline-flex shrink-0 items-center gap-1" />}
            </span>
            {checkIn.channelNote && <span className="block text-xs text-amber-800 dark:text-amber-300" data-testid="channel-note">{checkIn.channelNote}</span>}
            {note && <span className={cn('block text-xs', note.tone === 'red' ? 'text-red-700 dark:text-red-300' : 'text-amber-800 dark:text-amber-300')}>{note.text}</span>}
            {checkIn.delivery && <DeliveryNote delivery={checkIn.delivery} label="Check-in message" className="flex" />}
            {checkIn.followUpDelivery && <DeliveryNote delivery={checkIn.followUpDelivery} label="Follow-up" className="flex" />}
          </span>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </button>
        {upcoming && (
          <Button variant="ghost" className="px-2 py-1.5 text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-500/10" onClick={onDelete} aria-label={`Delete check-in scheduled for ${formatDateTime(when, zone)}`}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        )}
      </div>
      <div id={panelId} hidden={!open} className="border-t border-stone-200 px-4 py-4 dark:border-stone-800">
        <dl className="space-y-3">
          <Section title="AI message">{checkIn.aiMessage || nothing}</Section>
          <Section title="Client reply">{checkIn.clientResponse || nothing}</Section>
          <Section title={FOLLOW_UP_TITLE[checkIn.followUpStatus ?? 'sent']}>{checkIn.aiResponse || nothing}</Section>
          {checkIn.progressUpdates.length > 0 && (
            <Section title="Goal progress">
              <ul className="space-y-0.5">
                {checkIn.progressUpdates.map((u) => (
                  <ProgressLine key={u.goalId} checkIn={checkIn} update={u} clientId={clientId} />
                ))}
              </ul>
            </Section>
          )}
          <Section title="Summary">{checkIn.coachSummary || nothing}</Section>
          <Section title="Insights">
            {checkIn.insights.length > 0 ? (
              <ul className="list-disc space-y-0.5 pl-5">
                {checkIn.insights.map((insight, i) => (
                  <li key={i}>{insight}</li>
                ))}
              </ul>
            ) : (
              nothing
            )}
          </Section>
          <div className="grid grid-cols-2 gap-3">
            <Section title="Motivation">{checkIn.motivation ? (MOTIVATION_LABEL[checkIn.motivation] ?? checkIn.motivation) : nothing}</Section>
            <Section title="Engagement">{checkIn.engagementAssessment ? (ENGAGEMENT_LABEL[checkIn.engagementAssessment] ?? checkIn.engagementAssessment) : nothing}</Section>
          </div>
        </dl>
      </div>
    </li>
  );
}

/** Check-in History (product §2.2): newest first, 5 a page, expandable, upcoming ones deletable. */
export function CheckInHistory({ clientId, upcoming = [], client }: { clientId: string; upcoming?: ProjectedCheckIn[]; client?: Pick<ClientDto, 'firstName' | 'lastName' | 'timezone'> }) {
  const { user } = useAuth();
  const zone = user?.timezone ?? DEFAULT_CLOCK_TIMEZONE;
  const time = useProfileTime();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<CheckInDto | null>(null);
  const [holding, setHolding] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const query = useCheckInPage(clientId, page);
  const pages = query.data?.pagination.pages ?? 1;
  const current = Math.min(page, pages);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await api.delete(`/checkins/${deleting.id}`);
      notifySuccess(WORKSPACE_TOASTS.checkInDeleted);
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.checkIns(clientId) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.clients });
    } catch (error) {
      notifyError(error, WORKSPACE_TOASTS.deleteCheckInFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Disclosure
        title="Check-in History"
        description={query.data ? `${query.data.pagination.total} check-in${query.data.pagination.total === 1 ? '' : 's'}, newest first. Times in ${time.zoneName}.` : `Newest first. Times in ${time.zoneName}.`}
        actions={
          <Button variant="secondary" className="px-3 py-1.5" onClick={() => void query.refetch()} disabled={query.isFetching} aria-label="Refresh check-in history">
            <RefreshCw className={cn('h-4 w-4', query.isFetching && 'animate-spin')} aria-hidden /> Refresh
          </Button>
        }
      >
        <UpcomingCheckIns upcoming={upcoming} zone={zone} onHold={client ? setHolding : undefined} />
        {query.isPending ? (
          <Loading label="Loading check-ins…" />
        ) : query.isError && !query.data ? (
          <Banner tone="error">
            <p>{errorMessage(query.error, WORKSPACE_TOASTS.historyFailed)}</p>
            <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
              Retry
            </Button>
          </Banner>
        ) : query.data.checkIns.length === 0 ? (
          <p className="py-4 text-center text-sm text-stone-500 dark:text-stone-400">{upcoming.length > 0 ? 'No check-ins sent yet.' : 'No check-ins yet.'}</p>
        ) : (
          <>
            <ol className={cn('space-y-2', query.isPlaceholderData && 'opacity-60')} aria-label="Check-ins" aria-busy={query.isFetching || undefined}>
              {query.data.checkIns.map((c) => (
                <CheckInItem key={c.id} checkIn={c} zone={zone} clientId={clientId} onDelete={() => setDeleting(c)} />
              ))}
            </ol>
            <Pager label="Check-in history pages" page={current} pages={pages} onChange={setPage} />
          </>
        )}
      </Disclosure>
      <ConfirmDialog open={deleting !== null} title="Delete check-in?" confirmLabel="Delete" busy={busy} onConfirm={() => void confirmDelete()} onClose={() => setDeleting(null)}>
        {deleting && (
          <p>
            The check-in scheduled for {formatDateTime(deleting.scheduledFor ?? deleting.createdAt, zone)} will not be sent. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
      {holding && <HoldCheckInDialog slotKey={holding} client={client} zone={zone} onClose={() => setHolding(null)} />}
    </>
  );
}

'use client';

import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pause, Play, Trash2 } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal } from '@/components/ui/modal';
import { Loading } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import { AI_SCHEDULE_TEXTS, WEEKDAYS, WEEKDAY_SHORT } from '@/lib/constants';
import type { AiSchedule } from '@/lib/schemas/ai-schedule';
import { DEFAULT_CLOCK_TIMEZONE, timezoneLabel } from '@/lib/timezones';
import { formatDateTime, formatSlotTime } from '../format';
import { notifySuccess } from '../notify';
import { AiScheduleForm, type ScheduleSubject } from './ai-schedule-form';
import { NextCheckIns } from './next-check-ins';
import { aiScheduleKey, useAiSchedules, usePauseAiSchedule } from './use-ai-schedules';

interface AiScheduleDialogProps {
  subject: ScheduleSubject;
  /** A goal's own schedule; without it the one about every goal of the client. */
  goal?: { id: string; title: string; progress: number } | null;
  onClose(): void;
}

const formKey = (s: AiSchedule) => [s.id, s.timeSlots.map((t) => t.time).join(','), s.frequency, s.customDays.join(','), s.clientTimezone, s.promptTemplate].join('|');

function daysText(s: AiSchedule): string {
  if (s.frequency === 'daily') return 'Every day';
  if (s.frequency === 'weekdays') return 'Weekdays';
  return WEEKDAYS.flatMap((d, i) => (s.customDays.includes(d) ? [WEEKDAY_SHORT[i]] : [])).join(', ');
}

/**
 * The AI scheduling screen (spec 02 §3, §5, §9): the form of the client's (or one goal's) schedule,
 * then every active schedule it has with its next check-ins and a Delete.
 */
export function AiScheduleDialog({ subject, goal = null, onClose }: AiScheduleDialogProps) {
  const { user } = useAuth();
  const coachZone = user?.timezone || DEFAULT_CLOCK_TIMEZONE;
  const schedules = useAiSchedules(subject.clientId, goal?.id ?? null);
  const existing = schedules.data?.find((s) => s.goalId === (goal?.id ?? null)) ?? null;
  const goalTitle = (goalId: string | null) => (goalId ? (subject.goals.find((g) => g.id === goalId)?.title ?? 'A goal') : 'All goals');

  return (
    <Modal
      open
      size="xl"
      title={goal ? `AI schedule: ${goal.title}` : `AI schedule for ${subject.firstName}`}
      description={
        goal
          ? `Check-ins about this goal only, on the days and at the times below.`
          : `Check-ins about all of ${subject.firstName}'s active goals. Each goal can also have its own schedule (from its card).`
      }
      onClose={onClose}
    >
      {schedules.isPending ? (
        <Loading label="Loading schedules…" />
      ) : schedules.isError ? (
        <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{errorMessage(schedules.error, AI_SCHEDULE_TEXTS.loadFailed)}</span>
          <Button type="button" variant="secondary" className="px-3! py-1.5!" loading={schedules.isFetching} onClick={() => void schedules.refetch()}>
            Retry
          </Button>
        </Banner>
      ) : (
        <div className="space-y-8">
          {/* A saved change brings the form back to what the server kept (sorted, each time once);
              a pause or resume leaves the form, and any edit in it, as it is. */}
          <AiScheduleForm key={existing ? formKey(existing) : 'new'} subject={subject} goal={goal} existing={existing} coachZone={coachZone} />
          <section aria-labelledby="ai-schedules-heading" className="space-y-3">
            <h3 id="ai-schedules-heading" className="text-sm font-semibold text-stone-900 dark:text-stone-100">
              Schedules
            </h3>
            {schedules.data.length === 0 ? (
              <p className="text-sm text-stone-500 dark:text-stone-400">None yet: saved schedules show here with their next check-ins.</p>
            ) : (
              <ul className="space-y-3">
                {schedules.data.map((s) => (
                  <li key={s.id}>
                    <SavedSchedule schedule={s} title={goalTitle(s.goalId)} clientId={subject.clientId} coachZone={coachZone} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}

function SavedSchedule({ schedule, title, clientId, coachZone }: { schedule: AiSchedule; title: string; clientId: string; coachZone: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pause = usePauseAiSchedule(clientId);
  const headingId = `ai-schedule-${schedule.id}`;

  const remove = async () => {
    setDeleting(true);
    try {
      const answer = await api.delete<{ message: string }>(`/ai-schedule/${schedule.id}`);
      setConfirming(false);
      notifySuccess(answer.message || AI_SCHEDULE_TEXTS.deleted);
      await queryClient.invalidateQueries({ queryKey: aiScheduleKey(clientId) });
    } catch (e) {
      setConfirming(false);
      setError(errorMessage(e, AI_SCHEDULE_TEXTS.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <article aria-labelledby={headingId} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h4 id={headingId} className="text-sm font-semibold text-stone-900 dark:text-stone-100">
            {title}{' '}
            {schedule.paused ? (
              <span className="ml-1 inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-900/30 dark:text-amber-300 dark:ring-amber-400/30">
                Paused
              </span>
            ) : (
              <span className="ml-1 inline-flex items-center rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-700 ring-1 ring-green-600/20 ring-inset dark:bg-green-900/30 dark:text-green-300 dark:ring-green-400/30">
                Active
              </span>
            )}
          </h4>
          <p className="mt-0.5 text-sm text-stone-600 dark:text-stone-300">
            {schedule.timeSlots.map((t) => formatSlotTime(t.time)).join(', ')} · {daysText(schedule)} · {timezoneLabel(schedule.clientTimezone)}
          </p>
          {schedule.promptTemplate && <p className="mt-0.5 text-xs break-words text-stone-500 dark:text-stone-400">Prompt: {schedule.promptTemplate}</p>}
        </div>
        <div className="flex shrink-0 gap-1">
          <Button
            type="button"
            variant="ghost"
            className="px-2! py-1!"
            loading={pause.busy}
            aria-label={`${schedule.paused ? 'Resume' : 'Pause'} the schedule of ${title}`}
            onClick={() => void pause.setPaused(schedule, !schedule.paused)}
          >
            {schedule.paused ? <Play className="h-4 w-4" aria-hidden /> : <Pause className="h-4 w-4" aria-hidden />}
            {schedule.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button type="button" variant="ghost" className="px-2! py-1! text-red-700! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-900/30!" onClick={() => setConfirming(true)}>
            <Trash2 className="h-4 w-4" aria-hidden />
            Delete
          </Button>
        </div>
      </div>
      <div className="mt-3">
        {schedule.paused ? (
          <p className="text-sm text-amber-800 dark:text-amber-300">
            {AI_SCHEDULE_TEXTS.pausedNote}
            {schedule.pausedAt && <> Paused {formatDateTime(schedule.pausedAt, coachZone)}.</>}
          </p>
        ) : (
          <NextCheckIns instants={schedule.nextCheckIns} clientZone={schedule.clientTimezone} coachZone={coachZone} label={`Next check-ins of ${title}`} />
        )}
      </div>
      {(error ?? pause.error) && (
        <p role="alert" className="mt-2 text-sm text-red-600 dark:text-red-400">
          {error ?? pause.error}
        </p>
      )}
      <ConfirmDialog open={confirming} title="Delete this schedule?" confirmLabel="Delete schedule" busy={deleting} onConfirm={() => void remove()} onClose={() => setConfirming(false)}>
        <p>
          The schedule of <strong className="font-medium text-stone-900 dark:text-stone-100">{title}</strong> is deleted: no more AI check-ins go out from it and upcoming ones are
          cancelled. To stop it for a while and keep its times, pause it instead.
        </p>
      </ConfirmDialog>
    </article>
  );
}

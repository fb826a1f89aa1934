'use client';

import { useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArchiveRestore, CalendarClock, CalendarDays, CheckCircle2, ChevronDown, History, Pencil, SlidersHorizontal, Trash2 } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { api } from '@/lib/api-client';
import { WORKSPACE_GOAL_TOASTS as T } from '@/lib/constants';
import { targetDateLabel } from '@/lib/nudges';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { AiScheduleButton } from '@/components/workspace/ai-schedule/ai-schedule-button';
import { ConfirmDialog } from './confirm-dialog';
import { GenerateMilestonesButton } from './generate-milestones';
import { GoalCheckIns } from './goal-checkins';
import { GoalDetails } from './goal-details';
import { GoalMilestones } from './goal-milestones';
import { formatAmount, formatNumber, goalTypeLabel, isTrackable, type GoalDto } from './goal-types';
import { ProgressDialog } from './progress-dialog';
import { ScheduleDialog } from './schedule-dialog';
import { patchCachedGoal, useGoalCall, useProgressUpdate } from './use-goals';
import { VersionHistoryDialog } from './version-history-dialog';

type Dialog = 'progress' | 'history' | 'schedule' | 'complete' | 'delete' | null;

function GoalStatus({ goal }: { goal: GoalDto }) {
  const completed = goal.status === 'completed';
  const label = completed ? 'Completed' : goal.archived ? 'Archived' : 'In progress';
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        completed
          ? 'bg-green-50 text-green-700 ring-green-600/20 dark:bg-green-900/30 dark:text-green-300 dark:ring-green-400/30'
          : 'bg-stone-50 text-stone-600 ring-stone-500/20 dark:bg-stone-800 dark:text-stone-300 dark:ring-stone-400/30',
      )}
    >
      {label}
    </span>
  );
}

/** "Due 12 Dec", "Due tomorrow" or "Overdue (due 2 Dec)", from today in the coach's timezone; nothing once the goal is completed. */
function TargetDateBadge({ goal }: { goal: GoalDto }) {
  const { user } = useAuth();
  if (!goal.targetDate || goal.status === 'completed') return null;
  const { text, overdue } = targetDateLabel(goal.targetDate, user?.timezone || DEFAULT_CLOCK_TIMEZONE, new Date());
  return (
    <Badge tone={overdue ? 'red' : 'grey'}>
      <CalendarDays className="mr-1 h-3.5 w-3.5" aria-hidden />
      <time dateTime={goal.targetDate}>{text}</time>
    </Badge>
  );
}

export function ProgressBar({ goal, labelledBy }: { goal: GoalDto & { target: number }; labelledBy: string }) {
  const percent = Math.max(0, Math.min(100, goal.progress));
  return (
    <div className="flex items-center gap-3">
      <div
        role="progressbar"
        aria-labelledby={labelledBy}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={`${formatNumber(goal.currentValue)} of ${formatAmount(goal.target, goal.unit)}, ${Math.round(percent)}%`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
      >
        <div className={cn('h-full rounded-full transition-[width] duration-300', percent >= 100 ? 'bg-green-500' : 'bg-brand-500')} style={{ width: `${percent}%` }} />
      </div>
      <span className="shrink-0 text-sm text-stone-600 tabular-nums dark:text-stone-400">
        {formatNumber(goal.currentValue)} / {formatAmount(goal.target, goal.unit)}
        <span className="ml-2 font-medium text-stone-800 dark:text-stone-200">{Math.round(percent)}%</span>
      </span>
    </div>
  );
}

/** One goal: a summary that expands to its details, this week's check-ins, milestones and actions. */
export function GoalCard({ goal, clientId, clientTimezone, clientFirstName }: { goal: GoalDto; clientId: string; clientTimezone: string; clientFirstName: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const run = useGoalCall(clientId);
  const updateProgress = useProgressUpdate(clientId);
  const [expanded, setExpanded] = useState(false);
  const [editing, setEditing] = useState(false);
  const [dialog, setDialogState] = useState<Dialog>(null);
  const opener = useRef<HTMLElement | null>(null);
  /** Opening remembers the button used; closing gives it focus back (the dialog is unmounted, not closed). */
  const setDialog = (next: Dialog) => {
    if (next) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialogState(next);
    if (!next) requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };
  const [unarchiving, setUnarchiving] = useState(false);
  const archived = goal.archived;
  const trackable = isTrackable(goal);
  const panelId = `${id}-panel`;
  const titleId = `${id}-title`;

  const unarchive = async () => {
    setUnarchiving(true);
    const done = await run(() => api.put(`/goals/${goal.id}/unarchive`), T.unarchiveFailed, T.goalUnarchived);
    if (!done) setUnarchiving(false);
  };

  /** Button overrides need `!`: cn joins classes without merging them. */
  const action = 'px-3! py-1.5!';
  return (
    <article aria-labelledby={titleId} className="rounded-xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="space-y-3 p-4">
        <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
          <h3 className="min-w-0 grow basis-48 text-base font-semibold text-stone-900 dark:text-stone-100">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={panelId}
              onClick={() => setExpanded((e) => !e)}
              className="-mx-1 flex max-w-full items-start gap-2 rounded-md px-1 text-left hover:text-brand-700 dark:hover:text-brand-300"
            >
              <ChevronDown aria-hidden className={cn('mt-0.5 h-5 w-5 shrink-0 text-stone-500 transition-transform dark:text-stone-400', !expanded && '-rotate-90')} />
              <span id={titleId} className="min-w-0 break-words">
                {goal.title}
              </span>
            </button>
          </h3>
          <div className="flex shrink-0 flex-wrap items-center gap-2">
            <TargetDateBadge goal={goal} />
            <span className="inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-600/20 ring-inset dark:bg-brand-900/40 dark:text-brand-200 dark:ring-brand-400/30">
              {goalTypeLabel(goal.type)}
            </span>
            <GoalStatus goal={goal} />
          </div>
        </div>
        {trackable && <ProgressBar goal={goal} labelledBy={titleId} />}
      </div>

      <div id={panelId} hidden={!expanded} className="space-y-6 border-t border-stone-200 p-4 dark:border-stone-800">
        {expanded && (
          <>
            <GoalDetails goal={goal} clientId={clientId} editing={editing} onEditingChange={setEditing} />
            <div className="grid gap-6 lg:grid-cols-2">
              <GoalCheckIns goal={goal} clientId={clientId} readOnly={archived} />
              <GoalMilestones goal={goal} clientId={clientId} readOnly={archived} />
            </div>
            <div role="group" aria-label={`Actions for ${goal.title}`} className="flex flex-wrap items-center gap-2 border-t border-stone-200 pt-4 dark:border-stone-800">
              {archived ? (
                <Button type="button" className={action} loading={unarchiving} onClick={() => void unarchive()}>
                  <ArchiveRestore className="h-4 w-4" aria-hidden />
                  Un-archive
                </Button>
              ) : (
                <>
                  {trackable && (
                    <Button type="button" className={action} onClick={() => setDialog('progress')}>
                      <SlidersHorizontal className="h-4 w-4" aria-hidden />
                      Adjust progress
                    </Button>
                  )}
                  <Button type="button" variant="secondary" className={action} onClick={() => setEditing(true)} disabled={editing}>
                    <Pencil className="h-4 w-4" aria-hidden />
                    Edit
                  </Button>
                  <Button type="button" variant="secondary" className={action} onClick={() => setDialog('schedule')}>
                    <CalendarClock className="h-4 w-4" aria-hidden />
                    Check-in schedule
                  </Button>
                  <AiScheduleButton className={action} subject={{ clientId, firstName: clientFirstName, timezone: clientTimezone, goals: [goal] }} goal={goal} />
                </>
              )}
              <GenerateMilestonesButton goal={goal} clientId={clientId} className={action} />
              <Button type="button" variant="secondary" className={action} onClick={() => setDialog('history')}>
                <History className="h-4 w-4" aria-hidden />
                Version history
              </Button>
              <div className="ml-auto flex gap-2">
                {!archived && goal.status !== 'completed' && (
                  <Button type="button" variant="secondary" className={cn(action, 'text-green-700! dark:text-green-400!')} onClick={() => setDialog('complete')}>
                    <CheckCircle2 className="h-4 w-4" aria-hidden />
                    Complete
                  </Button>
                )}
                <Button type="button" variant="ghost" className={cn(action, 'text-red-700! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-900/30!')} onClick={() => setDialog('delete')}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Delete
                </Button>
              </div>
            </div>
          </>
        )}
      </div>

      {dialog === 'progress' && trackable && (
        <ProgressDialog
          goal={goal}
          onClose={() => setDialog(null)}
          onSave={(value, note) => {
            setDialog(null);
            void updateProgress(goal, value, note);
          }}
        />
      )}
      {dialog === 'history' && <VersionHistoryDialog goal={goal} onClose={() => setDialog(null)} />}
      {dialog === 'schedule' && (
        <ScheduleDialog
          goal={goal}
          clientId={clientId}
          clientTimezone={clientTimezone}
          onChange={(checkInSchedule) => patchCachedGoal(queryClient, clientId, 'active', goal.id, { checkInSchedule })}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'complete' && (
        <ConfirmDialog
          title="Complete this goal?"
          confirmLabel="Complete goal"
          onConfirm={async () => Boolean(await run(() => api.put(`/goals/${goal.id}/complete`), T.completeFailed, T.goalCompleted))}
          onClose={() => setDialog(null)}
        >
          <p>
            <strong className="font-medium text-stone-900 dark:text-stone-100">{goal.title}</strong> will be marked completed and moved to the archived goals. You can
            un-archive it later.
          </p>
        </ConfirmDialog>
      )}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete this goal?"
          confirmLabel="Delete goal"
          tone="danger"
          onConfirm={async () => Boolean(await run(() => api.delete(`/goals/${goal.id}`), T.deleteFailed, T.goalDeleted))}
          onClose={() => setDialog(null)}
        >
          <p>
            <strong className="font-medium text-stone-900 dark:text-stone-100">{goal.title}</strong> will be deleted with its milestones, progress and version
            history. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </article>
  );
}

'use client';

import { useId, useState } from 'react';
import { Globe } from 'lucide-react';
import { api } from '@/lib/api-client';
import { WORKSPACE_GOAL_TOASTS as T } from '@/lib/constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { useCoachDateFormat } from './format';
import { checkInStatus, type GoalCheckInDto, type GoalDto } from './goal-types';
import { useGoalCall } from './use-goals';

export function StatusBadge({ status }: { status: string }) {
  const { label, className } = checkInStatus(status);
  return <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', className)}>{label}</span>;
}

const when = (c: GoalCheckInDto) => c.sentAt ?? c.scheduledFor ?? c.createdAt;

/** This week's check-ins about the goal, global ones included; an upcoming global one can leave this goal out. */
export function GoalCheckIns({ goal, clientId, readOnly }: { goal: GoalDto; clientId: string; readOnly?: boolean }) {
  const headingId = useId();
  const format = useCoachDateFormat();
  const run = useGoalCall(clientId);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const cancel = async (checkIn: GoalCheckInDto) => {
    setCancelling(checkIn.id);
    await run(() => api.patch(`/checkins/${checkIn.id}/cancel-for-goal`, { goalId: goal.id, clientId }), T.cancelCheckInFailed, T.checkInCancelled);
    setCancelling(null);
  };

  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId} className="text-sm font-semibold text-stone-900 dark:text-stone-100">
        This week&apos;s check-ins
      </h4>
      {goal.thisWeekCheckIns.length === 0 ? (
        <p className="mt-2 text-sm text-stone-500 dark:text-stone-400">No check-ins this week.</p>
      ) : (
        <ul className="mt-2 space-y-1.5">
          {goal.thisWeekCheckIns.map((c) => (
            <li key={c.id} className="rounded-lg border border-stone-200 px-3 py-2 dark:border-stone-800">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <StatusBadge status={c.status} />
                <time dateTime={when(c)} className="text-sm text-stone-700 tabular-nums dark:text-stone-300">
                  {format.dateTime(when(c))}
                </time>
                {c.isGlobalCheckIn && (
                  <span className="inline-flex items-center gap-1 text-xs text-stone-500 dark:text-stone-400">
                    <Globe className="h-3.5 w-3.5" aria-hidden />
                    All goals
                  </span>
                )}
                {!readOnly && c.status === 'upcoming' && c.isGlobalCheckIn && (
                  <Button
                    type="button"
                    variant="ghost"
                    className="ml-auto px-2! py-1! text-xs!"
                    loading={cancelling === c.id}
                    onClick={() => void cancel(c)}
                    aria-label={`Cancel for this goal: check-in of ${format.dateTime(when(c))}`}
                  >
                    Cancel for this goal
                  </Button>
                )}
              </div>
              {(c.aiMessage || c.clientResponse) && (
                <dl className="mt-1.5 space-y-1 text-sm">
                  {c.aiMessage && (
                    <div>
                      <dt className="sr-only">Message</dt>
                      <dd className="line-clamp-2 text-stone-600 dark:text-stone-400">{c.aiMessage}</dd>
                    </div>
                  )}
                  {c.clientResponse && (
                    <div className="flex gap-1.5">
                      <dt className="shrink-0 font-medium text-stone-700 dark:text-stone-300">Reply:</dt>
                      <dd className="line-clamp-2 text-stone-800 dark:text-stone-200">{c.clientResponse}</dd>
                    </div>
                  )}
                </dl>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

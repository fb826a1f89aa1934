'use client';

import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { controlClass } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { DEFAULT_CHECK_IN_TIME, WEEKDAY_SHORT, WORKSPACE_TOASTS } from '@/lib/constants';
import type { DayKey, ScheduleSlot } from '@/lib/preferences';
import { timezoneLabel } from '@/lib/timezones';
import { formatSlotTime } from './format';
import { weekdayName } from './metrics';
import { notifyError, notifySuccess } from './notify';
import type { ClientDto, ScheduleChanged } from '@/lib/schemas/clients';
import { storeSchedule, workspaceKeys } from './use-clients';
import { DayBubble } from './week-bubbles';

function DaySwitch({ day, on, disabled, onToggle }: { day: string; on: boolean; disabled: boolean; onToggle(): void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={on}
      aria-label={`${day} check-ins`}
      disabled={disabled}
      onClick={onToggle}
      className="flex items-center gap-1.5 text-xs text-stone-600 disabled:cursor-not-allowed disabled:opacity-60 dark:text-stone-300"
    >
      <span className={cn('relative inline-flex h-4 w-7 shrink-0 rounded-full transition-colors', on ? 'bg-brand-600 dark:bg-brand-500' : 'bg-stone-300 dark:bg-stone-600')} aria-hidden>
        <span className={cn('absolute top-0.5 left-0.5 h-3 w-3 rounded-full bg-white shadow transition-transform', on && 'translate-x-3')} />
      </span>
      {on ? 'On' : 'Off'}
    </button>
  );
}

/**
 * The weekly check-in grid and schedule editor (product §2.2): Mon-Sun with this week's status, each
 * day's slots, add (09:00 by default), remove, and the day switched on or off.
 */
export function ScheduleEditor({ client }: { client: ClientDto }) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState<number | null>(null);
  const [time, setTime] = useState(DEFAULT_CHECK_IN_TIME);
  const [busy, setBusy] = useState<string | null>(null);
  const goalTitles = new Map(client.goals.map((g) => [g.id, g.title]));

  const call = async (key: string, path: string, body: object, fallback: string, success?: string) => {
    setBusy(key);
    try {
      const answer = await api.post<ScheduleChanged>(`/clients/${client.id}/${path}`, body);
      storeSchedule(queryClient, client.id, answer.checkInSchedule);
      // This week's bubbles depend on the schedule: the list is asked again.
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.clients });
      if (success) notifySuccess(success);
      return true;
    } catch (error) {
      notifyError(error, fallback);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const add = async (e: FormEvent, dayIndex: number) => {
    e.preventDefault();
    if (!time) return;
    if (await call(`add-${dayIndex}`, 'schedule-checkin', { dayIndex, time }, WORKSPACE_TOASTS.scheduleFailed, WORKSPACE_TOASTS.checkInScheduled)) setAdding(null);
  };

  const remove = (dayIndex: number, slot: ScheduleSlot) =>
    call(`remove-${slot.id}`, 'remove-checkin', { dayIndex, checkInId: slot.id, time: slot.time }, WORKSPACE_TOASTS.removeFailed, WORKSPACE_TOASTS.checkInRemoved);

  const toggle = (dayIndex: number) => call(`toggle-${dayIndex}`, 'toggle-checkin', { dayIndex }, WORKSPACE_TOASTS.toggleFailed);

  return (
    <Card
      title="Weekly check-ins"
      description={`Times are in ${client.firstName}'s timezone (${timezoneLabel(client.timezone)}). The bubble shows this week's status.`}
    >
      {client.checkInsHeld && (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">Check-ins are paused. The schedule is kept and starts again when you resume.</p>
      )}
      <ol className="divide-y divide-stone-100 rounded-lg border border-stone-200 dark:divide-stone-800 dark:border-stone-800" aria-label="Days of the week">
        {WEEKDAY_SHORT.map((short, dayIndex) => {
          const day = weekdayName(dayIndex);
          const slots = client.checkInSchedule[String(dayIndex) as DayKey] ?? [];
          const on = slots.some((s) => s.enabled);
          const week = client.weeklyCheckIns[dayIndex];
          return (
            <li key={short} aria-label={day} className={cn('flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2.5', slots.length > 0 && !on && 'bg-stone-50 dark:bg-stone-950/40')}>
              <div className="flex w-20 shrink-0 items-center gap-2.5 sm:w-28">
                {week && <DayBubble dayIndex={dayIndex} status={week.status} />}
                <div className="leading-tight">
                  <p className="text-sm font-medium text-stone-800 dark:text-stone-100">{short}</p>
                  {week && <p className="text-xs text-stone-500 dark:text-stone-400">{week.date.slice(5).replace('-', '/')}</p>}
                </div>
              </div>
              <div className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5">
                {slots.length === 0 && adding !== dayIndex && <span className="text-xs text-stone-500 dark:text-stone-400">No check-ins</span>}
                {slots.length > 0 && (
                  <ul className="flex flex-wrap items-center gap-1.5" aria-label={`${day} check-in times`}>
                    {slots.map((slot) => (
                      <li
                        key={slot.id}
                        className={cn(
                          'flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-xs whitespace-nowrap',
                          slot.enabled ? 'bg-brand-50 text-brand-900 ring-1 ring-brand-200 dark:bg-brand-500/10 dark:text-brand-100 dark:ring-brand-500/30' : 'bg-stone-100 text-stone-500 dark:bg-stone-800 dark:text-stone-400',
                        )}
                      >
                        <span className={cn('font-medium tabular-nums', !slot.enabled && 'line-through')} title={slot.goalId ? `Only about: ${goalTitles.get(slot.goalId) ?? 'one goal'}` : undefined}>
                          {formatSlotTime(slot.time)}
                          {!slot.enabled && <span className="sr-only"> (off)</span>}
                        </span>
                        <button
                          type="button"
                          onClick={() => void remove(dayIndex, slot)}
                          disabled={busy === `remove-${slot.id}`}
                          aria-label={`Remove ${formatSlotTime(slot.time)} check-in on ${day}`}
                          className="rounded-full p-0.5 text-stone-500 hover:bg-white hover:text-red-600 disabled:opacity-50 dark:hover:bg-stone-900 dark:text-stone-400"
                        >
                          <X className="h-3.5 w-3.5" aria-hidden />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
                {adding === dayIndex ? (
                  <form onSubmit={(e) => void add(e, dayIndex)} className="flex items-center gap-1.5">
                    <input
                      type="time"
                      value={time}
                      required
                      autoFocus
                      onChange={(e) => setTime(e.target.value)}
                      aria-label={`Time of the new ${day} check-in`}
                      className={cn(controlClass, 'px-2 py-1 text-xs')}
                    />
                    <Button type="submit" className="px-2.5 py-1 text-xs" loading={busy === `add-${dayIndex}`} aria-label={`Add ${day} check-in`}>
                      Add
                    </Button>
                    <Button type="button" variant="ghost" className="px-2 py-1 text-xs" onClick={() => setAdding(null)}>
                      Cancel
                    </Button>
                  </form>
                ) : (
                  <button
                    type="button"
                    onClick={() => {
                      setTime(DEFAULT_CHECK_IN_TIME);
                      setAdding(dayIndex);
                    }}
                    aria-label={`Add a check-in on ${day}`}
                    className="flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium text-brand-700 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-brand-500/10"
                  >
                    <Plus className="h-3.5 w-3.5" aria-hidden /> Add
                  </button>
                )}
              </div>
              {slots.length > 0 && <DaySwitch day={day} on={on} disabled={busy === `toggle-${dayIndex}`} onToggle={() => void toggle(dayIndex)} />}
            </li>
          );
        })}
      </ol>
    </Card>
  );
}

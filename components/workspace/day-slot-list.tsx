'use client';

import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Bot, Plus, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { controlClass } from '@/components/ui/field';
import { api } from '@/lib/api-client';
import { DEFAULT_CHECK_IN_TIME, WORKSPACE_TOASTS } from '@/lib/constants';
import type { AiSchedule } from '@/lib/schemas/ai-schedule';
import type { ClientDto, ScheduleChanged } from '@/lib/schemas/clients';
import { timezoneLabel } from '@/lib/timezones';
import { formatSlotTime } from './format';
import { weekdayName } from './metrics';
import { notifyError, notifySuccess } from './notify';
import { workspaceKeys } from './use-clients';
import type { DaySlot } from './week-slots';

/** The client's active AI schedules, shown read-only beside the weekly times. */
export function useClientAiSchedules(clientId: string) {
  return useQuery({
    queryKey: ['workspace', 'client-ai-schedules', clientId],
    queryFn: ({ signal }) => api.get<{ schedules: AiSchedule[] }>(`/ai-schedule/client/${clientId}`, { signal }).then((r) => r.schedules),
  });
}

/**
 * Add, remove and switch weekly times through the schedule endpoints; afterwards the client (its
 * schedule, bubbles and projected check-ins) and its goals are asked again.
 */
export function useScheduleActions(client: Pick<ClientDto, 'id'>) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const call = async (busyKey: string, path: 'schedule-checkin' | 'remove-checkin' | 'toggle-checkin', body: object, fallback: string, success?: string) => {
    setBusy(busyKey);
    try {
      await api.post<ScheduleChanged>(`/clients/${client.id}/${path}`, body);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.clients }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.goals(client.id) }),
      ]);
      if (success) notifySuccess(success);
      return true;
    } catch (error) {
      notifyError(error, fallback);
      return false;
    } finally {
      setBusy(null);
    }
  };
  return {
    busy,
    add: (dayIndex: number, time: string, goalId: string | null) =>
      call(`add-${dayIndex}`, 'schedule-checkin', { dayIndex, time, ...(goalId ? { goalId } : {}) }, WORKSPACE_TOASTS.scheduleFailed, WORKSPACE_TOASTS.checkInScheduled),
    remove: (dayIndex: number, slot: DaySlot) =>
      call(`remove-${slot.key}`, 'remove-checkin', { dayIndex, checkInId: slot.id, time: slot.time, ...(slot.scheduleGoalId ? { goalId: slot.scheduleGoalId } : {}) }, WORKSPACE_TOASTS.removeFailed, WORKSPACE_TOASTS.checkInRemoved),
    toggle: (dayIndex: number, slot: DaySlot) =>
      call(`toggle-${slot.key}`, 'toggle-checkin', { dayIndex, checkInId: slot.id, ...(slot.scheduleGoalId ? { goalId: slot.scheduleGoalId } : {}) }, WORKSPACE_TOASTS.toggleFailed),
  };
}

type Actions = ReturnType<typeof useScheduleActions>;

interface DaySlotListProps {
  client: ClientDto;
  dayIndex: number;
  slots: DaySlot[];
  actions: Actions;
  /** Prefix of element ids, so the same day can show in the grid and in the dialog. */
  idPrefix: string;
}

/** One day's check-in times (time, goal, on/off, remove) and the form adding one (09:00 by default). */
export function DaySlotList({ client, dayIndex, slots, actions, idPrefix }: DaySlotListProps) {
  const day = weekdayName(dayIndex);
  const goalTitle = new Map(client.goals.map((g) => [g.id, g.title]));
  const activeGoals = client.goals.filter((g) => g.status === 'incomplete');
  const [time, setTime] = useState(DEFAULT_CHECK_IN_TIME);
  const [goalId, setGoalId] = useState('');
  const about = (slot: DaySlot) => (slot.goalId ? (goalTitle.get(slot.goalId) ?? 'One goal') : 'All goals');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!time) return;
    if (await actions.add(dayIndex, time, goalId || null)) {
      setTime(DEFAULT_CHECK_IN_TIME);
      setGoalId('');
    }
  };

  return (
    <div className="space-y-3">
      {slots.length === 0 ? (
        <p className="text-sm text-stone-500 dark:text-stone-400">No check-ins on {day}.</p>
      ) : (
        <ul className="space-y-1.5" aria-label={`${day} check-ins`}>
          {slots.map((slot) => {
            const label = `${formatSlotTime(slot.time)} check-in on ${day} (${about(slot)})`;
            return (
              <li key={slot.key} className={cn('flex items-center gap-2 rounded-md px-2 py-1.5', slot.enabled ? 'bg-stone-50 dark:bg-stone-800/60' : 'bg-stone-50/50 text-stone-500 dark:bg-stone-900 dark:text-stone-400')}>
                <span className="min-w-0 flex-1">
                  <span className={cn('block text-sm font-medium tabular-nums', !slot.enabled && 'line-through')}>
                    {formatSlotTime(slot.time)}
                    {slot.zone && slot.zone !== client.timezone && <span className="font-normal text-stone-500 dark:text-stone-400"> {timezoneLabel(slot.zone)}</span>}
                    {!slot.enabled && <span className="sr-only">{slot.paused ? ' (paused)' : ' (off)'}</span>}
                  </span>
                  <span className="block truncate text-xs text-stone-500 dark:text-stone-400">
                    {about(slot)}
                    {slot.source === 'goal' && ' · goal schedule'}
                  </span>
                </span>
                {slot.source === 'ai' ? (
                  <span
                    className={cn(
                      'flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs',
                      slot.paused ? 'bg-amber-50 text-amber-800 dark:bg-amber-900/30 dark:text-amber-300' : 'bg-brand-50 text-brand-800 dark:bg-brand-500/10 dark:text-brand-200',
                    )}
                    title={slot.paused ? 'The AI schedule is paused: resume it on the AI schedule screen' : 'Set by an AI schedule: change it on the AI schedule screen'}
                  >
                    <Bot className="h-3.5 w-3.5" aria-hidden /> {slot.paused ? 'AI schedule · Paused' : 'AI schedule'}
                  </span>
                ) : (
                  <>
                    <button
                      type="button"
                      role="switch"
                      aria-checked={slot.enabled}
                      aria-label={label}
                      disabled={actions.busy === `toggle-${slot.key}`}
                      onClick={() => void actions.toggle(dayIndex, slot)}
                      className={cn('relative inline-flex h-5 w-9 shrink-0 rounded-full transition-colors disabled:opacity-50', slot.enabled ? 'bg-brand-600 dark:bg-brand-500' : 'bg-stone-300 dark:bg-stone-600')}
                    >
                      <span className={cn('absolute top-0.5 left-0.5 h-4 w-4 rounded-full bg-white shadow transition-transform', slot.enabled && 'translate-x-4')} aria-hidden />
                    </button>
                    <button
                      type="button"
                      onClick={() => void actions.remove(dayIndex, slot)}
                      disabled={actions.busy === `remove-${slot.key}`}
                      aria-label={`Remove ${label}`}
                      className="rounded-md p-1 text-stone-500 hover:bg-white hover:text-red-600 disabled:opacity-50 dark:text-stone-400 dark:hover:bg-stone-900"
                    >
                      <X className="h-4 w-4" aria-hidden />
                    </button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {slots.some((s) => s.source === 'ai') && <p className="text-xs text-stone-500 dark:text-stone-400">AI schedule times are read-only here; change them on the AI schedule screen.</p>}
      <form onSubmit={(e) => void submit(e)} className="grid grid-cols-[auto_minmax(0,1fr)] items-end gap-2 border-t border-stone-200 pt-3 dark:border-stone-800">
        <div className="space-y-1">
          <label htmlFor={`${idPrefix}-time-${dayIndex}`} className="block text-xs font-medium text-stone-600 dark:text-stone-300">
            Time
          </label>
          <input id={`${idPrefix}-time-${dayIndex}`} type="time" required value={time} onChange={(e) => setTime(e.target.value)} className={cn(controlClass, 'w-32 px-2 py-1 text-sm')} />
        </div>
        {activeGoals.length > 0 ? (
          <div className="min-w-0 space-y-1">
            <label htmlFor={`${idPrefix}-goal-${dayIndex}`} className="block text-xs font-medium text-stone-600 dark:text-stone-300">
              About
            </label>
            <select id={`${idPrefix}-goal-${dayIndex}`} value={goalId} onChange={(e) => setGoalId(e.target.value)} className={cn(controlClass, 'w-full min-w-0 px-2 py-1 text-sm')}>
              <option value="">All goals</option>
              {activeGoals.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.title}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <span />
        )}
        <Button type="submit" variant="secondary" className="col-span-2 justify-self-start px-3 py-1.5 text-sm" loading={actions.busy === `add-${dayIndex}`} aria-label={`Add check-in on ${day}`}>
          <Plus className="h-4 w-4" aria-hidden /> Add check-in
        </Button>
      </form>
    </div>
  );
}

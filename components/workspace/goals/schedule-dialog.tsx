'use client';

import { useId, useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import { toast } from 'sonner';
import { api } from '@/lib/api-client';
import { DEFAULT_CHECK_IN_TIME, WEEKDAY_SHORT, WORKSPACE_GOAL_TOASTS as T } from '@/lib/constants';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { controlClass } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import type { CheckInSchedule, DayKey, GoalDto } from './goal-types';
import { failureText } from './use-goals';
import { formatSlotTime } from '../format';

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
const dayKey = (dayIndex: number) => String(dayIndex) as DayKey;

/** "Mon 9:00 AM, 6:00 PM · Wed 7:30 AM" for the enabled slots of a schedule; null when there are none. */
export function scheduleSummary(schedule: CheckInSchedule): string | null {
  const parts = DAY_NAMES.flatMap((_, i) => {
    const times = (schedule[dayKey(i)] ?? []).filter((s) => s.enabled).map((s) => formatSlotTime(s.time));
    return times.length ? [`${WEEKDAY_SHORT[i]} ${times.join(', ')}`] : [];
  });
  return parts.length ? parts.join(' · ') : null;
}

interface ScheduleDialogProps {
  goal: GoalDto;
  clientId: string;
  clientTimezone: string;
  onChange(schedule: CheckInSchedule): void;
  onClose(): void;
}

/** The goal's own weekly check-in slots (day index 0 = Monday): add, remove, and switch a day off or on. */
export function ScheduleDialog({ goal, clientId, clientTimezone, onChange, onClose }: ScheduleDialogProps) {
  const id = useId();
  const [schedule, setSchedule] = useState<CheckInSchedule>(goal.checkInSchedule ?? {});
  const [day, setDay] = useState('0');
  const [time, setTime] = useState(DEFAULT_CHECK_IN_TIME);
  const [busy, setBusy] = useState(false);

  const call = async (path: 'schedule-checkin' | 'remove-checkin' | 'toggle-checkin', body: Record<string, unknown>, failure: string) => {
    if (busy) return false;
    setBusy(true);
    try {
      const answer = await api.post<{ checkInSchedule: CheckInSchedule }>(`/clients/${clientId}/${path}`, { ...body, goalId: goal.id });
      setSchedule(answer.checkInSchedule);
      onChange(answer.checkInSchedule);
      return true;
    } catch (error) {
      toast.error(failureText(error, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
      toast.error(`Invalid time format: ${time || '(empty)'}. Use HH:MM format (e.g., 09:00, 14:30)`);
      return;
    }
    await call('schedule-checkin', { dayIndex: Number(day), time }, T.scheduleFailed);
  };

  return (
    <Modal open title={`Check-in schedule: ${goal.title}`} onClose={onClose}>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Check-ins about this goal only, at the client&apos;s local time ({clientTimezone}). Weekly check-ins of the client cover every goal.
      </p>
      <form onSubmit={add} className="mt-4 grid grid-cols-[1fr_auto_auto] items-end gap-2 rounded-lg bg-stone-50 p-3 dark:bg-stone-800/60" aria-label="Add a check-in">
        <div className="min-w-0">
          <label htmlFor={`${id}-day`} className="mb-1 block text-xs font-medium text-stone-600 dark:text-stone-400">
            Day
          </label>
          <Select id={`${id}-day`} value={day} onChange={(e) => setDay(e.target.value)}>
            {DAY_NAMES.map((name, i) => (
              <option key={name} value={String(i)}>
                {name}
              </option>
            ))}
          </Select>
        </div>
        <div>
          <label htmlFor={`${id}-time`} className="mb-1 block text-xs font-medium text-stone-600 dark:text-stone-400">
            Time
          </label>
          <input id={`${id}-time`} type="time" required value={time} onChange={(e) => setTime(e.target.value)} className={`w-32 ${controlClass} dark:text-stone-100 dark:[color-scheme:dark]`} />
        </div>
        <Button type="submit" disabled={busy}>
          Add check-in
        </Button>
      </form>
      <ul className="mt-4 divide-y divide-stone-200 dark:divide-stone-800" aria-label="Weekly check-ins">
        {DAY_NAMES.map((name, dayIndex) => {
          const slots = schedule[dayKey(dayIndex)] ?? [];
          const on = slots.some((s) => s.enabled);
          return (
            <li key={name} className="flex items-center gap-3 py-2.5">
              <span className="w-24 shrink-0 text-sm font-medium text-stone-800 dark:text-stone-200">
                {name}
              </span>
              <div className="flex min-w-0 flex-1 flex-wrap gap-1.5">
                {slots.length === 0 && <span className="text-sm text-stone-500 dark:text-stone-400">No check-ins</span>}
                {slots.map((slot) => (
                  <span
                    key={slot.id}
                    className={cn(
                      'inline-flex items-center gap-1 rounded-full py-0.5 pr-1 pl-2.5 text-sm tabular-nums ring-1 ring-inset',
                      slot.enabled
                        ? 'bg-brand-50 text-brand-800 ring-brand-200 dark:bg-brand-900/40 dark:text-brand-200 dark:ring-brand-800'
                        : 'bg-stone-100 text-stone-500 line-through ring-stone-200 dark:bg-stone-800 dark:text-stone-400 dark:ring-stone-700',
                    )}
                  >
                    {formatSlotTime(slot.time)}
                    <button
                      type="button"
                      disabled={busy}
                      onClick={() => void call('remove-checkin', { dayIndex, checkInId: slot.id, time: slot.time }, T.removeCheckInFailed)}
                      aria-label={`Remove the ${formatSlotTime(slot.time)} check-in on ${name}`}
                      className="rounded-full p-0.5 hover:bg-black/10 disabled:opacity-50 dark:hover:bg-white/10"
                    >
                      <X className="h-3.5 w-3.5" aria-hidden />
                    </button>
                  </span>
                ))}
              </div>
              <button
                type="button"
                role="switch"
                aria-checked={on}
                aria-label={`Check-ins on ${name}`}
                disabled={busy || slots.length === 0}
                onClick={() => void call('toggle-checkin', { dayIndex }, T.toggleCheckInFailed)}
                className={cn(
                  'relative inline-flex h-6 w-11 shrink-0 rounded-full transition-colors disabled:cursor-not-allowed disabled:opacity-40',
                  on ? 'bg-brand-600' : 'bg-stone-300 dark:bg-stone-600',
                )}
              >
                <span className={cn('absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform', on && 'translate-x-5')} />
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-5 flex justify-end">
        <Button type="button" variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}

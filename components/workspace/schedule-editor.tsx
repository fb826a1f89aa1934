'use client';

import { useAuth } from '@/components/auth/auth-provider';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { HoverCard } from '@/components/ui/hover-card';
import { WEEKDAY_SHORT } from '@/lib/constants';
import type { ClientDto } from '@/lib/schemas/clients';
import { DEFAULT_CLOCK_TIMEZONE, timezoneLabel } from '@/lib/timezones';
import { DaySlotList, useClientAiSchedules, useScheduleActions } from './day-slot-list';
import { formatDay, formatSlotTime, formatTime } from './format';
import { weekdayName } from './metrics';
import { DayBubble } from './week-bubbles';
import { daySlots } from './week-slots';

/**
 * The weekly check-in grid (product §2.2): Mon-Sun cells with this week's status and times;
 * hovering or focusing a day opens a card with its times (goal, on/off, remove) and Add check-in.
 * Every cell's card opens full width under the row, so it fits a phone.
 */
export function ScheduleEditor({ client }: { client: ClientDto }) {
  const { user } = useAuth();
  const zone = user?.timezone ?? DEFAULT_CLOCK_TIMEZONE;
  const actions = useScheduleActions(client);
  const ai = useClientAiSchedules(client.id);

  return (
    <Card
      title="Weekly check-ins"
      description={`Times are in ${client.firstName}'s timezone (${timezoneLabel(client.timezone)}). Hover over or focus a day to see, add or remove its check-ins.`}
    >
      {client.checkInsHeld && (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">Check-ins are paused. The schedule is kept and starts again when you resume.</p>
      )}
      {ai.data?.some((s) => s.paused) && (
        <p className="mb-4 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
          AI schedule paused: its times show crossed out and send nothing until it is resumed on the AI schedule screen.
        </p>
      )}
      <ol className="relative grid grid-cols-7 gap-1 sm:gap-2" aria-label="Days of the week">
        {WEEKDAY_SHORT.map((short, dayIndex) => {
          const day = weekdayName(dayIndex);
          const slots = daySlots(client, ai.data ?? [], dayIndex);
          const enabled = slots.filter((s) => s.enabled);
          const week = client.weeklyCheckIns[dayIndex];
          const upcoming = week?.upcoming ?? [];
          const summary = enabled.length === 0 ? 'no check-ins' : `${enabled.length} check-in${enabled.length === 1 ? '' : 's'}, first at ${formatSlotTime(enabled[0]!.time)}`;
          return (
            <li key={short} aria-label={day} className="min-w-0">
              <HoverCard
                anchor="parent"
                triggerClassName={cn(
                  'flex h-full w-full flex-col items-center gap-1 rounded-lg border px-0.5 py-2 text-center transition-colors aria-expanded:border-brand-500 aria-expanded:ring-2 aria-expanded:ring-brand-500/30',
                  enabled.length > 0 ? 'border-brand-200 bg-brand-50/60 dark:border-brand-500/30 dark:bg-brand-500/10' : 'border-stone-200 bg-white hover:bg-stone-50 dark:border-stone-800 dark:bg-stone-900 dark:hover:bg-stone-800/60',
                )}
                triggerText={
                  <>
                    <span className="text-xs font-semibold text-stone-800 dark:text-stone-100">{short}</span>
                    {week && <span className="text-[11px] text-stone-500 dark:text-stone-400">{week.date.slice(5).replace('-', '/')}</span>}
                    {week && <DayBubble dayIndex={dayIndex} status={week.status} decorative />}
                    <span className="min-h-8 text-[11px] leading-4 font-medium tabular-nums text-stone-700 dark:text-stone-200">
                      {enabled.length === 0 ? (
                        <span aria-hidden className="text-stone-400 dark:text-stone-500">
                          —
                        </span>
                      ) : (
                        <>
                          {/* The AM/PM goes under the time on a phone, where a seventh of the width is too narrow for both. */}
                          <span className="block whitespace-nowrap">
                            {formatSlotTime(enabled[0]!.time).split(' ')[0]}
                            <span className="block sm:ml-0.5 sm:inline">{formatSlotTime(enabled[0]!.time).split(' ')[1]}</span>
                          </span>
                          {enabled.length > 1 && <span className="block text-stone-500 dark:text-stone-400">+{enabled.length - 1}</span>}
                        </>
                      )}
                    </span>
                    <span className="sr-only">, {summary}</span>
                  </>
                }
                panel={
                  <div className="space-y-3">
                    <p className="font-semibold text-stone-900 dark:text-stone-100">
                      {day}
                      {week && <span className="font-normal text-stone-500 dark:text-stone-400"> · {formatDay(`${week.date}T12:00:00Z`, 'UTC')}</span>}
                    </p>
                    {upcoming.length > 0 && (
                      <p className="text-xs text-stone-600 dark:text-stone-300">
                        <span className="font-medium text-brand-700 dark:text-brand-300">Upcoming</span> this {day}: {upcoming.map((at) => formatTime(at, zone)).join(', ')}
                        {zone !== client.timezone && ' (your time)'}
                      </p>
                    )}
                    <DaySlotList client={client} dayIndex={dayIndex} slots={slots} actions={actions} idPrefix="grid" />
                  </div>
                }
              >
                {(trigger) => trigger}
              </HoverCard>
            </li>
          );
        })}
      </ol>
      {ai.isError && <p className="mt-3 text-xs text-amber-800 dark:text-amber-300">AI schedule times could not be loaded; client and goal times are shown.</p>}
    </Card>
  );
}

'use client';

import { useState } from 'react';
import { CalendarDays } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Loading } from '@/components/ui/spinner';
import { WEEKDAY_SHORT } from '@/lib/constants';
import type { ClientDto } from '@/lib/schemas/clients';
import { timezoneLabel } from '@/lib/timezones';
import { DaySlotList, useClientAiSchedules, useScheduleActions } from './day-slot-list';
import { weekdayName } from './metrics';
import { daySlots } from './week-slots';

/** The whole week of a client's check-in times: its own, its goals' and (read-only) its AI schedules'. */
function ScheduleModal({ client, open, onClose }: { client: ClientDto; open: boolean; onClose(): void }) {
  const actions = useScheduleActions(client);
  const ai = useClientAiSchedules(client.id);
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="xl"
      title={`${client.username}: weekly schedule`}
      description={`Every check-in time of the week, in ${client.firstName}'s timezone (${timezoneLabel(client.timezone)}). A time about one goal checks in on that goal only.`}
    >
      {ai.isPending ? (
        <Loading label="Loading AI schedules…" />
      ) : (
        <>
          {ai.isError && <p className="mb-3 text-sm text-amber-800 dark:text-amber-300">AI schedule times could not be loaded; client and goal times are shown.</p>}
          <ol className="grid gap-3 sm:grid-cols-2" aria-label="Days of the week">
            {WEEKDAY_SHORT.map((short, dayIndex) => (
              <li key={short} aria-labelledby={`schedule-day-${dayIndex}`} className="rounded-lg border border-stone-200 p-3 dark:border-stone-800">
                <h3 id={`schedule-day-${dayIndex}`} className="mb-2 text-sm font-semibold">
                  {weekdayName(dayIndex)}
                </h3>
                <DaySlotList client={client} dayIndex={dayIndex} slots={daySlots(client, ai.data ?? [], dayIndex)} actions={actions} idPrefix="modal" />
              </li>
            ))}
          </ol>
        </>
      )}
      <div className="mt-5 flex justify-end border-t border-stone-200 pt-4 dark:border-stone-800">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </Modal>
  );
}

/** "Schedule" in the client header: opens the week's schedule dialog. */
export function ScheduleButton({ client, className }: { client: ClientDto; className?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className={className} onClick={() => setOpen(true)}>
        <CalendarDays className="h-4 w-4" aria-hidden /> Schedule
      </Button>
      {open && <ScheduleModal client={client} open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

import { PauseCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { ProjectedCheckIn } from '@/lib/schemas/clients';
import { formatDateTime, formatSlotTime } from './format';

const SOURCE_NOTE: Record<ProjectedCheckIn['source'], string> = { client: '', goal: ' · goal schedule', ai: ' · AI schedule' };

/**
 * The next check-ins the schedules will send, before the scheduler plans them as rows (10 minutes
 * ahead); once a row exists it shows in the history instead. Changed through the schedule; one of
 * them can be held (not sent, the schedule unchanged) with `onHold`.
 */
export function UpcomingCheckIns({ upcoming, zone, onHold }: { upcoming: ProjectedCheckIn[]; zone: string; onHold?(key: string): void }) {
  if (upcoming.length === 0) return null;
  return (
    <section aria-labelledby="upcoming-check-ins-heading" className="mb-4">
      <h3 id="upcoming-check-ins-heading" className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
        Next from the schedule
      </h3>
      <ol className="mt-2 space-y-1.5" aria-label="Upcoming check-ins">
        {upcoming.map((u) => (
          <li key={u.key} className="flex items-center gap-3 rounded-lg border border-dashed border-stone-300 px-3 py-2 dark:border-stone-700">
            <span className="min-w-0 flex-1">
              <time dateTime={u.scheduledFor} className="block text-sm font-medium">
                {formatDateTime(u.scheduledFor, zone)}
              </time>
              <span className="block truncate text-xs text-stone-500 dark:text-stone-400">
                {u.goal ? u.goal.title : 'All goals'}
                {SOURCE_NOTE[u.source]}
                {u.timezone !== zone && ` · ${formatSlotTime(u.time)} client time`}
              </span>
            </span>
            <Badge tone="grey">Upcoming</Badge>
            {onHold && (
              <Button variant="ghost" className="px-2! py-1! text-xs" onClick={() => onHold(u.key)} aria-label={`Hold the check-in of ${formatDateTime(u.scheduledFor, zone)}`}>
                <PauseCircle className="h-4 w-4" aria-hidden /> Hold
              </Button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

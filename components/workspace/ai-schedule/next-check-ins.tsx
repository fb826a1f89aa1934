import { timezoneLabel } from '@/lib/timezones';
import { formatDateTime } from '../format';

interface NextCheckInsProps {
  /** ISO instants, oldest first. */
  instants: string[];
  clientZone: string;
  coachZone: string;
  label: string;
}

/** The next check-ins of a schedule, each in the client's zone and, when it differs, the coach's. */
export function NextCheckIns({ instants, clientZone, coachZone, label }: NextCheckInsProps) {
  if (instants.length === 0) return <p className="text-sm text-stone-500 dark:text-stone-400">No check-ins in the next two weeks.</p>;
  const both = clientZone !== coachZone;
  return (
    <ol aria-label={label} className="space-y-1.5">
      {instants.map((iso) => (
        <li key={iso} className="rounded-md bg-stone-50 px-3 py-1.5 text-sm dark:bg-stone-800/60">
          <time dateTime={iso} className="block font-medium text-stone-800 tabular-nums dark:text-stone-100">
            {formatDateTime(iso, clientZone)} <span className="font-normal text-stone-500 dark:text-stone-400">{timezoneLabel(clientZone)}</span>
          </time>
          {both && (
            <span className="block text-xs text-stone-500 tabular-nums dark:text-stone-400">
              {formatDateTime(iso, coachZone)} your time ({timezoneLabel(coachZone)})
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

import { WORKSPACE_TIMEZONES, timezoneLabel } from '@/lib/timezones';

/** The workspace zones (product §2.9), plus the current one when it is not among them. */
export function TimezoneOptions({ current }: { current?: string | null }) {
  const extra = current && !WORKSPACE_TIMEZONES.some((z) => z.value === current) ? [{ value: current, label: timezoneLabel(current) }] : [];
  return (
    <>
      {[...WORKSPACE_TIMEZONES, ...extra].map((z) => (
        <option key={z.value} value={z.value}>
          {z.label} ({z.value})
        </option>
      ))}
    </>
  );
}

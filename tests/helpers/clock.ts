import { zonedParts } from '@/lib/zoned-time';

/**
 * The instant to read "today" from, for a test whose expectations follow the app's own clock (which
 * a test over HTTP or in the browser cannot set): when the local day in `zone` ends within
 * `marginMs` (and with it perhaps a week or a month), it first waits until the new day has begun,
 * so the test's reading and the app's agree for the next `marginMs`.
 */
export async function clearOfMidnight(zone: string, marginMs = 3 * 60_000): Promise<Date> {
  const now = new Date();
  const { minutes } = zonedParts(zone, now);
  const untilMidnightMs = (24 * 60 - minutes) * 60_000 - now.getUTCSeconds() * 1000 - now.getUTCMilliseconds();
  if (untilMidnightMs > marginMs) return now;
  await new Promise((resolve) => setTimeout(resolve, untilMidnightMs + 1000));
  return new Date();
}

/** Wall-clock facts of an instant in an IANA zone; DST included. Monday is weekday 0 (product §2.9). */
export interface ZonedParts {
  date: string;
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Minutes since local midnight. */
  minutes: number;
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', weekday: 'short', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' });
    formatters.set(zone, f);
  }
  return f;
}

const WEEKDAY_INDEX: Record<string, number> = { Mon: 0, Tue: 1, Wed: 2, Thu: 3, Fri: 4, Sat: 5, Sun: 6 };

/**
 * Wall-clock readings already made, by zone and minute: the scheduler reads the same few zones at the
 * same few minutes for every client, and formatToParts is its costliest step. Bounded, and exact
 * because every zone's offset has been whole minutes since the early 20th century.
 */
const readings = new Map<string, Readonly<ZonedParts>>();
const READINGS_MAX = 50_000;

export function zonedParts(zone: string, at: Date): Readonly<ZonedParts> {
  const key = `${zone}|${Math.floor(at.getTime() / 60_000)}`;
  const known = readings.get(key);
  if (known) return known;
  if (readings.size >= READINGS_MAX) readings.clear();
  const parts = readZonedParts(zone, at);
  readings.set(key, parts);
  return parts;
}

function readZonedParts(zone: string, at: Date): Readonly<ZonedParts> {
  const parts = formatter(zone).formatToParts(at);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  const year = Number(get('year'));
  const month = Number(get('month'));
  const day = Number(get('day'));
  const hour = Number(get('hour'));
  const minute = Number(get('minute'));
  return Object.freeze({ date: `${get('year')}-${get('month')}-${get('day')}`, year, month, day, hour, minute, minutes: hour * 60 + minute, weekday: WEEKDAY_INDEX[get('weekday')] ?? 0 });
}

/** YYYY-MM-DD plus n days, on the calendar (no zone involved). */
export function addDays(date: string, n: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** The seven local dates, Monday first, of the week that holds `at` in `zone`. */
export function weekDates(zone: string, at: Date): string[] {
  const { date, weekday } = zonedParts(zone, at);
  const monday = addDays(date, -weekday);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The wall clock of an instant read as if it were UTC, in ms (minute precision). */
function wallClockMs(zone: string, at: number): number {
  const p = zonedParts(zone, new Date(at));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
}

const DAY_MS = 86_400_000;

/**
 * The instant a local wall-clock time happens in a zone. In a DST fold (the time happens twice)
 * the first one; in a DST gap (it never happens) the time read with the offset in force before
 * the change, which lands just after the gap (RFC 5545 §3.3.5).
 */
export function zonedTimeToInstant(zone: string, date: string, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  const wanted = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), h ?? 0, m ?? 0);
  // The offsets a day before and a day after: one transition at most lies between them.
  const offsetAt = (t: number) => wallClockMs(zone, t) - (t - (t % 60_000));
  const before = wanted - offsetAt(wanted - DAY_MS);
  const after = wanted - offsetAt(wanted + DAY_MS);
  const fits = [before, after].filter((t) => wallClockMs(zone, t) === wanted).sort((a, b) => a - b);
  return new Date(fits[0] ?? before);
}

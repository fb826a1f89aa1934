/** Wall-clock facts of an instant in an IANA zone; DST included. Monday is weekday 0 (spec 02 §9). */
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

export function zonedParts(zone: string, at: Date): ZonedParts {
  const parts = formatter(zone).formatToParts(at);
  const get = (t: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === t)?.value ?? '';
  const year = Number(get('year'));
  const month = Number(get('month'));
  const day = Number(get('day'));
  const hour = Number(get('hour'));
  const minute = Number(get('minute'));
  return { date: `${get('year')}-${get('month')}-${get('day')}`, year, month, day, hour, minute, minutes: hour * 60 + minute, weekday: WEEKDAY_INDEX[get('weekday')] ?? 0 };
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

/** The instant a local wall-clock time happens in a zone (the first one in a DST fold). */
export function zonedTimeToInstant(zone: string, date: string, time: string): Date {
  const [h, m] = time.split(':').map(Number);
  const guess = new Date(`${date}T${time.padStart(5, '0')}:00Z`);
  // Two corrections converge for every real zone offset, DST transitions included.
  let instant = guess;
  for (let i = 0; i < 2; i++) {
    const p = zonedParts(zone, instant);
    const shownAsUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    const wanted = Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)), h ?? 0, m ?? 0);
    instant = new Date(instant.getTime() + (wanted - shownAsUtc));
  }
  return instant;
}

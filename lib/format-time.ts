import { zonedParts } from './zoned-time';

/**
 * The one formatter of instants for people (issue 18 item 8, decision 0092): every time the
 * product shows is written here, in a zone the caller names (the profile's timezone for a signed-in
 * user, product §1.3.3), never the browser's by accident. The header clock has its own zone picker
 * (product §1.2.2) and is the one exception.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function fmt(zone: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${zone}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, ...options });
    formatters.set(key, f);
  }
  return f;
}

/**
 * A time of day, 12-hour clock, "9:00 AM" (record 0078). Every time below is built on it, so a
 * schedule slot, a sent check-in and a log entry read alike (Intl's own "9:00 AM" differs by engine
 * in the space before AM).
 */
export function formatClock(hour: number, minute: number, second?: number): string {
  const s = second === undefined ? '' : `:${String(second).padStart(2, '0')}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')}${s} ${hour < 12 ? 'AM' : 'PM'}`;
}

/**
 * A machine time of day ("19:00", an <input type=time> or schedule slot value) as people read it:
 * "7:00 PM". Anything that is not a valid HH:MM comes back as typed, so a half-typed field never reads
 * as a time the form would refuse.
 */
export function formatTimeOfDay(hhmm: string): string {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(hhmm);
  return m ? formatClock(Number(m[1]), Number(m[2])) : hhmm;
}

/** "7:01:09 PM": a ticking clock's time of day in a zone (the header clock). */
export function formatClockTime(at: Date | string, zone: string): string {
  const instant = new Date(at);
  const p = zonedParts(zone, instant);
  return formatClock(p.hour, p.minute, instant.getUTCSeconds());
}

/** "7:01 PM": an instant's time of day in a zone. */
export function formatTime(at: Date | string, zone: string): string {
  const p = zonedParts(zone, new Date(at));
  return formatClock(p.hour, p.minute);
}

/** "Nov 21" this year, "Nov 21, 2025" otherwise, in the zone. */
export function formatDay(iso: string, zone: string, now = new Date()): string {
  const at = new Date(iso);
  const sameYear = fmt(zone, { year: 'numeric' }).format(at) === fmt(zone, { year: 'numeric' }).format(now);
  return fmt(zone, sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' }).format(at);
}

/** "Nov 21, 2025" in the zone. */
export function formatDate(at: Date | string, zone: string): string {
  return fmt(zone, { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(at));
}

/** "Sat, Nov 21, 7:01 PM" in the zone. */
export function formatDateTime(at: Date | string, zone: string): string {
  const instant = new Date(at);
  return `${fmt(zone, { weekday: 'short', month: 'short', day: 'numeric' }).format(instant)}, ${formatTime(instant, zone)}`;
}

/** "Nov 21, 2025, 7:01:09 PM" in the zone: logs, where the second and the year matter. */
export function formatFullDateTime(at: Date | string, zone: string): string {
  const instant = new Date(at);
  const p = zonedParts(zone, instant);
  return `${formatDate(instant, zone)}, ${formatClock(p.hour, p.minute, instant.getUTCSeconds())}`;
}

/** "Mon 9:00 AM" in the zone. */
export function formatWeekdayTime(at: Date | string, zone: string): string {
  const instant = new Date(at);
  return `${fmt(zone, { weekday: 'short' }).format(instant)} ${formatTime(instant, zone)}`;
}

/** America/New_York → "New York": how a label names a zone. */
export function zoneCity(zone: string): string {
  return (zone.split('/').pop() ?? zone).replace(/_/g, ' ');
}

/** Whether a clock in `zone` and one in `other` show different times at that instant. */
export function clocksDiffer(zone: string, other: string, at: Date | string = new Date()): boolean {
  if (zone === other) return false;
  const instant = new Date(at);
  const a = zonedParts(zone, instant);
  const b = zonedParts(other, instant);
  return a.date !== b.date || a.minutes !== b.minutes;
}

/**
 * A formatted time with its zone named when the reader's own clock (the browser's zone) would show
 * another time: "9:00 AM (New York)". Without a known browser zone nothing is added.
 */
export function labelZone(text: string, at: Date | string, zone: string, browserZone: string | null): string {
  return browserZone && clocksDiffer(zone, browserZone, at) ? `${text} (${zoneCity(zone)})` : text;
}

/** "November 21, 2025" in the zone: billing dates. */
export function formatLongDate(at: Date | string, zone: string): string {
  return fmt(zone, { month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(at));
}

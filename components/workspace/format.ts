import { RECENT_ACTIVITY_EXCERPT } from '@/lib/constants';
import { zonedParts } from '@/lib/zoned-time';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

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

/** "Nov 21" this year, "Nov 21, 2025" otherwise, in the coach's zone. */
export function formatDay(iso: string, zone: string, now = new Date()): string {
  const at = new Date(iso);
  const sameYear = fmt(zone, { year: 'numeric' }).format(at) === fmt(zone, { year: 'numeric' }).format(now);
  return fmt(zone, sameYear ? { month: 'short', day: 'numeric' } : { month: 'short', day: 'numeric', year: 'numeric' }).format(at);
}

/**
 * The one way the workspace writes a time of day: 12-hour clock, "9:00 AM" (record 0078). Every
 * time below is built on it, so a schedule slot, a sent check-in and a projected one read alike
 * (Intl's own "9:00 AM" differs by engine in the space before AM).
 */
export function formatClock(hour: number, minute: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** "7:01 PM": an instant's time of day in a zone. */
export function formatTime(at: Date | string, zone: string): string {
  const p = zonedParts(zone, new Date(at));
  return formatClock(p.hour, p.minute);
}

/** "Sat, Nov 21, 7:01 PM" in the coach's zone. */
export function formatDateTime(iso: string, zone: string): string {
  const at = new Date(iso);
  return `${fmt(zone, { weekday: 'short', month: 'short', day: 'numeric' }).format(at)}, ${formatTime(at, zone)}`;
}

/** "Mon 9:00 AM" in the coach's zone. */
export function formatWeekdayTime(at: Date | string, zone: string): string {
  const instant = new Date(at);
  return `${fmt(zone, { weekday: 'short' }).format(instant)} ${formatTime(instant, zone)}`;
}

/** Recent Activity times (product §2.2): Just now, Nh ago, Nd ago, else a short date. */
export function relativeTime(iso: string, zone: string, now = new Date()): string {
  const ago = now.getTime() - new Date(iso).getTime();
  if (ago < HOUR) return 'Just now';
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h ago`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d ago`;
  return formatDay(iso, zone, now);
}

/** A schedule slot's HH:MM as the coach reads it: 19:00 → 7:00 PM. */
export function formatSlotTime(time: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number);
  return formatClock(h, m);
}

export function excerpt(text: string, max = RECENT_ACTIVITY_EXCERPT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}

/** US numbers as (XXX) XXX-XXXX; anything else as stored. */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits.length === 10 ? digits : null;
  return national ? `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}` : phone;
}

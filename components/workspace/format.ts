import { RECENT_ACTIVITY_EXCERPT } from '@/lib/constants';

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

/** "Sat, Nov 21, 7:01 PM" in the coach's zone. */
export function formatDateTime(iso: string, zone: string): string {
  return fmt(zone, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** "Mon 9:00 AM" in the coach's zone. */
export function formatWeekdayTime(at: Date, zone: string): string {
  return fmt(zone, { weekday: 'short', hour: 'numeric', minute: '2-digit' }).format(at);
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
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
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

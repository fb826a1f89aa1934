import { RECENT_ACTIVITY_EXCERPT } from '@/lib/constants';
import { formatDay } from '@/lib/format-time';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

// The time formatters live in lib/format-time.ts (the one formatter taking a zone, decision 0092).
export { formatClock, formatDateTime, formatDay, formatTime, formatTimeOfDay as formatSlotTime, formatWeekdayTime } from '@/lib/format-time';

/** Recent Activity times (product §2.2): Just now, Nh ago, Nd ago, else a short date. */
export function relativeTime(iso: string, zone: string, now = new Date()): string {
  const ago = now.getTime() - new Date(iso).getTime();
  if (ago < HOUR) return 'Just now';
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h ago`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d ago`;
  return formatDay(iso, zone, now);
}

/**
 * How long until relativeTime(iso, zone, now) reads otherwise ("Just now" becomes "1h ago" an hour
 * after the event, "3h ago" becomes "4h ago"…), so a card open for a while re-renders exactly then;
 * null once it is a date, which stays as it is.
 */
export function relativeTimeChangesIn(iso: string, now: Date): number | null {
  const ago = now.getTime() - new Date(iso).getTime();
  if (ago < HOUR) return HOUR - ago;
  if (ago < DAY) return HOUR - (ago % HOUR);
  if (ago < 7 * DAY) return DAY - (ago % DAY);
  return null;
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

import type { Granularity } from '@/lib/analytics';
import { formatDate as formatZonedDate } from '@/lib/format-time';

const DASH = '—';

export function formatNumber(n: number | null | undefined, digits = 1): string {
  if (n === null || n === undefined) return DASH;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits });
}

export function formatPercent(n: number | null | undefined): string {
  return n === null || n === undefined ? DASH : `${formatNumber(n)}%`;
}

/** A reply delay given in minutes: "45 min", "2 h 18 min", "1 d 3 h". */
export function formatMinutes(minutes: number | null | undefined): string {
  if (minutes === null || minutes === undefined) return DASH;
  if (minutes < 1) return '< 1 min';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const total = Math.round(minutes);
  const days = Math.floor(total / 1440);
  const hours = Math.floor((total % 1440) / 60);
  const mins = total % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
}

export function formatDays(days: number | null | undefined): string {
  if (days === null || days === undefined) return DASH;
  return `${formatNumber(days)} ${days === 1 ? 'day' : 'days'}`;
}

/** A signed change: "+3", "−1.5", "0". */
export function formatSigned(n: number | null | undefined, unit = ''): string {
  if (n === null || n === undefined) return DASH;
  const sign = n > 0 ? '+' : n < 0 ? '−' : '';
  return `${sign}${formatNumber(Math.abs(n))}${unit}`;
}

/** A day as the coach's profile timezone has it (decision 0092). */
export function formatDate(iso: string | null | undefined, zone: string): string {
  if (!iso) return 'Never';
  return formatZonedDate(iso, zone);
}

/** The label of a trend row: "Mar 4" for a day, "Week of Mar 2" for a week, "Mar 2026" for a month. */
export function formatPeriod(period: string, granularity: Granularity, long = false): string {
  if (granularity === 'month') {
    const [y, m] = period.split('-').map(Number) as [number, number];
    const month = new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });
    // "Nov ’25" on an axis (never mistaken for November 25th), "Nov 2025" in tables and summaries.
    return long ? `${month} ${y}` : `${month} ’${String(y).slice(2)}`;
  }
  const date = new Date(`${period}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return granularity === 'week' && long ? `Week of ${date}` : date;
}

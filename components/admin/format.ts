import { ADMIN_LIMITS } from '@/lib/constants';
import { getPlan, isPlanId } from '@/lib/plans';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const count = new Intl.NumberFormat('en-US');

/** Costs in USD with 4 decimals (product §2.9). */
export const formatCost = (value: number) => `$${value.toFixed(ADMIN_LIMITS.costDecimals)}`;
/** Rates with 1 decimal. */
export const formatRate = (value: number) => `${value.toFixed(ADMIN_LIMITS.rateDecimals)}%`;
/** Response times in whole ms. */
export const formatMs = (value: number) => `${count.format(Math.round(value))} ms`;
export const formatCount = (value: number) => count.format(value);
/** Amounts in USD with two decimals. */
export const formatAmount = (dollars: number) => usd.format(dollars);

/** A trend bucket label (YYYY-MM-DD, YYYY-MM-DDTHH:00 or YYYY-MM) for axes and tables. */
export function formatBucket(label: string): string {
  if (/^\d{4}-\d{2}$/.test(label)) {
    const [y, m] = label.split('-').map(Number) as [number, number];
    return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
  }
  const hour = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):00$/.exec(label);
  if (hour) return `${Number(hour[2])}/${Number(hour[3])} ${hour[4]}:00`;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(label);
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  return label;
}

export type ChangeUnit = 'percent' | 'points' | 'count';

/** A change against the previous period: +12.5%, −0.3 pts, +3; null when there was nothing to compare with. */
export function formatChange(value: number | null, unit: ChangeUnit): string {
  if (value === null) return '—';
  const sign = value > 0 ? '+' : value < 0 ? '−' : '±';
  const abs = Math.abs(value);
  if (unit === 'percent') return `${sign}${abs.toFixed(1)}%`;
  if (unit === 'points') return `${sign}${abs.toFixed(1)} pts`;
  return `${sign}${count.format(abs)}`;
}

const SERVICE_NAMES: Record<string, string> = {
  openai: 'OpenAI',
  ai: 'AI (local)',
  twilio: 'Twilio',
  sms: 'SMS (local)',
  resend: 'Resend',
  email: 'E-mail',
  stripe: 'Stripe',
  payments: 'Payments (local)',
};

export const serviceName = (service: string) => SERVICE_NAMES[service] ?? service.charAt(0).toUpperCase() + service.slice(1);

/** A plan's name in the one catalogue (product §2.9's badge labels: Free, Basic, Pro, Enterprise). */
export function planLabel(plan: string | null | undefined): string {
  if (!plan) return 'Unknown';
  return isPlanId(plan) ? getPlan(plan).name : plan;
}

export function initials(first?: string | null, last?: string | null, fallback = 'A'): string {
  const text = `${first?.[0] ?? ''}${last?.[0] ?? ''}`.toUpperCase();
  return text || fallback.slice(0, 2).toUpperCase();
}


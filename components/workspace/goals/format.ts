'use client';

import { useAuth } from '@/components/auth/auth-provider';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { formatDateTime } from '../format';

/** Dates and times of the Goals tab in the coach's timezone (product §2.4). */
export function useCoachDateFormat() {
  const { user } = useAuth();
  const timeZone = user?.timezone || DEFAULT_CLOCK_TIMEZONE;
  const date = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
  return {
    dateTime: (iso: string | null | undefined) => (iso ? formatDateTime(iso, timeZone) : '—'),
    date: (iso: string | null | undefined) => (iso ? date.format(new Date(iso)) : '—'),
  };
}

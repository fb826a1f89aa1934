'use client';

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';
import { FALLBACK_TIMEZONES } from '@/lib/timezones';

export interface TimezoneOption {
  value: string;
  label: string;
  offset: number;
}

const NONE: readonly TimezoneOption[] = [];

/** "UTC−07:00" from minutes east of UTC. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/**
 * The settings timezone choices from GET /ai-schedule/timezones (product §1.7), falling back to the
 * built-in zones when the list cannot be loaded (§1.8). A saved zone outside the list is kept as an
 * extra choice so a select never shows a value the user did not pick.
 */
export function useTimezoneOptions(...current: (string | null | undefined)[]) {
  const query = useQuery({
    queryKey: ['timezones'],
    queryFn: () => api.get<{ timezones: TimezoneOption[] }>('/ai-schedule/timezones').then((r) => r.timezones),
    staleTime: Infinity,
    retry: false,
  });
  const base: readonly TimezoneOption[] = query.data?.length ? query.data : query.isError ? FALLBACK_TIMEZONES : NONE;
  const key = current.join('|');
  const options = useMemo(() => {
    const extra = key
      .split('|')
      .filter((zone) => zone && !base.some((o) => o.value === zone))
      .filter((zone, i, all) => all.indexOf(zone) === i)
      .map((zone) => ({ value: zone, label: zone.replace(/_/g, ' '), offset: Number.NaN }));
    return [...base, ...extra];
  }, [base, key]);
  return { options, loading: query.isPending };
}

export const timezoneOptionLabel = (o: TimezoneOption) => (Number.isFinite(o.offset) ? `${o.label} (${formatOffset(o.offset)})` : o.label);

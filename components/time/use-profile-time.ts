'use client';

import { useMemo, useSyncExternalStore } from 'react';
import { useAuth } from '@/components/auth/auth-provider';
import { formatDate, formatDateTime, formatFullDateTime, formatTime, labelZone, zoneCity } from '@/lib/format-time';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';

/** The browser's zone, known only after mounting (the server render has none). */
function browserZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
const noSubscription = () => () => {};

function useBrowserZone(): string | null {
  return useSyncExternalStore(noSubscription, browserZone, () => null);
}

/**
 * Times as the signed-in user's profile timezone shows them (issue 18 item 8, decision 0092),
 * with the zone's city added where the browser's clock would read otherwise: "9:00 AM (New York)".
 */
export function useProfileTime() {
  const { user } = useAuth();
  const zone = user?.timezone || DEFAULT_CLOCK_TIMEZONE;
  const browserZone = useBrowserZone();
  return useMemo(() => {
    const labelled = (format: (at: string, zone: string) => string) => (iso: string | null | undefined, fallback = '—') => (iso ? labelZone(format(iso, zone), iso, zone, browserZone) : fallback);
    return {
      zone,
      /** "New York time": for a heading that names the zone once. */
      zoneName: `${zoneCity(zone)} time`,
      /** "Sat, Nov 21, 7:01 PM". */
      dateTime: labelled(formatDateTime),
      /** "Nov 21, 2025, 7:01:09 PM". */
      full: labelled(formatFullDateTime),
      /** "7:01 PM". */
      time: labelled(formatTime),
      /** "Nov 21, 2025": a calendar day is not labelled; the zone decides which day it is. */
      date: (iso: string | null | undefined, fallback = '—') => (iso ? formatDate(iso, zone) : fallback),
    };
  }, [zone, browserZone]);
}

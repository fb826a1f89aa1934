'use client';

import { useEffect, useState } from 'react';
import { formatClockTime } from '@/lib/format-time';
import { CLOCK_TIMEZONES, DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';

const STORAGE_KEY = 'clockTimezone';

function savedZone(): string {
  const saved = typeof window === 'undefined' ? null : localStorage.getItem(STORAGE_KEY);
  return saved && CLOCK_TIMEZONES.some((z) => z.value === saved) ? saved : DEFAULT_CLOCK_TIMEZONE;
}

/** Ticks every second in the chosen zone; the choice is remembered in this browser. */
export function TimezoneClock() {
  const [zone, setZone] = useState<string>(savedZone);
  const [now, setNow] = useState<Date>(() => new Date());

  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);

  return (
    <div className="flex items-center gap-2 text-sm">
      <time className="tabular-nums text-stone-700 dark:text-stone-200" aria-live="off" suppressHydrationWarning>
        {formatClockTime(now, zone)}
      </time>
      <select
        aria-label="Clock timezone"
        className="rounded-md border border-stone-300 bg-white px-2 py-1 text-xs dark:border-stone-700 dark:bg-stone-900"
        value={zone}
        onChange={(e) => {
          setZone(e.target.value);
          localStorage.setItem(STORAGE_KEY, e.target.value);
        }}
      >
        {CLOCK_TIMEZONES.map((z) => (
          <option key={z.value} value={z.value}>
            {z.label}
          </option>
        ))}
      </select>
    </div>
  );
}

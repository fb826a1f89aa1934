'use client';

import { useEffect, useState } from 'react';

/** The longest a label waits for a refresh, whatever it says (a date's year, a timer the browser lost). */
const MAX_WAIT_MS = 60 * 60 * 1000;

/**
 * The current instant, renewed when what is shown from it next changes: `changesIn(now)` says in
 * how many milliseconds (null: not before MAX_WAIT_MS). "Just now" rendered once stayed "Just now"
 * while the page was open; with this it turns into "1h ago" on time. Also renewed when the tab comes
 * back into view, since browsers slow down the timers of hidden tabs.
 */
export function useNow(changesIn: (now: Date) => number | null): Date {
  const [now, setNow] = useState(() => new Date());
  // A few milliseconds past the change, so the render lands on the new label, not just before it.
  const delay = Math.min(Math.max((changesIn(now) ?? MAX_WAIT_MS) + 50, 1000), MAX_WAIT_MS);

  useEffect(() => {
    const timer = setTimeout(() => setNow(new Date()), delay);
    return () => clearTimeout(timer);
  }, [now, delay]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') setNow(new Date());
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  return now;
}

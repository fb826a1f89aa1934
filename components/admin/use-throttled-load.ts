'use client';

import { useEffect, useRef, useState } from 'react';
import { ADMIN_FETCH } from '@/lib/constants';

export interface LoadResult<T> {
  key: string;
  value: T | null;
  error: unknown;
}

/**
 * The admin dashboard's fetch rule (product §2.4): a change of `key` (tab, range, refresh) is
 * debounced about 600 ms and a fetch never starts within 1 s of the previous one. `pending` is true
 * from the change until its answer arrives (the screens disable their buttons and read
 * 'Waiting...'); an older answer arriving late is dropped.
 */
export function useThrottledLoad<T>(key: string, load: () => Promise<T>) {
  const [result, setResult] = useState<LoadResult<T> | null>(null);
  const lastStart = useRef(0);
  const loadRef = useRef(load);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    let cancelled = false;
    const wait = Math.max(ADMIN_FETCH.debounceMs, lastStart.current + ADMIN_FETCH.minGapMs - Date.now());
    const timer = setTimeout(() => {
      lastStart.current = Date.now();
      loadRef.current().then(
        (value) => {
          if (!cancelled) setResult({ key, value, error: null });
        },
        (error: unknown) => {
          if (!cancelled) setResult({ key, value: null, error });
        },
      );
    }, wait);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [key]);

  return { result, pending: result?.key !== key };
}

'use client';

import { useEffect } from 'react';

/**
 * Fetches code a page is likely to need soon (a dialog, the palette) once the browser is idle, so its
 * first opening does not wait for the download. `load` must be stable (a module-level function).
 */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void load());
  }, [load]);
}

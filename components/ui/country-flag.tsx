'use client';

import { useSyncExternalStore } from 'react';

let supported: boolean | undefined;

/**
 * Whether this device draws flag emoji. Without an emoji font a flag is two regional-indicator
 * letters (boxes or "US"), twice as wide as the one glyph a real flag takes.
 */
function drawsFlags(): boolean {
  if (supported !== undefined) return supported;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return (supported = false);
  context.font = '32px sans-serif';
  const flag = context.measureText('\u{1F1FA}\u{1F1F8}').width;
  const letter = context.measureText('\u{1F1FA}').width;
  supported = flag > 0 && flag < letter * 1.5;
  return supported;
}

const noSubscription = () => () => {};

/** A country's flag, or its ISO code in a small badge where the device has no flag emoji. */
export function CountryFlag({ iso, flag }: { iso: string; flag: string }) {
  // The server cannot know the device's fonts: it renders the code, the browser swaps in the flag.
  const emoji = useSyncExternalStore(noSubscription, drawsFlags, () => false);
  if (emoji) return <span aria-hidden>{flag}</span>;
  return (
    <span aria-hidden className="inline-flex h-5 min-w-7 items-center justify-center rounded bg-stone-100 px-1 text-[10px] font-semibold tracking-wide text-stone-600 dark:bg-stone-800 dark:text-stone-300">
      {iso.toUpperCase()}
    </span>
  );
}

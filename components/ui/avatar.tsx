'use client';

import { useState } from 'react';
import { cn } from './cn';

const sizes = { sm: 'h-9 w-9 text-sm', md: 'h-11 w-11 text-base', lg: 'h-16 w-16 text-xl' } as const;

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const first = parts[0]?.[0] ?? '';
  const last = parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase() || '?';
}

interface AvatarProps {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
  /** When set the avatar is announced as an image with this name; otherwise it is decorative. */
  label?: string;
  /** Called once when the picture fails to load; answer a new address to try, or null to show initials. */
  onLoadError?(): Promise<string | null>;
}

/** A round picture, or the person's initials when there is none or it cannot be loaded. */
export function Avatar({ name, src, size = 'md', className, label, onLoadError }: AvatarProps) {
  // Keyed by the address asked for, so a new picture starts fresh without an effect.
  const [state, setState] = useState<{ for: string | null | undefined; retry: string | null; failed: boolean }>({ for: src, retry: null, failed: false });
  const current = state.for === src ? state : { for: src, retry: null, failed: false };
  const shown = current.failed ? null : (current.retry ?? src);

  const onError = () => {
    if (current.retry || !onLoadError) {
      setState({ ...current, failed: true });
      return;
    }
    void onLoadError().then(
      (next) => setState(next ? { ...current, retry: next } : { ...current, failed: true }),
      () => setState({ ...current, failed: true }),
    );
  };

  return (
    <span
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 font-semibold text-brand-800 select-none dark:bg-brand-900/60 dark:text-brand-200',
        sizes[size],
        className,
      )}
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {shown ? (
        // eslint-disable-next-line @next/next/no-img-element -- a private, cookie-authenticated picture the image optimiser cannot fetch
        <img src={shown} alt="" className="h-full w-full object-cover" onError={onError} />
      ) : (
        initials(name)
      )}
    </span>
  );
}

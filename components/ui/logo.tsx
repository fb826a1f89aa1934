import { cn } from './cn';

/**
 * The Cadence mark: a C drawn as a beat that returns (the weekly check-in), with the dot of the
 * next one. The same drawing as app/icon.svg, in the theme's brand colour.
 */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden className={cn('shrink-0', className)}>
      <rect width="64" height="64" rx="15" className="fill-brand-700 dark:fill-brand-500" />
      <path d="M43.5 21.5a15 15 0 1 0 0 21" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" />
      <circle cx="45.5" cy="32" r="4.5" fill="#fff" />
    </svg>
  );
}

/** The mark and the name, as the header and sign-in screens show them. */
export function Wordmark({ className, markClassName = 'h-7 w-7' }: { className?: string; markClassName?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight text-brand-700 dark:text-brand-400', className)}>
      <LogoMark className={markClassName} />
      Cadence
    </span>
  );
}

import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

/**
 * A disabled filled button is grey with dark text (light) or light text (dark): readable, and not
 * mistaken for one that acts, which a paler brand colour with white text was (about 1.5:1). One
 * that is loading keeps its colour: it did act.
 */
const disabledFilled =
  'disabled:not-aria-busy:bg-stone-200 disabled:not-aria-busy:text-stone-600 dark:disabled:not-aria-busy:bg-stone-800 dark:disabled:not-aria-busy:text-stone-400';

const variants: Record<Variant, string> = {
  primary: `bg-brand-700 text-white enabled:hover:bg-brand-800 ${disabledFilled}`,
  secondary: 'border border-stone-300 bg-white text-stone-800 hover:bg-stone-100 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800 disabled:opacity-50 disabled:hover:bg-white dark:disabled:hover:bg-stone-900',
  ghost: 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800 disabled:opacity-50 disabled:hover:bg-transparent',
  danger: `bg-red-600 text-white enabled:hover:bg-red-700 ${disabledFilled}`,
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  loading?: boolean;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant = 'primary', loading, className, children, disabled, ...props }, ref) {
  return (
    <button
      ref={ref}
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium transition-colors disabled:cursor-not-allowed',
        variants[variant],
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading && <span className="h-4 w-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden />}
      {children}
    </button>
  );
});

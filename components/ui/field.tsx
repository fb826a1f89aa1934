import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { cn } from './cn';

/** The look of a text control without its width, for controls that sit beside others (cn does not merge classes). */
export const controlClass =
  'rounded-md border border-stone-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-stone-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-500 dark:border-stone-700 dark:bg-stone-900';

export const inputClass = `block w-full ${controlClass}`;

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input({ className, ...props }, ref) {
  return <input ref={ref} className={cn(inputClass, className)} {...props} />;
});

interface FieldProps {
  id: string;
  label: string;
  /** One message, or every message of the field (a form with `criteriaMode: 'all'`, see fieldMessages). */
  error?: string | string[];
  hint?: ReactNode;
  children: ReactNode;
}

/** Every message of a field's error when the form collects them all (`criteriaMode: 'all'`), first one first. */
export function fieldMessages(error: FieldError | undefined): string[] {
  if (!error) return [];
  const all = Object.values(error.types ?? {}).flatMap((m) => (typeof m === 'string' ? [m] : Array.isArray(m) ? m : []));
  return [...new Set([error.message ?? '', ...all].filter(Boolean))];
}

/** Label, control and its error, wired together for screen readers. */
export function Field({ id, label, error, hint, children }: FieldProps) {
  const messages = error === undefined ? [] : typeof error === 'string' ? (error ? [error] : []) : error;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-700 dark:text-stone-300">
        {label}
      </label>
      {children}
      {hint}
      {messages.length > 0 && (
        <div id={`${id}-error`} role="alert" className="space-y-0.5 text-sm text-red-600 dark:text-red-400">
          {messages.map((message) => (
            <p key={message}>{message}</p>
          ))}
        </div>
      )}
    </div>
  );
}

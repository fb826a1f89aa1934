'use client';

import { Textarea } from '@/components/ui/textarea';
import { afterConsentNotice, COACH_MESSAGE_MAX_CHARS, SMS_LENGTH_HINT_CHARS } from '@/lib/sms';
import { cn } from '@/components/ui/cn';

/** The problem with a text the coach is about to send, as the server would word it; null when fine. */
export function messageProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'The message is empty';
  if (trimmed.length > COACH_MESSAGE_MAX_CHARS) return `The message is longer than ${COACH_MESSAGE_MAX_CHARS} characters`;
  return null;
}

interface MessageEditorProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  /** An error to show under the field (the server's, or messageProblem's once the coach tried to send). */
  error?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
  rows?: number;
  /**
   * The consent notice the server puts before a first text (afterConsentNotice): not the coach's
   * to edit, so not in the count, but the client's phone receives it.
   */
  consentNotice?: string | null;
}

/** A text to a client the coach may edit: character count, the SMS length hint and its error. */
export function MessageEditor({ id, label, value, onChange, error, disabled, autoFocus, rows = 5, consentNotice }: MessageEditorProps) {
  const length = value.trim().length;
  const over = length > COACH_MESSAGE_MAX_CHARS;
  const sentLength = consentNotice ? afterConsentNotice(consentNotice, value.trim()).length : length;
  const lengthHint =
    over || sentLength <= SMS_LENGTH_HINT_CHARS
      ? `Up to ${SMS_LENGTH_HINT_CHARS} characters keeps it to one or two texts.`
      : consentNotice
        ? `With the consent notice it is ${sentLength} characters: it goes out as several texts, each one billed.`
        : `Over ${SMS_LENGTH_HINT_CHARS} characters: it goes out as several texts, each one billed.`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-700 dark:text-stone-300">
        {label}
      </label>
      <Textarea
        id={id}
        value={value}
        rows={rows}
        disabled={disabled}
        data-autofocus={autoFocus || undefined}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={[`${id}-count`, error ? `${id}-error` : null].filter(Boolean).join(' ')}
        className="min-h-28"
      />
      <p id={`${id}-count`} className="flex flex-wrap justify-between gap-x-3 text-xs text-stone-500 dark:text-stone-400">
        <span>{lengthHint}</span>
        <span className={cn('ml-auto tabular-nums', over && 'font-medium text-red-600 dark:text-red-400')}>
          {length} / {COACH_MESSAGE_MAX_CHARS}
        </span>
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
    </div>
  );
}

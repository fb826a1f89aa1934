import { CLIENT_LANGUAGES, LANGUAGE_NAMES, languageCode, type ClientLanguage } from '@/lib/languages';

/** The options of a "Language of check-ins" select (the coach's screens stay English). */
export function LanguageOptions() {
  return (
    <>
      {CLIENT_LANGUAGES.map((l) => (
        <option key={l} value={l}>
          {LANGUAGE_NAMES[l]}
        </option>
      ))}
    </>
  );
}

/** "ES": the client's language in a row, named in full for screen readers and on hover. */
export function LanguageCode({ language, className = '' }: { language: ClientLanguage; className?: string }) {
  const label = `Check-ins in ${LANGUAGE_NAMES[language]}`;
  return (
    <span
      title={label}
      data-testid="language-code"
      className={`inline-flex shrink-0 items-center rounded border border-stone-300 px-1 text-[10px] font-semibold leading-4 tracking-wide text-stone-600 dark:border-stone-700 dark:text-stone-300 ${className}`}
    >
      <span aria-hidden>{languageCode(language)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}

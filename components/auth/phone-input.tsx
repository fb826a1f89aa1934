'use client';

import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { AsYouType } from 'libphonenumber-js';
import { ChevronDown } from 'lucide-react';
import { formatNationalNumber, searchCountries, type CountryOption } from '@/lib/countries';
import { controlClass, inputClass } from '@/components/ui/field';
import { cn } from '@/components/ui/cn';
import { CountryFlag } from '@/components/ui/country-flag';

interface PhoneInputProps {
  id: string;
  country: CountryOption;
  onCountryChange(country: CountryOption): void;
  value: string;
  onChange(national: string): void;
  invalid?: boolean;
}

/**
 * The digits as the country writes them. Numbers typed without the trunk prefix (7911 123456 after
 * +44, as the picker invites) get no national formatting in most countries, so those are formatted
 * as the international number and shown without the dial code.
 */
export function formatPhoneDigits(country: CountryOption, input: string): string {
  const national = formatNationalNumber(country.iso, input);
  const digits = national.replace(/\D/g, '');
  if (/\D/.test(national) || digits.length < 4) return national;
  const international = new AsYouType(country.iso).input(`${country.dialCode}${digits}`);
  if (!international.startsWith(country.dialCode)) return national;
  const rest = international.slice(country.dialCode.length).trim();
  return rest.replace(/\D/g, '') === digits ? rest : national;
}

/**
 * Deleting only a separator, e.g. the ')' of '(202)', would be undone by the formatting at once;
 * the digit before it goes instead, as the person meant.
 */
function nextPhoneValue(country: CountryOption, previous: string, event: ChangeEvent<HTMLInputElement>): string {
  const typed = event.target.value;
  const digits = typed.replace(/\D/g, '');
  if (typed.length < previous.length && digits === previous.replace(/\D/g, '')) {
    const caret = event.target.selectionStart ?? typed.length;
    const digitsBeforeCaret = typed.slice(0, caret).replace(/\D/g, '').length;
    if (digitsBeforeCaret > 0) return formatPhoneDigits(country, digits.slice(0, digitsBeforeCaret - 1) + digits.slice(digitsBeforeCaret));
  }
  return formatPhoneDigits(country, typed);
}

/** Country-code picker (search, flags) beside a number field formatted for the chosen country. */
export function PhoneInput({ id, country, onCountryChange, value, onChange, invalid }: PhoneInputProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const results = searchCountries(query);

  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [open]);

  const choose = (c: CountryOption) => {
    onCountryChange(c);
    onChange(formatPhoneDigits(c, value));
    setOpen(false);
    setQuery('');
  };

  return (
    <div className="relative flex gap-2" ref={wrapper}>
      <button
        type="button"
        className={cn(controlClass, 'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap hover:bg-stone-50 dark:hover:bg-stone-800')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Country code ${country.name}, ${country.iso.toUpperCase()} ${country.dialCode}`}
        onClick={() => setOpen((o) => !o)}
      >
        <CountryFlag iso={country.iso} flag={country.flag} />
        <span>{country.dialCode}</span>
        <ChevronDown className={cn('h-4 w-4 text-stone-500 transition-transform dark:text-stone-400', open && 'rotate-180')} aria-hidden />
      </button>
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        className={cn(inputClass, 'min-w-0 flex-1')}
        aria-invalid={invalid}
        value={value}
        onChange={(e) => onChange(nextPhoneValue(country, value, e))}
        placeholder="Phone number"
      />
      {open && (
        <div className="absolute top-full left-0 z-20 mt-1 w-72 rounded-md border border-stone-200 bg-white shadow-lg dark:border-stone-700 dark:bg-stone-900">
          <div className="border-b border-stone-200 p-2 dark:border-stone-700">
            <input
              autoFocus
              className={inputClass}
              placeholder="Search countries"
              aria-label="Search countries"
              aria-controls={listId}
              value={query}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={(e) => {
                if (e.key === 'ArrowDown') setActive((a) => Math.min(a + 1, results.length - 1));
                else if (e.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
                else if (e.key === 'Enter' && results[active]) {
                  e.preventDefault();
                  choose(results[active]);
                } else if (e.key === 'Escape') setOpen(false);
                else return;
                e.preventDefault();
              }}
            />
          </div>
          <ul id={listId} role="listbox" aria-label="Countries" className="max-h-60 overflow-y-auto py-1 text-sm">
            {results.length === 0 && <li className="px-3 py-2 text-stone-500 dark:text-stone-400">No country matches</li>}
            {results.map((c, i) => (
              <li
                key={c.iso}
                role="option"
                aria-selected={c.iso === country.iso}
                className={cn('flex cursor-pointer items-center gap-2 px-3 py-1.5', i === active && 'bg-brand-50 dark:bg-stone-800')}
                onMouseEnter={() => setActive(i)}
                onMouseDown={(e) => {
                  e.preventDefault();
                  choose(c);
                }}
              >
                <CountryFlag iso={c.iso} flag={c.flag} />
                <span className="flex-1">{c.name}</span>
                <span className="text-stone-500 dark:text-stone-400">{c.dialCode}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}


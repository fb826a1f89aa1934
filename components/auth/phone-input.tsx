'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { formatNationalNumber, searchCountries, type CountryOption } from '@/lib/countries';
import { inputClass } from '@/components/ui/field';
import { cn } from '@/components/ui/cn';

interface PhoneInputProps {
  id: string;
  country: CountryOption;
  onCountryChange(country: CountryOption): void;
  value: string;
  onChange(national: string): void;
  invalid?: boolean;
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
    onChange(formatNationalNumber(c.iso, value));
    setOpen(false);
    setQuery('');
  };

  return (
    <div className="relative flex gap-2" ref={wrapper}>
      <button
        type="button"
        className={cn(inputClass, 'w-auto shrink-0 whitespace-nowrap')}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={`Country code ${country.name} ${country.dialCode}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span aria-hidden>{country.flag}</span> {country.dialCode}
      </button>
      <input
        id={id}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        className={inputClass}
        aria-invalid={invalid}
        value={value}
        onChange={(e) => onChange(formatNationalNumber(country.iso, e.target.value))}
        placeholder="Phone number"
      />
      {open && (
        <div className="absolute top-full left-0 z-20 mt-1 w-72 rounded-md border border-stone-200 bg-white shadow-lg dark:border-stone-700 dark:bg-stone-900">
          <input
            autoFocus
            className="w-full border-b border-stone-200 px-3 py-2 text-sm outline-none dark:border-stone-700 dark:bg-stone-900"
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
          <ul id={listId} role="listbox" aria-label="Countries" className="max-h-60 overflow-y-auto py-1 text-sm">
            {results.length === 0 && <li className="px-3 py-2 text-stone-500">No country matches</li>}
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
                <span aria-hidden>{c.flag}</span>
                <span className="flex-1">{c.name}</span>
                <span className="text-stone-500">{c.dialCode}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}


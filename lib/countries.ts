import { AsYouType, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';

/** The ~75 countries of the register form's picker (product §1.2), US first as the +1 default. */
const PICKER_COUNTRIES: CountryCode[] = [
  'US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'ZA', 'IN', 'PK', 'BD', 'LK', 'NP', 'SG', 'MY', 'ID', 'PH', 'TH', 'VN',
  'CN', 'HK', 'TW', 'JP', 'KR', 'AE', 'SA', 'QA', 'KW', 'BH', 'OM', 'IL', 'TR', 'EG', 'MA', 'NG', 'GH', 'KE',
  'ET', 'TZ', 'UG', 'DE', 'FR', 'ES', 'PT', 'IT', 'NL', 'BE', 'LU', 'CH', 'AT', 'DK', 'SE', 'NO', 'FI', 'IS',
  'PL', 'CZ', 'SK', 'HU', 'RO', 'BG', 'GR', 'HR', 'SI', 'RS', 'UA', 'EE', 'LV', 'LT', 'MX', 'BR', 'AR', 'CL',
  'CO', 'PE', 'JM',
];

export interface CountryOption {
  iso: CountryCode;
  name: string;
  dialCode: string;
  flag: string;
}

function flagOf(iso: string): string {
  return String.fromCodePoint(...[...iso.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region' }) : null;

export const COUNTRY_OPTIONS: CountryOption[] = PICKER_COUNTRIES.map((iso) => ({
  iso,
  name: names?.of(iso) ?? iso,
  dialCode: `+${getCountryCallingCode(iso)}`,
  flag: flagOf(iso),
}));

export const DEFAULT_COUNTRY: CountryOption = COUNTRY_OPTIONS[0]!;

export function searchCountries(query: string): CountryOption[] {
  const q = query.trim().toLowerCase();
  if (!q) return COUNTRY_OPTIONS;
  return COUNTRY_OPTIONS.filter((c) => c.name.toLowerCase().includes(q) || c.dialCode.includes(q.replace(/^\+?/, '+')) || c.iso.toLowerCase() === q);
}

/** Formats the national digits as the country writes them; only digits are kept from the input. */
export function formatNationalNumber(iso: CountryCode, input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 15);
  return new AsYouType(iso).input(digits);
}

/** The number as sent to the server: dial code and digits only, e.g. +15551234567. */
export function toInternational(country: CountryOption, national: string): string {
  return `${country.dialCode}${national.replace(/\D/g, '')}`;
}

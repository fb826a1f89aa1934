/** Card-number helpers shared by the local card form and the local payments provider. */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'diners' | 'jcb' | 'unionpay' | 'unknown';

export const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  unknown: 'Card',
  card: 'Card',
};

export const cardDigits = (value: string) => value.replace(/\D/g, '');

/** The Luhn (mod 10) check every card number passes. */
export function luhnValid(number: string): boolean {
  const digits = cardDigits(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(number: string): CardBrand {
  const d = cardDigits(number);
  if (/^4/.test(d)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(d)) return 'mastercard';
  if (/^3[47]/.test(d)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(d)) return 'discover';
  if (/^3(0[0-5]|[689])/.test(d)) return 'diners';
  if (/^35/.test(d)) return 'jcb';
  if (/^62/.test(d)) return 'unionpay';
  return 'unknown';
}

/** Groups of four (American Express 4-6-5) as the number is typed. */
export function formatCardNumber(value: string): string {
  const d = cardDigits(value).slice(0, 19);
  if (cardBrand(d) === 'amex') return [d.slice(0, 4), d.slice(4, 10), d.slice(10, 15)].filter(Boolean).join(' ');
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** A card is usable through the last day of its expiry month. */
export function cardExpired(month: number, year: number, now = new Date()): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  return fullYear < now.getFullYear() || (fullYear === now.getFullYear() && month < now.getMonth() + 1);
}

export function cvvLength(number: string): number {
  return cardBrand(number) === 'amex' ? 4 : 3;
}

/**
 * The local provider's test cards, as Stripe's test mode: 4242… succeeds, 4000 0000 0000 0002 is
 * declined when the card is saved, 4000 0000 0000 0341 is saved but every charge on it fails.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  chargeDeclined: '4000000000000341',
} as const;

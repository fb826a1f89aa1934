import { describe, expect, it } from 'vitest';
import { cardBrand, cardExpired, formatCardNumber, luhnValid, TEST_CARDS } from '@/lib/card';
import { ADMIN_PLANS } from '@/lib/constants';
import { describeDiscount, discountedPriceCents, formatUsd, offeredPlans, planAction, PLANS } from '@/lib/plans';
import { cardFieldsSchema, discountValidateSchema } from '@/lib/schemas/billing';
import { renderInvoicePdf } from '@/server/services/invoice-pdf';

describe('cards', () => {
  it('checks numbers with Luhn', () => {
    expect(luhnValid(TEST_CARDS.success)).toBe(true);
    expect(luhnValid('4242 4242 4242 4242')).toBe(true);
    expect(luhnValid(TEST_CARDS.declined)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('1234')).toBe(false);
  });

  it('names the brand and groups the digits as they are typed', () => {
    expect(cardBrand('4242')).toBe('visa');
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('2223003122003222')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('6011111111111117')).toBe('discover');
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42a4')).toBe('424');
  });

  it('treats a card as valid through the end of its expiry month', () => {
    const now = new Date(2026, 4, 15);
    expect(cardExpired(5, 2026, now)).toBe(false);
    expect(cardExpired(4, 2026, now)).toBe(true);
    expect(cardExpired(1, 27, now)).toBe(false);
  });

  it('parses the card entry fields (product §1.3)', () => {
    const ok = cardFieldsSchema.safeParse({ cardholderName: ' Jo ', cardNumber: '4242 4242 4242 4242', expirationMonth: '12', expirationYear: '99', cvv: '123' });
    expect(ok.success && ok.data).toMatchObject({ cardholderName: 'Jo', cardNumber: '4242424242424242', expirationMonth: 12, expirationYear: 2099 });
    const amexCvv = cardFieldsSchema.safeParse({ cardholderName: 'Jo', cardNumber: '378282246310005', expirationMonth: 12, expirationYear: 2099, cvv: '123' });
    expect(amexCvv.success).toBe(false);
  });
});

describe('plans and discounts', () => {
  it('lists free, beta and full at the spec prices', () => {
    expect(offeredPlans('free').map((p) => [p.id, formatUsd(p.priceCents)])).toEqual([
      ['free', '$0.00'],
      ['beta', '$29.99'],
      ['full', '$249.99'],
    ]);
    expect(formatUsd(PLANS.beta.wasPriceCents!)).toBe('$249.99');
  });

  it('takes a percentage or a fixed amount off, never below zero', () => {
    expect(discountedPriceCents(2999, { type: 'percentage', value: 20 })).toBe(2399);
    expect(discountedPriceCents(2999, { type: 'fixed_amount', value: 10 })).toBe(1999);
    expect(discountedPriceCents(2999, { type: 'fixed_amount', value: 50 })).toBe(0);
    expect(discountedPriceCents(2999, { type: 'percentage', value: 150 })).toBe(0);
    expect(discountedPriceCents(2999, null)).toBe(2999);
    expect(describeDiscount({ type: 'percentage', value: 20 })).toBe('20% off');
    expect(describeDiscount({ type: 'fixed_amount', value: 10 })).toBe('$10.00 off');
  });

  it('labels plan buttons: Current Plan, then Upgrade or Downgrade by price', () => {
    expect(planAction('free', 'free')).toBe('current');
    expect(planAction('free', 'beta')).toBe('upgrade');
    expect(planAction('beta', 'full')).toBe('upgrade');
    expect(planAction('full', 'beta')).toBe('downgrade');
    expect(planAction('beta', 'free')).toBe('downgrade');
    // A coach an admin put on Pro ($99): the $29.99 Beta is a step down, Full a step up.
    expect(planAction('professional', 'beta')).toBe('downgrade');
    expect(planAction('professional', 'full')).toBe('upgrade');
    expect(planAction('enterprise', 'full')).toBe('downgrade');
  });

  it("offers the listed plans, plus the coach's own when an admin chose an unlisted one, in price order", () => {
    const ids = (current: string) => offeredPlans(current).map((p) => p.id);
    expect(ids('free')).toEqual(['free', 'beta', 'full']);
    expect(ids('beta')).toEqual(['free', 'beta', 'full']);
    expect(ids('basic')).toEqual(['free', 'basic', 'beta', 'full']);
    expect(ids('professional')).toEqual(['free', 'beta', 'professional', 'full']);
    expect(ids('enterprise')).toEqual(['free', 'beta', 'full', 'enterprise']);
  });

  it('names every plan an admin can choose as the coach sees it', () => {
    expect(ADMIN_PLANS.map((p) => [p.id, p.label])).toEqual([
      ['free', 'Free'],
      ['basic', 'Basic'],
      ['professional', 'Pro'],
      ['enterprise', 'Enterprise'],
    ]);
    for (const p of ADMIN_PLANS) expect(p.label).toBe(PLANS[p.id].name);
  });

  it('trims and upper-cases discount codes and requires one', () => {
    expect(discountValidateSchema.parse({ code: '  welcome20 ', planId: 'beta' }).code).toBe('WELCOME20');
    const empty = discountValidateSchema.safeParse({ code: '   ', planId: 'beta' });
    expect(!empty.success && empty.error.issues[0]!.message).toBe('Please enter a discount code');
  });
});

describe('invoice PDF', () => {
  it('is a well-formed PDF whose cross-reference table points at every object', () => {
    const pdf = renderInvoicePdf({
      number: 'CAD-20260101-ABCDEF12',
      date: new Date('2026-01-01T00:00:00Z'),
      status: 'succeeded',
      customer: { name: 'Zoë (Coach)', email: 'zoe@example.com', address: null },
      lines: [{ description: 'Beta plan — monthly', amountCents: 2999 }],
      totalCents: 2999,
    });
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.endsWith('%%EOF\n')).toBe(true);
    expect(text).toContain('(Zo\xeb \\(Coach\\))');
    expect(text).toContain('(Beta plan - monthly)');
    const xref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(7);
    offsets.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)![1]);
    const streamStart = text.indexOf('stream\n') + 'stream\n'.length;
    expect(text.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
  });
});

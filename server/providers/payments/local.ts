import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, eq } from 'drizzle-orm';
import type { InvoiceLine } from '@/lib/schemas/billing';
import { BILLING_VALIDATION } from '@/lib/constants';
import { cardBrand, cardDigits } from '@/lib/card';
import { describeDiscount, discountedPriceCents, getPlan, type Plan } from '@/lib/plans';
import { jwtSecret } from '../../config';
import { getDb } from '../../db/client';
import { localCardTokens } from '../../db/schema';
import { metered } from '../metering';
import { PaymentDeclinedError, ProviderRequestError, type PaymentsProvider, type ProviderDiscount, type ProviderInvoice } from './types';

const rid = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

/** Stripe's test cards that fail when the card is saved, with Stripe's messages. */
const DECLINED_AT_SETUP: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: BILLING_VALIDATION.cardDeclined },
  '4000000000009995': { code: 'insufficient_funds', message: 'Your card has insufficient funds.' },
  '4000000000000069': { code: 'expired_card', message: 'Your card has expired.' },
  '4000000000000127': { code: 'incorrect_cvc', message: "Your card's security code is incorrect." },
};
/** Saved fine, but every charge fails (Stripe's 4000 0000 0000 0341). */
const DECLINED_AT_CHARGE = new Set(['4000000000000341']);

function secretKey(): string {
  const key = jwtSecret();
  if (!key) throw new Error('JWT_SECRET is not set');
  return key;
}

const sign = (value: string) => createHmac('sha256', secretKey()).update(`local-setup-intent:${value}`).digest('base64url');

/** A SetupIntent's client secret, bound to the user it was made for. */
function setupSecret(intentId: string, userId: string): string {
  return `${intentId}_secret_${sign(`${intentId}:${userId}`)}`;
}

export function verifySetupSecret(clientSecret: string, userId: string): boolean {
  const match = /^(seti_local_[a-f0-9]+)_secret_([A-Za-z0-9_-]+)$/.exec(clientSecret);
  if (!match) return false;
  const expected = Buffer.from(sign(`${match[1]}:${userId}`));
  const given = Buffer.from(match[2]!);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export interface LocalCardInput {
  cardholderName: string;
  cardNumber: string;
  expirationMonth: number;
  expirationYear: number;
}

/**
 * What Stripe.js does in the browser: confirms a SetupIntent with the card and returns a payment
 * method id. Only brand, last four and expiry are kept; the number and CVC are dropped here.
 */
export async function confirmLocalSetup(userId: string, clientSecret: string, card: LocalCardInput): Promise<{ paymentMethodId: string }> {
  if (!verifySetupSecret(clientSecret, userId)) throw new ProviderRequestError('This card setup has expired. Please try again.', 400);
  const digits = cardDigits(card.cardNumber);
  return metered({ service: 'payments', operation: 'setup_intents.confirm', userId }, async () => {
    const declined = DECLINED_AT_SETUP[digits];
    if (declined) throw new PaymentDeclinedError(declined.message, declined.code);
    const id = rid('pm');
    await getDb()
      .insert(localCardTokens)
      .values({
        id,
        userId,
        brand: cardBrand(digits),
        last4: digits.slice(-4),
        expMonth: card.expirationMonth,
        expYear: card.expirationYear,
        cardholderName: card.cardholderName,
        behaviour: DECLINED_AT_CHARGE.has(digits) ? 'charge_declined' : 'ok',
      });
    return { paymentMethodId: id };
  });
}

async function token(userId: string, paymentMethodId: string) {
  const [row] = await getDb()
    .select()
    .from(localCardTokens)
    .where(and(eq(localCardTokens.id, paymentMethodId), eq(localCardTokens.userId, userId)))
    .limit(1);
  if (!row) throw new ProviderRequestError(`No such PaymentMethod: '${paymentMethodId}'`, 400);
  return row;
}

function planLine(plan: Plan, start: Date, end: Date): InvoiceLine {
  const fmt = (d: Date) => d.toISOString().slice(0, 10);
  return { description: `${plan.name} plan, monthly (${fmt(start)} to ${fmt(end)})`, amountCents: plan.priceCents };
}

function discountLine(plan: Plan, discount: ProviderDiscount | null): InvoiceLine | null {
  if (!discount) return null;
  const off = plan.priceCents - discountedPriceCents(plan.priceCents, discount);
  return off > 0 ? { description: `Discount ${discount.code} (${describeDiscount(discount)})`, amountCents: -off } : null;
}

/** Charges the card token; a declining card leaves a failed invoice. */
async function charge(userId: string, paymentMethodId: string, amountCents: number, lines: InvoiceLine[], periodStart: Date, periodEnd: Date): Promise<ProviderInvoice> {
  const card = await token(userId, paymentMethodId);
  const base = { id: rid('in'), amountCents, pdfUrl: null, lines, periodStart, periodEnd, date: new Date() };
  if (amountCents > 0 && card.behaviour === 'charge_declined') {
    throw new PaymentDeclinedError(BILLING_VALIDATION.cardDeclined, 'card_declined', { ...base, status: 'failed', paymentId: null, failureMessage: BILLING_VALIDATION.cardDeclined });
  }
  return { ...base, status: 'paid', paymentId: amountCents > 0 ? rid('ch') : null };
}

/** Payments simulated in the database: the same objects as Stripe, no network, no keys. */
export function localPaymentsProvider(): PaymentsProvider {
  const meter = <T>(operation: string, userId: string | null, fn: () => Promise<T>) => metered({ service: 'payments', operation, userId }, fn);
  return {
    name: 'local',
    async createCustomer(user) {
      return meter('customers.create', user.id, async () => rid('cus'));
    },
    async createSetupIntent(_customerId, userId) {
      return meter('setup_intents.create', userId, async () => ({ clientSecret: setupSecret(rid('seti'), userId) }));
    },
    async attachPaymentMethod({ userId, paymentMethodId }) {
      return meter('payment_methods.attach', userId, async () => {
        const card = await token(userId, paymentMethodId);
        return { paymentMethodId: card.id, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, cardholderName: card.cardholderName };
      });
    },
    async setDefaultPaymentMethod() {},
    async detachPaymentMethod(paymentMethodId) {
      await getDb().delete(localCardTokens).where(eq(localCardTokens.id, paymentMethodId));
    },
    async createSubscription({ userId, plan, paymentMethodId, discount }) {
      return meter('subscriptions.create', userId, async () => {
        const start = new Date();
        const end = addMonths(start, 1);
        const lines = [planLine(plan, start, end), discountLine(plan, discount)].filter((l): l is InvoiceLine => l !== null);
        const invoice = await charge(userId, paymentMethodId, discountedPriceCents(plan.priceCents, discount), lines, start, end);
        return { id: rid('sub'), status: 'active', planId: plan.id, currentPeriodStart: start, currentPeriodEnd: end, cancelAtPeriodEnd: false, latestInvoice: invoice };
      });
    },
    async changeSubscriptionPlan({ userId, current, plan, paymentMethodId, discount }) {
      return meter('subscriptions.update', userId, async () => {
        const start = new Date();
        const end = addMonths(start, 1);
        const total = current.currentPeriodEnd.getTime() - current.currentPeriodStart.getTime();
        const left = Math.max(0, current.currentPeriodEnd.getTime() - start.getTime());
        const credit = total > 0 ? Math.min(current.paidThisPeriodCents, Math.round((current.paidThisPeriodCents * left) / total)) : 0;
        const price = discountedPriceCents(plan.priceCents, discount);
        const lines = [planLine(plan, start, end), discountLine(plan, discount)].filter((l): l is InvoiceLine => l !== null);
        if (credit > 0) lines.push({ description: `Unused time on the ${getPlan(current.planId).name} plan`, amountCents: -Math.min(credit, price) });
        const invoice = await charge(userId, paymentMethodId, Math.max(0, price - credit), lines, start, end);
        invoice.excessCreditCents = Math.max(0, credit - price);
        return {
          id: current.providerSubscriptionId,
          status: 'active',
          planId: plan.id,
          currentPeriodStart: start,
          currentPeriodEnd: end,
          cancelAtPeriodEnd: false,
          latestInvoice: invoice,
        };
      });
    },
    async setCancelAtPeriodEnd() {},
    async cancelNow() {},
    async chargeRenewal({ userId, plan, paymentMethodId, periodStart, periodEnd }) {
      return meter('invoices.pay', userId, () => charge(userId, paymentMethodId, plan.priceCents, [planLine(plan, periodStart, periodEnd)], periodStart, periodEnd));
    },
    async createPortalSession(_customerId, returnUrl) {
      // Cadence's own portal page, on the origin the user returns to, given the path to return to.
      const back = new URL(returnUrl);
      return { url: `${back.origin}/billing/portal?return=${encodeURIComponent(`${back.pathname}${back.search}${back.hash}`)}` };
    },
    async refund({ amountCents }) {
      return meter('refunds.create', null, async () => {
        if (amountCents <= 0) throw new ProviderRequestError('Nothing was paid, so nothing can be refunded', 400);
        return { id: rid('re') };
      });
    },
  };
}

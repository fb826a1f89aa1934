import Stripe from 'stripe';
import type { InvoiceLine } from '@/lib/schemas/billing';
import { isPlanId, type Plan } from '@/lib/plans';
import { config } from '../../config';
import { getSlot, setSlot } from '../../runtime';
import { metered } from '../metering';
import {
  PaymentDeclinedError,
  ProviderRequestError,
  type CardDetails,
  type PaymentsProvider,
  type ProviderDiscount,
  type ProviderInvoice,
  type ProviderSubscription,
  type ProviderSubscriptionStatus,
} from './types';

/** The SDK client; STRIPE_API_BASE points it at another host (a local fake in the tests). */
export function stripeClient(): Stripe {
  const cfg = config();
  const key = cfg.STRIPE_SECRET_KEY;
  if (!key) throw new Error('STRIPE_SECRET_KEY is not set');
  const existing = getSlot('stripe');
  if (existing?.key === key) return existing.client;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 30_000, appInfo: { name: 'Cadence' } };
  if (cfg.STRIPE_API_BASE) {
    const base = new URL(cfg.STRIPE_API_BASE);
    options.host = base.hostname;
    options.protocol = base.protocol === 'http:' ? 'http' : 'https';
    options.port = base.port || (base.protocol === 'http:' ? 80 : 443);
  }
  const client = new Stripe(key, options);
  setSlot('stripe', { key, client });
  return client;
}

/** Every Stripe call is metered in api_usage as service 'stripe'. */
export const stripeCall = <T>(operation: string, userId: string | null, fn: () => Promise<T>) => metered({ service: 'stripe', operation, userId }, fn);

export const priceLookupKey = (planId: string) => `cadence_${planId}_monthly`;

const priceCache = new Map<string, string>();

/** The Price of a plan, looked up by lookup_key and created on first use; a catalogue price change makes a new Price. */
async function priceFor(plan: Plan): Promise<string> {
  const cached = priceCache.get(plan.id);
  if (cached) return cached;
  const stripe = stripeClient();
  const key = priceLookupKey(plan.id);
  const found = await stripeCall('prices.list', null, () => stripe.prices.list({ lookup_keys: [key], active: true, limit: 1 }));
  let price = found.data[0];
  if (!price || price.unit_amount !== plan.priceCents || price.currency !== 'usd') {
    price = await stripeCall('prices.create', null, () =>
      stripe.prices.create({
        currency: 'usd',
        unit_amount: plan.priceCents,
        recurring: { interval: 'month' },
        lookup_key: key,
        transfer_lookup_key: true,
        product_data: { name: `Cadence ${plan.name}`, metadata: { planId: plan.id } },
        metadata: { planId: plan.id },
      }),
    );
  }
  priceCache.set(plan.id, price.id);
  return price.id;
}

export const couponId = (code: string) => `cadence_${code}`;

/** The coupon and promotion code of a Cadence discount code, created on first use. */
async function promotionCodeFor(discount: ProviderDiscount, userId: string | null): Promise<string> {
  const stripe = stripeClient();
  const coupon = discount.providerCouponId ?? couponId(discount.code);
  try {
    await stripeCall('coupons.retrieve', userId, () => stripe.coupons.retrieve(coupon));
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 404) throw error;
    await stripeCall('coupons.create', userId, () =>
      stripe.coupons.create({
        id: coupon,
        name: discount.name,
        duration: 'once',
        ...(discount.type === 'percentage' ? { percent_off: discount.value } : { amount_off: Math.round(discount.value * 100), currency: 'usd' }),
      }),
    );
  }
  const existing = await stripeCall('promotion_codes.list', userId, () => stripe.promotionCodes.list({ code: discount.code, active: true, limit: 1 }));
  if (existing.data[0]) return existing.data[0].id;
  const created = await stripeCall('promotion_codes.create', userId, () => stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon }, code: discount.code }));
  return created.id;
}

const toDate = (seconds: number | null | undefined) => new Date((seconds ?? Math.floor(Date.now() / 1000)) * 1000);
const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

export function mapStatus(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'past_due':
    case 'unpaid':
      return 'past_due';
    case 'incomplete':
      return 'incomplete';
    default:
      return 'canceled';
  }
}

/** The plan of a subscription: its metadata, else its price's lookup key. */
export function planOfSubscription(sub: Stripe.Subscription): string {
  const fromMeta = sub.metadata?.planId;
  if (fromMeta && isPlanId(fromMeta)) return fromMeta;
  const key = sub.items.data[0]?.price.lookup_key ?? '';
  const fromKey = /^cadence_(\w+)_monthly$/.exec(key)?.[1];
  return fromKey && isPlanId(fromKey) ? fromKey : 'free';
}

export function mapInvoice(invoice: Stripe.Invoice): ProviderInvoice {
  const payment = invoice.payments?.data.find((p) => p.payment.payment_intent || p.payment.charge);
  const lines: InvoiceLine[] = invoice.lines.data.map((l) => ({ description: l.description ?? 'Subscription', amountCents: l.amount }));
  for (const d of invoice.total_discount_amounts ?? []) if (d.amount > 0) lines.push({ description: 'Discount', amountCents: -d.amount });
  const period = invoice.lines.data[0]?.period;
  const paid = invoice.status === 'paid';
  return {
    id: invoice.id,
    status: paid ? 'paid' : invoice.attempted ? 'failed' : 'open',
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    paymentId: idOf(payment?.payment.payment_intent) ?? idOf(payment?.payment.charge),
    pdfUrl: invoice.invoice_pdf ?? null,
    lines,
    periodStart: toDate(period?.start ?? invoice.period_start),
    periodEnd: toDate(period?.end ?? invoice.period_end),
    failureMessage: invoice.last_finalization_error?.message ?? null,
    date: toDate(invoice.status_transitions?.paid_at ?? invoice.created),
  };
}

export function mapSubscription(sub: Stripe.Subscription): ProviderSubscription {
  const item = sub.items.data[0];
  return {
    id: sub.id,
    status: mapStatus(sub.status),
    planId: planOfSubscription(sub),
    currentPeriodStart: toDate(item?.current_period_start ?? sub.start_date),
    currentPeriodEnd: toDate(item?.current_period_end ?? sub.billing_cycle_anchor),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    latestInvoice: sub.latest_invoice && typeof sub.latest_invoice !== 'string' ? mapInvoice(sub.latest_invoice) : null,
  };
}

/** Stripe's card errors (402) become declines with Stripe's own message. */
function declined(error: unknown): never {
  if (error instanceof Stripe.errors.StripeCardError) throw new PaymentDeclinedError(error.message, error.code ?? 'card_declined');
  if (error instanceof Stripe.errors.StripeInvalidRequestError) throw new ProviderRequestError(error.message, 400);
  throw error;
}

const EXPAND = ['latest_invoice', 'latest_invoice.payments'];

export function stripePaymentsProvider(): PaymentsProvider {
  const stripe = stripeClient();
  return {
    name: 'stripe',
    async createCustomer(user) {
      const customer = await stripeCall('customers.create', user.id, () =>
        stripe.customers.create({ email: user.email, name: user.name || undefined, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }),
      );
      return customer.id;
    },
    async createSetupIntent(customerId, userId) {
      const intent = await stripeCall('setup_intents.create', userId, () =>
        stripe.setupIntents.create({ customer: customerId, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { userId } }),
      );
      if (!intent.client_secret) throw new Error('Stripe returned a SetupIntent without a client secret');
      return { clientSecret: intent.client_secret };
    },
    async attachPaymentMethod({ customerId, userId, paymentMethodId, billingAddress }): Promise<CardDetails> {
      try {
        let pm = await stripeCall('payment_methods.retrieve', userId, () => stripe.paymentMethods.retrieve(paymentMethodId));
        if (idOf(pm.customer) !== customerId) {
          if (pm.customer) throw new ProviderRequestError('This payment method belongs to another customer', 400);
          pm = await stripeCall('payment_methods.attach', userId, () => stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }));
        }
        const attachedId = pm.id;
        if (billingAddress) {
          pm = await stripeCall('payment_methods.update', userId, () =>
            stripe.paymentMethods.update(attachedId, {
              billing_details: {
                address: {
                  line1: billingAddress.line1,
                  line2: billingAddress.line2 || undefined,
                  city: billingAddress.city,
                  state: billingAddress.state || undefined,
                  postal_code: billingAddress.zip,
                  country: billingAddress.country,
                },
              },
            }),
          );
        }
        await stripeCall('customers.update', userId, () => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: attachedId } }));
        if (!pm.card) throw new ProviderRequestError('Only cards can be used', 400);
        return { paymentMethodId: attachedId, brand: pm.card.brand, last4: pm.card.last4, expMonth: pm.card.exp_month, expYear: pm.card.exp_year, cardholderName: pm.billing_details?.name ?? null };
      } catch (error) {
        return declined(error);
      }
    },
    async setDefaultPaymentMethod(customerId, paymentMethodId) {
      await stripeCall('customers.update', null, () => stripe.customers.update(customerId, { invoice_settings: { default_payment_method: paymentMethodId } }));
    },
    async detachPaymentMethod(paymentMethodId) {
      await stripeCall('payment_methods.detach', null, () => stripe.paymentMethods.detach(paymentMethodId));
    },
    async createSubscription({ customerId, userId, plan, discount, idempotencyKey }) {
      // The customer's default card (set when it was added) pays; a changed default follows.
      const price = await priceFor(plan);
      const promotion = discount ? await promotionCodeFor(discount, userId) : null;
      try {
        const sub = await stripeCall('subscriptions.create', userId, () =>
          stripe.subscriptions.create({
            customer: customerId,
            items: [{ price }],
            payment_behavior: 'error_if_incomplete',
            ...(promotion ? { discounts: [{ promotion_code: promotion }] } : {}),
            metadata: { userId, planId: plan.id },
            expand: EXPAND,
          }, { idempotencyKey }),
        );
        return mapSubscription(sub);
      } catch (error) {
        return declined(error);
      }
    },
    async changeSubscriptionPlan({ userId, current, plan, discount, idempotencyKey }) {
      const price = await priceFor(plan);
      const promotion = discount ? await promotionCodeFor(discount, userId) : null;
      try {
        const existing = await stripeCall('subscriptions.retrieve', userId, () => stripe.subscriptions.retrieve(current.providerSubscriptionId));
        const item = existing.items.data[0];
        const sub = await stripeCall('subscriptions.update', userId, () =>
          stripe.subscriptions.update(current.providerSubscriptionId, {
            items: [item ? { id: item.id, price } : { price }],
            proration_behavior: 'always_invoice',
            billing_cycle_anchor: { type: 'now' },
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            ...(promotion ? { discounts: [{ promotion_code: promotion }] } : {}),
            metadata: { userId, planId: plan.id },
            expand: EXPAND,
          }, { idempotencyKey }),
        );
        return mapSubscription(sub);
      } catch (error) {
        return declined(error);
      }
    },
    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      await stripeCall('subscriptions.update', null, () => stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel }));
    },
    async cancelNow(subscriptionId) {
      await stripeCall('subscriptions.cancel', null, () => stripe.subscriptions.cancel(subscriptionId));
    },
    async createPortalSession(customerId, returnUrl) {
      const session = await stripeCall('billing_portal.sessions.create', null, () => stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }));
      return { url: session.url };
    },
    async refund({ paymentId, amountCents, reason, idempotencyKey }) {
      if (!paymentId) throw new ProviderRequestError('This transaction has no payment to refund', 400);
      const refund = await stripeCall('refunds.create', null, () =>
        stripe.refunds.create({ payment_intent: paymentId, amount: amountCents, reason: 'requested_by_customer', metadata: reason ? { reason } : {} }, { idempotencyKey }),
      );
      return { id: refund.id };
    },
    async fetchInvoicePdf(pdfUrl) {
      return stripeCall('invoices.pdf', null, async () => {
        const res = await fetch(pdfUrl, { redirect: 'follow' });
        if (!res.ok) throw new Error(`invoice PDF answered ${res.status}`);
        return new Uint8Array(await res.arrayBuffer());
      });
    },
  };
}

/** The current state of a subscription, for the webhook handler. */
export async function retrieveStripeSubscription(id: string): Promise<Stripe.Subscription> {
  const stripe = stripeClient();
  return stripeCall('subscriptions.retrieve', null, () => stripe.subscriptions.retrieve(id));
}

/** The invoice a PaymentIntent paid, for a charge.refunded event (charges no longer name their invoice). */
export async function invoiceIdForPayment(paymentIntentId: string): Promise<string | null> {
  const stripe = stripeClient();
  const list = await stripeCall('invoice_payments.list', null, () => stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntentId }, limit: 1 }));
  const invoice = list.data[0]?.invoice;
  return idOf(invoice ?? null);
}

/** Verifies the Stripe-Signature header over the raw body; throws on a bad signature. */
export function constructStripeEvent(rawBody: Buffer, signature: string, secret: string): Stripe.Event {
  return stripeClient().webhooks.constructEvent(rawBody, signature, secret);
}

export type { Stripe };

import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { getPlan } from '@/lib/plans';
import { config } from '../config';
import { getDb, type Transaction } from '../db/client';
import { subscriptions, transactions, users, webhookEvents } from '../db/schema';
import { AppError } from '../http/errors';
import { log } from '../log';
import {
  constructStripeEvent,
  invoiceIdForPayment,
  mapInvoice,
  mapSubscription,
  retrieveStripeSubscription,
  type Stripe,
} from '../providers/payments/stripe';
import { emitToUser } from '../realtime';
import { recordInvoice } from './billing';

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

async function userByCustomer(tx: Transaction, customer: string | { id: string } | null | undefined): Promise<string | null> {
  const id = idOf(customer);
  if (!id) return null;
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.paymentCustomerId, id)).limit(1);
  return row?.id ?? null;
}

/** Our subscription row and the user's plan follow Stripe's subscription. */
async function syncSubscription(tx: Transaction, userId: string, sub: Stripe.Subscription): Promise<string> {
  const mapped = mapSubscription(sub);
  const now = new Date();
  const values = {
    planId: mapped.planId,
    status: mapped.status,
    currentPeriodStart: mapped.currentPeriodStart,
    currentPeriodEnd: mapped.currentPeriodEnd,
    cancelAtPeriodEnd: mapped.cancelAtPeriodEnd,
    priceCents: getPlan(mapped.planId).priceCents,
    canceledAt: mapped.status === 'canceled' ? now : mapped.cancelAtPeriodEnd ? now : null,
    updatedAt: now,
  };
  const [existing] = await tx.select().from(subscriptions).where(eq(subscriptions.providerSubscriptionId, sub.id)).limit(1);
  let rowId: string;
  if (existing) {
    await tx.update(subscriptions).set(values).where(eq(subscriptions.id, existing.id));
    rowId = existing.id;
  } else {
    if (mapped.status !== 'canceled') {
      // Only one live subscription per user: one Stripe knows of replaces any other.
      await tx
        .update(subscriptions)
        .set({ status: 'canceled', canceledAt: now, updatedAt: now })
        .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')));
    }
    const [inserted] = await tx
      .insert(subscriptions)
      .values({ userId, provider: 'stripe', providerSubscriptionId: sub.id, ...values })
      .returning({ id: subscriptions.id });
    rowId = inserted!.id;
  }
  if (mapped.status === 'active' || mapped.status === 'past_due') {
    await tx.update(users).set({ planId: mapped.planId, updatedAt: now }).where(eq(users.id, userId));
  } else if (mapped.status === 'canceled') {
    const [other] = await tx
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, ['active', 'past_due'])))
      .limit(1);
    if (!other) await tx.update(users).set({ planId: 'free', updatedAt: now }).where(eq(users.id, userId));
  }
  return rowId;
}

const DESCRIPTION_BY_REASON: Record<string, string> = {
  subscription_create: 'monthly',
  subscription_cycle: 'monthly renewal',
  subscription_update: 'plan change',
};

async function handleInvoice(tx: Transaction, invoice: Stripe.Invoice): Promise<string | null> {
  const userId = await userByCustomer(tx, invoice.customer);
  if (!userId) return null;
  const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription ?? null);
  let rowId: string | null = null;
  let planId = 'free';
  if (subscriptionId) {
    const sub = await retrieveStripeSubscription(subscriptionId);
    rowId = await syncSubscription(tx, userId, sub);
    planId = mapSubscription(sub).planId;
  }
  const plan = getPlan(planId);
  const mapped = mapInvoice(invoice);
  await recordInvoice(tx, {
    userId,
    subscriptionRowId: rowId,
    planId,
    description: `${plan.name} plan, ${DESCRIPTION_BY_REASON[invoice.billing_reason ?? ''] ?? 'invoice'}`,
    invoice: invoice.status === 'paid' ? mapped : { ...mapped, status: 'failed', failureMessage: mapped.failureMessage ?? 'The payment failed' },
  });
  return userId;
}

async function handleRefund(tx: Transaction, charge: Stripe.Charge): Promise<string | null> {
  if (!charge.refunded) return null;
  const paymentIntent = idOf(charge.payment_intent);
  const ids = [charge.id, paymentIntent].filter((v): v is string => !!v);
  let [row] = await tx.select().from(transactions).where(inArray(transactions.providerPaymentId, ids)).limit(1);
  if (!row && paymentIntent) {
    const invoiceId = await invoiceIdForPayment(paymentIntent);
    if (invoiceId) [row] = await tx.select().from(transactions).where(eq(transactions.providerInvoiceId, invoiceId)).limit(1);
  }
  if (!row) return null;
  await tx
    .update(transactions)
    .set({ status: 'refunded', refundedAt: new Date(), providerPaymentId: sql`coalesce(${transactions.providerPaymentId}, ${paymentIntent ?? charge.id})` })
    .where(eq(transactions.id, row.id));
  return row.userId;
}

async function processEvent(tx: Transaction, event: Stripe.Event): Promise<string | null> {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
      return handleInvoice(tx, event.data.object);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const userId = await userByCustomer(tx, sub.customer);
      if (userId) await syncSubscription(tx, userId, sub);
      return userId;
    }
    case 'charge.refunded':
      return handleRefund(tx, event.data.object);
    default:
      return null;
  }
}

/**
 * POST /api/webhooks/stripe: the signature is checked over the raw body, then the event id is
 * stored and the event processed in one transaction, so a retried delivery is a no-op and a
 * failed one is retried by Stripe.
 */
export async function handleStripeWebhook(rawBody: Buffer, signature: string | null) {
  const cfg = config();
  if (!cfg.STRIPE_SECRET_KEY || !cfg.STRIPE_WEBHOOK_SECRET) throw new AppError(400, 'WEBHOOK_NOT_CONFIGURED', 'Stripe webhooks are not configured');
  if (!signature) throw new AppError(400, 'INVALID_SIGNATURE', 'Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = constructStripeEvent(rawBody, signature, cfg.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    log.warn({ err: error }, 'stripe webhook with a bad signature');
    throw new AppError(400, 'INVALID_SIGNATURE', 'Webhook signature verification failed');
  }
  const result = await getDb().transaction(async (tx) => {
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return { duplicate: true, userId: null };
    return { duplicate: false, userId: await processEvent(tx, event) };
  });
  if (result.userId) emitToUser(result.userId, 'update', { type: 'billing' });
  return { received: true, duplicate: result.duplicate, type: event.type };
}

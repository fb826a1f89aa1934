import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { getPlan } from '@/lib/plans';
import { config } from '../../config';
import { getDb, type Executor, type Transaction } from '../../db/client';
import { subscriptions, transactions, users, webhookEvents } from '../../db/schema';
import { AppError } from '../../http/errors';
import { log } from '../../log';
import {
  constructStripeEvent,
  invoiceIdForPayment,
  mapInvoice,
  mapSubscription,
  retrieveStripeSubscription,
  type Stripe,
} from '../../providers/payments/stripe';
import { notifyBillingChanged } from './account';
import { recordInvoice } from './transactions';

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

/**
 * What an event needs from Stripe besides itself, fetched before the database transaction opens
 * (no transaction is held across a network call): an invoice's subscription as it is now, and the
 * invoice a refunded charge paid when no transaction matches the charge.
 */
interface RemoteFacts {
  subscription: Stripe.Subscription | null;
  refundedInvoiceId: string | null;
}

const invoiceSubscriptionId = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription ?? null);

async function transactionOfCharge(db: Executor, charge: Stripe.Charge, invoiceId: string | null) {
  const ids = [charge.id, idOf(charge.payment_intent)].filter((v): v is string => !!v);
  const [byPayment] = await db.select().from(transactions).where(inArray(transactions.providerPaymentId, ids)).limit(1);
  if (byPayment || !invoiceId) return byPayment;
  const [byInvoice] = await db.select().from(transactions).where(eq(transactions.providerInvoiceId, invoiceId)).limit(1);
  return byInvoice;
}

async function fetchRemoteFacts(event: Stripe.Event): Promise<RemoteFacts> {
  const facts: RemoteFacts = { subscription: null, refundedInvoiceId: null };
  if (event.type === 'invoice.paid' || event.type === 'invoice.payment_succeeded' || event.type === 'invoice.payment_failed') {
    const subscriptionId = invoiceSubscriptionId(event.data.object);
    if (subscriptionId) facts.subscription = await retrieveStripeSubscription(subscriptionId);
  } else if (event.type === 'charge.refunded') {
    const charge = event.data.object;
    const paymentIntent = idOf(charge.payment_intent);
    if (charge.refunded && paymentIntent && !(await transactionOfCharge(getDb(), charge, null))) facts.refundedInvoiceId = await invoiceIdForPayment(paymentIntent);
  }
  return facts;
}

async function handleInvoice(tx: Transaction, invoice: Stripe.Invoice, facts: RemoteFacts): Promise<string | null> {
  const userId = await userByCustomer(tx, invoice.customer);
  if (!userId) return null;
  let rowId: string | null = null;
  let planId = 'free';
  const sub = facts.subscription;
  if (sub) {
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

async function handleRefund(tx: Transaction, charge: Stripe.Charge, facts: RemoteFacts): Promise<string | null> {
  if (!charge.refunded) return null;
  const paymentIntent = idOf(charge.payment_intent);
  const row = await transactionOfCharge(tx, charge, facts.refundedInvoiceId);
  if (!row) return null;
  await tx
    .update(transactions)
    .set({ status: 'refunded', refundedAt: new Date(), providerPaymentId: sql`coalesce(${transactions.providerPaymentId}, ${paymentIntent ?? charge.id})` })
    .where(eq(transactions.id, row.id));
  return row.userId;
}

async function processEvent(tx: Transaction, event: Stripe.Event, facts: RemoteFacts): Promise<string | null> {
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_succeeded':
    case 'invoice.payment_failed':
      return handleInvoice(tx, event.data.object, facts);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const sub = event.data.object;
      const userId = await userByCustomer(tx, sub.customer);
      if (userId) await syncSubscription(tx, userId, sub);
      return userId;
    }
    case 'charge.refunded':
      return handleRefund(tx, event.data.object, facts);
    default:
      return null;
  }
}

/**
 * POST /api/webhooks/stripe: the signature is checked over the raw body, what the event needs from
 * Stripe is fetched, then the event id is stored and the event processed in one transaction, so a
 * retried delivery is a no-op and a failed one is retried by Stripe. Answers whether the event was
 * seen before.
 */
export async function handleStripeWebhook(rawBody: Buffer, signature: string | null): Promise<{ duplicate: boolean; type: string }> {
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
  const db = getDb();
  const [seen] = await db.select({ id: webhookEvents.id }).from(webhookEvents).where(eq(webhookEvents.id, event.id)).limit(1);
  if (seen) return { duplicate: true, type: event.type };
  const facts = await fetchRemoteFacts(event);
  const result = await db.transaction(async (tx) => {
    // The event id is the guard: of two deliveries racing past the check above, one inserts it.
    const inserted = await tx
      .insert(webhookEvents)
      .values({ id: event.id, provider: 'stripe', type: event.type })
      .onConflictDoNothing()
      .returning({ id: webhookEvents.id });
    if (inserted.length === 0) return { duplicate: true, userId: null };
    return { duplicate: false, userId: await processEvent(tx, event, facts) };
  });
  if (result.userId) notifyBillingChanged(result.userId);
  return { duplicate: result.duplicate, type: event.type };
}

import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, count, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { BillingAddress, InvoiceDetails } from '@/lib/billing-types';
import { CARD_BRAND_NAMES } from '@/lib/card';
import { BILLING_MESSAGES, RENEWAL_MAX_ATTEMPTS, RENEWAL_RETRY_MS } from '@/lib/constants';
import { discountedPriceCents, getPlan, isPaidPlan, LISTED_PLANS, type Plan } from '@/lib/plans';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '@/lib/safe-return';
import type { AuthUser } from '../auth/guards';
import { config } from '../config';
import { getDb, type Executor, type Transaction } from '../db/client';
import { discounts, paymentMethods, subscriptions, transactions, users } from '../db/schema';
import { AppError, notFound } from '../http/errors';
import type { Site } from '../http/site-origin';
import type { RequestInfo } from '../http/request-info';
import { log } from '../log';
import {
  PaymentDeclinedError,
  paymentsMode,
  paymentsProvider,
  ProviderRequestError,
  type CardDetails,
  type ProviderDiscount,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../providers/payments';
import { confirmLocalSetup } from '../providers/payments/local';
import { emitToUser } from '../realtime';
import { beginBillingOperation, finishBillingOperation, withBillingOperation, type BillingOperation } from './billing-operations';
import { renderInvoicePdf } from './invoice-pdf';
import { hitRateLimit } from './rate-limit';
import { recordSecurityEvent } from './security-log';
import { usageFor } from './usage';

type SubscriptionRow = typeof subscriptions.$inferSelect;
type PaymentMethodRow = typeof paymentMethods.$inferSelect;
type TransactionRow = typeof transactions.$inferSelect;
type DiscountRow = typeof discounts.$inferSelect;

const LIVE_STATUSES = ['active', 'past_due', 'incomplete'] as const;

// ---------------------------------------------------------------------------------------------
// Helpers

/** Ids made by the local provider carry `_local_`; a switch between modes never mixes them. */
const ofCurrentMode = (providerId: string | null | undefined) => !!providerId && providerId.includes('_local_') === (paymentsMode() === 'local');

async function userRow(userId: string, db: Executor = getDb()) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User');
  return row;
}

async function liveSubscription(userId: string, db: Executor = getDb()): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

async function defaultPaymentMethod(userId: string, db: Executor = getDb()): Promise<PaymentMethodRow | undefined> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return rows.find((r) => ofCurrentMode(r.providerPaymentMethodId));
}

const displayName = (u: { firstName: string; lastName: string; username: string }) => `${u.firstName} ${u.lastName}`.trim() || u.username;
const cardLabel = (brand: string) => CARD_BRAND_NAMES[brand] ?? brand;

/**
 * The user's customer at the provider, created on first need. No lock: two first needs at once
 * may both ask the provider (Stripe answers both from one idempotency key), and only the first
 * id stored is kept and used.
 */
async function ensureCustomer(userId: string): Promise<string> {
  const u = await userRow(userId);
  if (u.paymentCustomerId && ofCurrentMode(u.paymentCustomerId)) return u.paymentCustomerId;
  const id = await paymentsProvider().createCustomer({ id: u.id, email: u.email, name: displayName(u) });
  const unchanged = u.paymentCustomerId === null ? isNull(users.paymentCustomerId) : eq(users.paymentCustomerId, u.paymentCustomerId);
  const [stored] = await getDb()
    .update(users)
    .set({ paymentCustomerId: id, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), unchanged))
    .returning({ id: users.paymentCustomerId });
  return stored?.id ?? (await userRow(userId)).paymentCustomerId ?? id;
}

/** A provider's refusal as the API's error: 402 for a declined card, 400/404 for a refused request. */
export function providerFailure(error: unknown): never {
  if (error instanceof PaymentDeclinedError) throw new AppError(402, error.code, error.message);
  if (error instanceof ProviderRequestError) throw new AppError(error.status === 404 ? 404 : 400, 'PAYMENT_PROVIDER_ERROR', error.message);
  throw error;
}

function planDto(plan: Plan) {
  return {
    id: plan.id,
    name: plan.name,
    priceCents: plan.priceCents,
    wasPriceCents: plan.wasPriceCents ?? null,
    interval: 'month' as const,
    maxClients: plan.maxClients,
    maxAIInteractions: plan.maxAIInteractions,
    features: plan.features,
    featured: plan.featured ?? false,
  };
}

function paymentMethodDto(pm: PaymentMethodRow) {
  return {
    id: pm.id,
    brand: pm.brand,
    brandName: cardLabel(pm.brand),
    last4: pm.last4,
    expMonth: pm.expMonth,
    expYear: pm.expYear,
    cardholderName: pm.cardholderName,
    billingAddress: pm.billingAddress ?? null,
    isDefault: pm.isDefault,
  };
}

/** Tells the user's open billing screens to reload. */
export function notifyBillingChanged(userId: string): void {
  emitToUser(userId, 'update', { type: 'billing' });
}

// ---------------------------------------------------------------------------------------------
// Billing info and history

/** Billing info (spec 01 §3) plus the plans grid and what the card form needs. */
export async function getBilling(userId: string) {
  await renewDueFor(userId).catch((error: unknown) => log.error({ err: error, userId }, 'renewal on read failed'));
  const [u, sub, pm, usage] = await Promise.all([userRow(userId), liveSubscription(userId), defaultPaymentMethod(userId), usageFor(userId)]);
  const plan = getPlan(u.planId);
  const mode = paymentsMode();
  return {
    plan: plan.id,
    planName: plan.name,
    priceCents: plan.priceCents,
    status: sub?.status ?? null,
    nextBillingDate: sub && !sub.cancelAtPeriodEnd ? sub.currentPeriodEnd.toISOString() : null,
    currentPeriodStart: sub?.currentPeriodStart.toISOString() ?? null,
    currentPeriodEnd: sub?.currentPeriodEnd.toISOString() ?? null,
    cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? false,
    paymentMethod: pm ? paymentMethodDto(pm) : null,
    billingAddress: pm?.billingAddress ?? null,
    usageMetrics: usage.usageMetrics,
    usageQuota: usage.usageQuota,
    plans: LISTED_PLANS.map(planDto),
    provider: mode,
    publishableKey: mode === 'stripe' ? (config().STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}
export type BillingInfo = Awaited<ReturnType<typeof getBilling>>;

const hasInvoice = (t: TransactionRow) => t.status === 'succeeded' && (!!t.invoiceUrl || !!t.providerInvoiceId);

export function transactionDto(t: TransactionRow) {
  return {
    id: t.id,
    date: t.date.toISOString(),
    description: t.description,
    /** Integer cents, USD. */
    amount: t.amountCents,
    currency: t.currency,
    status: t.status,
    planId: t.planId,
    invoiceUrl: hasInvoice(t) ? `/api/billing/invoices/${t.id}/download` : null,
  };
}

export async function listHistory(userId: string, page: number, limit: number) {
  const db = getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(eq(transactions.userId, userId))
      .orderBy(desc(transactions.date), desc(transactions.createdAt))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(transactions).where(eq(transactions.userId, userId)),
  ]);
  const totalCount = total?.n ?? 0;
  return {
    transactions: rows.map(transactionDto),
    pagination: { page, limit, total: totalCount, pages: Math.max(1, Math.ceil(totalCount / limit)) },
  };
}

// ---------------------------------------------------------------------------------------------
// Payment methods

export async function createSetupIntent(userId: string) {
  const customerId = await ensureCustomer(userId).catch(providerFailure);
  return paymentsProvider().createSetupIntent(customerId, userId).catch(providerFailure);
}

const CARD_SETUP_LIMIT = { name: 'card-setup:user', limit: 20, windowSeconds: 60 * 60 };

/** The local provider's stand-in for Stripe.js: card fields in, a payment method id out. */
export async function confirmLocalCard(
  userId: string,
  input: { clientSecret: string; card: { cardholderName: string; cardNumber: string; expirationMonth: number; expirationYear: number } },
) {
  if (paymentsMode() !== 'local') throw new AppError(404, 'NOT_FOUND', 'Card details go to Stripe directly when Stripe is configured');
  await hitRateLimit(CARD_SETUP_LIMIT, userId);
  return confirmLocalSetup(userId, input.clientSecret, input.card).catch(providerFailure);
}

export async function addPaymentMethod(user: AuthUser, input: { paymentMethodId: string; billingAddress?: BillingAddress }, info: RequestInfo, now = new Date()) {
  const billingAddress = input.billingAddress ?? null;
  const row = await withBillingOperation(user.id, 'payment_method', async () => {
    const customerId = await ensureCustomer(user.id).catch(providerFailure);
    const card: CardDetails = await paymentsProvider()
      .attachPaymentMethod({ customerId, userId: user.id, paymentMethodId: input.paymentMethodId, billingAddress })
      .catch(providerFailure);
    const { paymentMethodId, ...details } = card;
    return getDb().transaction(async (tx) => {
      await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, user.id));
      const [saved] = await tx
        .insert(paymentMethods)
        .values({ userId: user.id, providerPaymentMethodId: paymentMethodId, ...details, billingAddress, isDefault: true })
        .onConflictDoUpdate({
          target: [paymentMethods.userId, paymentMethods.providerPaymentMethodId],
          set: { ...details, billingAddress, isDefault: true },
        })
        .returning();
      return saved!;
    });
  });
  await recordSecurityEvent({ userId: user.id, type: 'payment_method_added', details: `${cardLabel(row.brand)} ending in ${row.last4} added`, ip: info.ip, userAgent: info.userAgent });
  // A renewal that failed for want of a working card is retried with the new one at once.
  await renewDueFor(user.id, now, { retryNow: true }).catch((error: unknown) => log.error({ err: error }, 'renewal retry failed'));
  notifyBillingChanged(user.id);
  return { success: true, message: 'Payment method added', paymentMethod: paymentMethodDto(row) };
}

export async function listPaymentMethods(userId: string) {
  const rows = await getDb()
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return { paymentMethods: rows.filter((r) => ofCurrentMode(r.providerPaymentMethodId)).map(paymentMethodDto) };
}

async function ownPaymentMethod(userId: string, id: string, tx: Executor): Promise<PaymentMethodRow> {
  const [row] = await tx
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Payment method');
  return row;
}

export async function setDefaultPaymentMethod(userId: string, id: string) {
  await withBillingOperation(userId, 'payment_method', async () => {
    const row = await ownPaymentMethod(userId, id, getDb());
    const customerId = await ensureCustomer(userId).catch(providerFailure);
    await paymentsProvider().setDefaultPaymentMethod(customerId, row.providerPaymentMethodId).catch(providerFailure);
    await getDb().update(paymentMethods).set({ isDefault: sql`${paymentMethods.id} = ${id}` }).where(eq(paymentMethods.userId, userId));
  });
  notifyBillingChanged(userId);
  return { success: true, message: 'Default payment method updated', ...(await listPaymentMethods(userId)) };
}

export async function removePaymentMethod(user: AuthUser, id: string, info: RequestInfo) {
  const removed = await withBillingOperation(user.id, 'payment_method', async () => {
    const db = getDb();
    const row = await ownPaymentMethod(user.id, id, db);
    const others = (await db.select().from(paymentMethods).where(and(eq(paymentMethods.userId, user.id), ne(paymentMethods.id, id))).orderBy(desc(paymentMethods.createdAt))).filter(
      (r) => ofCurrentMode(r.providerPaymentMethodId),
    );
    const sub = await liveSubscription(user.id);
    if (others.length === 0 && sub && !sub.cancelAtPeriodEnd && isPaidPlan(sub.planId)) {
      throw new AppError(409, 'PAYMENT_METHOD_IN_USE', 'Add another card before removing the one your subscription is paid with, or cancel the subscription first.');
    }
    const next = row.isDefault ? others[0] : undefined;
    if (next) {
      const customerId = await ensureCustomer(user.id).catch(providerFailure);
      await paymentsProvider().setDefaultPaymentMethod(customerId, next.providerPaymentMethodId).catch(providerFailure);
    }
    await paymentsProvider().detachPaymentMethod(row.providerPaymentMethodId).catch((error: unknown) => log.warn({ err: error }, 'detaching a payment method failed'));
    await db.transaction(async (tx) => {
      await tx.delete(paymentMethods).where(eq(paymentMethods.id, id));
      if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id));
    });
    return row;
  });
  await recordSecurityEvent({ userId: user.id, type: 'payment_method_removed', details: `${cardLabel(removed.brand)} ending in ${removed.last4} removed`, ip: info.ip, userAgent: info.userAgent });
  notifyBillingChanged(user.id);
  return { success: true, message: 'Payment method removed', ...(await listPaymentMethods(user.id)) };
}

// ---------------------------------------------------------------------------------------------
// Discounts

const INVALID_DISCOUNT = () => new AppError(404, 'INVALID_DISCOUNT_CODE', 'Invalid discount code');
const FULLY_REDEEMED = () => new AppError(400, 'INVALID_DISCOUNT_CODE', 'This discount code has been fully redeemed');

/** A code that exists, is active, unexpired, not used up and valid for the plan; else the reason. */
async function usableDiscount(code: string, planId: string, now: Date): Promise<DiscountRow> {
  const [row] = await getDb().select().from(discounts).where(eq(discounts.code, code.trim().toUpperCase())).limit(1);
  if (!row || !row.active) throw INVALID_DISCOUNT();
  const plan = getPlan(planId);
  if (row.validUntil && row.validUntil.getTime() <= now.getTime()) throw new AppError(400, 'INVALID_DISCOUNT_CODE', 'This discount code has expired');
  if (row.maxRedemptions !== null && row.redemptions >= row.maxRedemptions) throw FULLY_REDEEMED();
  if (plan.priceCents === 0) throw new AppError(400, 'INVALID_DISCOUNT_CODE', 'Discount codes apply to paid plans only');
  if (row.planIds?.length && !row.planIds.includes(plan.id)) throw new AppError(400, 'INVALID_DISCOUNT_CODE', `This discount code is not valid for the ${plan.name} plan`);
  return row;
}

/**
 * A usable code, counted as redeemed before the charge: the count only rises while it is below
 * the limit (one statement, no lock), so a limited code is never over-redeemed.
 */
async function redeemDiscount(code: string, planId: string, now: Date): Promise<DiscountRow> {
  const row = await usableDiscount(code, planId, now);
  const [counted] = await getDb()
    .update(discounts)
    .set({ redemptions: sql`${discounts.redemptions} + 1` })
    .where(and(eq(discounts.id, row.id), or(isNull(discounts.maxRedemptions), lt(discounts.redemptions, discounts.maxRedemptions))))
    .returning();
  if (!counted) throw FULLY_REDEEMED();
  return counted;
}

/** Gives a redemption back when the provider refused the change it was counted for. */
async function releaseDiscount(id: string): Promise<void> {
  await getDb()
    .update(discounts)
    .set({ redemptions: sql`greatest(${discounts.redemptions} - 1, 0)` })
    .where(eq(discounts.id, id));
}

const discountDto = (d: DiscountRow) => ({ code: d.code, name: d.name, description: d.description, type: d.type, value: d.value });
const providerDiscount = (d: DiscountRow): ProviderDiscount => ({ code: d.code, name: d.name, type: d.type, value: d.value, providerCouponId: d.providerCouponId });

export async function validateDiscount(code: string, planId: string, now = new Date()) {
  const row = await usableDiscount(code, planId, now);
  const plan = getPlan(planId);
  return {
    valid: true,
    discount: discountDto(row),
    planId: plan.id,
    priceCents: plan.priceCents,
    discountedPriceCents: discountedPriceCents(plan.priceCents, row),
  };
}

/** The codes every installation starts with (docs/decisions.md); an admin's later changes stay. */
export const DEFAULT_DISCOUNTS = [
  { code: 'WELCOME20', name: 'Welcome 20%', description: '20% off your first month', type: 'percentage' as const, value: 20 },
  { code: 'SAVE10', name: 'Save $10', description: '$10.00 off your first month', type: 'fixed_amount' as const, value: 10 },
];

export async function ensureDefaultDiscounts(): Promise<void> {
  await getDb().insert(discounts).values(DEFAULT_DISCOUNTS).onConflictDoNothing({ target: discounts.code });
}

// ---------------------------------------------------------------------------------------------
// Invoices as transactions

interface RecordInvoiceArgs {
  userId: string;
  subscriptionRowId: string | null;
  planId: string;
  description: string;
  invoice: ProviderInvoice;
  card?: { brand: string; last4: string } | null;
  discountCode?: string | null;
}

const txStatusOf = (invoice: ProviderInvoice) => (invoice.status === 'paid' ? 'succeeded' : invoice.status === 'failed' ? 'failed' : 'pending');

/** One transaction per provider invoice; a webhook and the API answer may both report it. */
export async function recordInvoice(tx: Executor, args: RecordInvoiceArgs): Promise<TransactionRow> {
  const { invoice } = args;
  const details: InvoiceDetails = {
    lines: invoice.lines,
    periodStart: invoice.periodStart.toISOString(),
    periodEnd: invoice.periodEnd.toISOString(),
    discountCode: args.discountCode ?? null,
    card: args.card ? { brand: cardLabel(args.card.brand), last4: args.card.last4 } : null,
  };
  const [row] = await tx
    .insert(transactions)
    .values({
      userId: args.userId,
      subscriptionId: args.subscriptionRowId,
      planId: args.planId,
      description: args.description,
      amountCents: invoice.amountCents,
      status: txStatusOf(invoice),
      providerInvoiceId: invoice.id,
      providerPaymentId: invoice.paymentId,
      invoiceUrl: invoice.pdfUrl,
      details,
      failureMessage: invoice.failureMessage ?? null,
      date: invoice.date,
    })
    .onConflictDoUpdate({
      target: transactions.providerInvoiceId,
      set: {
        // A refund is final; a late "paid" report of the same invoice does not undo it.
        status: sql`case when ${transactions.status} = 'refunded' then 'refunded'::transaction_status else excluded.status end`,
        amountCents: sql`excluded.amount_cents`,
        providerPaymentId: sql`coalesce(excluded.provider_payment_id, ${transactions.providerPaymentId})`,
        invoiceUrl: sql`coalesce(excluded.invoice_url, ${transactions.invoiceUrl})`,
        subscriptionId: sql`coalesce(excluded.subscription_id, ${transactions.subscriptionId})`,
        failureMessage: sql`excluded.failure_message`,
      },
    })
    .returning();
  return row!;
}

async function paidThisPeriod(sub: SubscriptionRow, tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::int` })
    .from(transactions)
    .where(and(eq(transactions.subscriptionId, sub.id), eq(transactions.status, 'succeeded'), gte(transactions.date, sub.currentPeriodStart)));
  return Number(row?.total ?? 0);
}

// ---------------------------------------------------------------------------------------------
// Plan changes

/**
 * PUT /billing/subscription. A paid target needs a card (402 with requiredAction
 * add_payment_method); free ends the subscription at the period's end; between paid plans the
 * change is immediate with the unused time credited.
 */
export async function changePlan(user: AuthUser, input: { planId: string; discountCode?: string }, info: RequestInfo, now = new Date()) {
  const target = getPlan(input.planId);
  if (!target.listed) throw new AppError(400, 'PLAN_UNAVAILABLE', BILLING_MESSAGES.planUnavailable);
  if (target.priceCents === 0) {
    const u = await userRow(user.id);
    const sub = await liveSubscription(user.id);
    if (!sub) {
      if (u.planId === target.id) throw new AppError(400, 'ALREADY_ON_PLAN', `You are already on the ${target.name} plan`);
      // A plan given without a subscription (by an admin) simply ends.
      await getDb().update(users).set({ planId: target.id, updatedAt: sql`now()` }).where(eq(users.id, user.id));
      return { success: true, message: `You are now on the ${target.name} plan`, billing: await getBilling(user.id) };
    }
    const cancelled = await cancelSubscription(user, info, now);
    return { ...cancelled, message: BILLING_MESSAGES.cancelNotice };
  }

  const code = input.discountCode?.trim().toUpperCase() || null;
  const outcome = await withBillingOperation(user.id, 'plan_change', (operation) => changeToPaidPlan(user.id, target, code, operation, now), { planId: target.id, discountCode: code });

  if (outcome.transaction && outcome.localInvoice && outcome.transaction.status === 'succeeded') {
    await writeLocalInvoice(outcome.transaction).catch((error: unknown) => log.error({ err: error }, 'writing the invoice PDF failed'));
  }
  await recordSecurityEvent({ userId: user.id, type: 'plan_changed', details: outcome.message, ip: info.ip, userAgent: info.userAgent });
  notifyBillingChanged(user.id);
  return {
    success: true,
    message: outcome.message,
    plan: target.id,
    transaction: outcome.transaction ? transactionDto(outcome.transaction) : null,
    billing: await getBilling(user.id),
  };
}

interface ChangeOutcome {
  message: string;
  transaction: TransactionRow | null;
  localInvoice: boolean;
}

/**
 * A change to a paid plan, as the user's one billing operation in flight: read and check, count
 * the discount, call the provider with no transaction open (its requests carry the operation's
 * idempotency key), then settle in one short transaction. Stripe's webhooks report the same
 * subscription and invoice; both paths write them idempotently (keyed by the provider's ids).
 */
async function changeToPaidPlan(userId: string, target: Plan, code: string | null, operation: BillingOperation, now: Date): Promise<ChangeOutcome> {
  const provider = paymentsProvider();
  const u = await userRow(userId);
  const sub = await liveSubscription(userId);
  if (sub && sub.planId === target.id) {
    if (!sub.cancelAtPeriodEnd) throw new AppError(400, 'ALREADY_ON_PLAN', `You are already on the ${target.name} plan`);
    await provider.setCancelAtPeriodEnd(sub.providerSubscriptionId!, false).catch(providerFailure);
    await getDb().update(subscriptions).set({ cancelAtPeriodEnd: false, canceledAt: null, updatedAt: now }).where(eq(subscriptions.id, sub.id));
    return { message: `Your ${target.name} subscription will continue`, transaction: null, localInvoice: false };
  }
  if (!sub && u.planId === target.id) throw new AppError(400, 'ALREADY_ON_PLAN', `You are already on the ${target.name} plan`);
  const pm = await defaultPaymentMethod(userId);
  if (!pm) throw new AppError(402, 'PAYMENT_METHOD_REQUIRED', BILLING_MESSAGES.paymentMethodRequired, { requiredAction: 'add_payment_method' });
  const discount = code ? await redeemDiscount(code, target.id, now) : null;
  const card = { brand: pm.brand, last4: pm.last4 };
  const previous = sub ? getPlan(sub.planId) : null;
  const description = previous ? `${target.name} plan, monthly (changed from ${previous.name})` : `${target.name} plan, monthly`;

  let result: ProviderSubscription;
  try {
    const customerId = await ensureCustomer(userId);
    const common = { customerId, userId, plan: target, paymentMethodId: pm.providerPaymentMethodId, discount: discount ? providerDiscount(discount) : null, idempotencyKey: operation.idempotencyKey };
    result = sub
      ? await provider.changeSubscriptionPlan({
          ...common,
          current: {
            providerSubscriptionId: sub.providerSubscriptionId!,
            planId: sub.planId,
            currentPeriodStart: sub.currentPeriodStart,
            currentPeriodEnd: sub.currentPeriodEnd,
            paidThisPeriodCents: await paidThisPeriod(sub, getDb()),
          },
        })
      : await provider.createSubscription(common);
  } catch (error) {
    // A refusal (decline, bad request) changed nothing, so the code is given back. When the outcome
    // is unknown (timeout, 5xx) it stays counted, so a limited code is never over-redeemed; Stripe's
    // webhooks bring the subscription in if the change went through after all.
    if (discount && (error instanceof PaymentDeclinedError || error instanceof ProviderRequestError)) await releaseDiscount(discount.id);
    if (!(error instanceof PaymentDeclinedError)) return providerFailure(error);
    const amountCents = discountedPriceCents(target.priceCents, discount);
    const failed: ProviderInvoice = error.invoice ?? {
      id: `failed_${randomBytes(10).toString('hex')}`,
      status: 'failed',
      amountCents,
      paymentId: null,
      pdfUrl: null,
      lines: [{ description, amountCents }],
      periodStart: now,
      periodEnd: addMonths(now, 1),
      date: now,
    };
    await recordInvoice(getDb(), { userId, subscriptionRowId: sub?.id ?? null, planId: target.id, description, invoice: { ...failed, failureMessage: error.message }, card, discountCode: discount?.code });
    throw new AppError(402, error.code, error.message);
  }

  const transaction = await getDb().transaction(async (tx) => {
    const values = {
      planId: target.id,
      status: result.status,
      providerSubscriptionId: result.id,
      discountCode: discount?.code ?? null,
      priceCents: target.priceCents,
      currentPeriodStart: result.currentPeriodStart,
      currentPeriodEnd: result.currentPeriodEnd,
      cancelAtPeriodEnd: false,
      canceledAt: null,
      updatedAt: now,
    };
    // The webhook may have stored the provider's subscription already; then that row is the one.
    const [reported] = await tx.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.providerSubscriptionId, result.id)).limit(1);
    const rowId = reported?.id ?? sub?.id;
    const [saved] = rowId
      ? await tx.update(subscriptions).set(values).where(eq(subscriptions.id, rowId)).returning()
      : await tx
          .insert(subscriptions)
          .values({ userId, provider: provider.name, ...values })
          // A webhook storing the same subscription between the read above and this insert.
          .onConflictDoUpdate({ target: subscriptions.providerSubscriptionId, set: values })
          .returning();
    const recorded = result.latestInvoice
      ? await recordInvoice(tx, { userId, subscriptionRowId: saved!.id, planId: target.id, description, invoice: result.latestInvoice, card, discountCode: discount?.code })
      : null;
    await tx.update(users).set({ planId: target.id, updatedAt: sql`now()` }).where(eq(users.id, userId));
    if (discount && provider.name === 'stripe' && !discount.providerCouponId) {
      await tx.update(discounts).set({ providerCouponId: `cadence_${discount.code}` }).where(eq(discounts.id, discount.id));
    }
    return recorded;
  });
  const excess = result.latestInvoice?.excessCreditCents ?? 0;
  if (excess > 0 && sub) await refundUnusedTime(userId, sub, excess, previous!, operation, now);
  return { message: `You are now on the ${target.name} plan`, transaction, localInvoice: provider.name === 'local' };
}

/** Local provider: credit for unused time beyond the new plan's price goes back to the card. */
async function refundUnusedTime(userId: string, sub: SubscriptionRow, cents: number, previous: Plan, operation: BillingOperation, now: Date): Promise<void> {
  const [paid] = await getDb()
    .select()
    .from(transactions)
    .where(and(eq(transactions.subscriptionId, sub.id), eq(transactions.status, 'succeeded'), sql`${transactions.amountCents} >= ${cents}`))
    .orderBy(desc(transactions.date))
    .limit(1);
  if (!paid) return;
  const refund = await paymentsProvider().refund({
    paymentId: paid.providerPaymentId,
    invoiceId: paid.providerInvoiceId,
    amountCents: cents,
    reason: 'unused time',
    idempotencyKey: `${operation.idempotencyKey}-unused-time`,
  });
  await getDb()
    .insert(transactions)
    .values({
      userId,
      subscriptionId: sub.id,
      planId: previous.id,
      description: `Refund of unused time on the ${previous.name} plan`,
      amountCents: cents,
      status: 'refunded',
      providerPaymentId: refund.id,
      refundedAt: now,
      details: { lines: [{ description: `Unused time on the ${previous.name} plan`, amountCents: -cents }] },
    });
}

export async function cancelSubscription(user: AuthUser, info: RequestInfo, now = new Date()) {
  const sub = await withBillingOperation(user.id, 'cancel', async () => {
    const live = await liveSubscription(user.id);
    if (!live || !isPaidPlan(live.planId)) throw new AppError(400, 'NO_SUBSCRIPTION', BILLING_MESSAGES.noSubscription);
    if (live.cancelAtPeriodEnd) return live;
    await paymentsProvider().setCancelAtPeriodEnd(live.providerSubscriptionId!, true).catch(providerFailure);
    const [saved] = await getDb().update(subscriptions).set({ cancelAtPeriodEnd: true, canceledAt: now, updatedAt: now }).where(eq(subscriptions.id, live.id)).returning();
    return saved!;
  });
  await recordSecurityEvent({
    userId: user.id,
    type: 'subscription_canceled',
    details: `${getPlan(sub.planId).name} subscription set to end on ${sub.currentPeriodEnd.toISOString().slice(0, 10)}`,
    ip: info.ip,
    userAgent: info.userAgent,
  });
  notifyBillingChanged(user.id);
  return {
    success: true,
    message: BILLING_MESSAGES.cancelNotice,
    cancelAtPeriodEnd: true,
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    billing: await getBilling(user.id),
  };
}

export async function resumeSubscription(user: AuthUser, now = new Date()) {
  await withBillingOperation(user.id, 'resume', async () => {
    const live = await liveSubscription(user.id);
    if (!live || !live.cancelAtPeriodEnd) throw new AppError(400, 'NOT_CANCELING', 'Your subscription is not set to end');
    await paymentsProvider().setCancelAtPeriodEnd(live.providerSubscriptionId!, false).catch(providerFailure);
    await getDb().update(subscriptions).set({ cancelAtPeriodEnd: false, canceledAt: null, updatedAt: now }).where(eq(subscriptions.id, live.id));
  });
  notifyBillingChanged(user.id);
  return { success: true, message: 'Your subscription will continue', billing: await getBilling(user.id) };
}

// ---------------------------------------------------------------------------------------------
// Portal

/**
 * Where the provider's portal sends the user back: only a path of this site (lib/safe-return.ts),
 * on the origin the user is at (storage and the session are per origin), or on the allowed origin
 * the address names.
 */
function portalReturnUrl(returnUrl: string | undefined, site: Site): string {
  if (!returnUrl) return `${site.origin}${DEFAULT_RETURN_PATH}`;
  const path = safeReturnPath(returnUrl, site.origins);
  if (path === null) {
    throw new AppError(400, 'VALIDATION_ERROR', BILLING_MESSAGES.returnUrlNotOfSite, { details: [{ field: 'returnUrl', message: BILLING_MESSAGES.returnUrlNotOfSite }] });
  }
  return `${returnUrl.startsWith('/') ? site.origin : new URL(returnUrl).origin}${path}`;
}

export async function createPortalSession(userId: string, returnUrl: string | undefined, site: Site) {
  const target = portalReturnUrl(returnUrl, site);
  const customerId = await ensureCustomer(userId).catch(providerFailure);
  const { url } = await paymentsProvider().createPortalSession(customerId, target).catch(providerFailure);
  return { url };
}

// ---------------------------------------------------------------------------------------------
// Invoice files

function invoicesDir(): string {
  return path.resolve(config().DATA_DIR, 'invoices');
}

const invoiceNumber = (t: TransactionRow) => `CAD-${t.date.toISOString().slice(0, 10).replaceAll('-', '')}-${t.id.slice(0, 8).toUpperCase()}`;

async function renderFor(t: TransactionRow): Promise<Buffer> {
  const u = await userRow(t.userId);
  const [pm] = await getDb().select().from(paymentMethods).where(eq(paymentMethods.userId, t.userId)).orderBy(desc(paymentMethods.isDefault)).limit(1);
  const details = t.details ?? { lines: [{ description: t.description, amountCents: t.amountCents }] };
  return renderInvoicePdf({
    number: invoiceNumber(t),
    date: t.date,
    status: t.status,
    customer: { name: displayName(u), email: u.email, address: pm?.billingAddress ?? null },
    lines: details.lines.length ? details.lines : [{ description: t.description, amountCents: t.amountCents }],
    totalCents: t.amountCents,
    periodStart: details.periodStart ? new Date(details.periodStart) : null,
    periodEnd: details.periodEnd ? new Date(details.periodEnd) : null,
    card: details.card ?? null,
    refundedAt: t.refundedAt,
  });
}

/** Renders a local invoice's PDF into DATA_DIR/invoices (written whole, then renamed into place). */
async function writeLocalInvoice(t: TransactionRow): Promise<string> {
  const dir = invoicesDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${t.id}.pdf`);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, await renderFor(t));
  fs.renameSync(tmp, file);
  return file;
}

/** The PDF of one of the user's own paid transactions. */
export async function invoiceDownload(userId: string, transactionId: string): Promise<{ body: Uint8Array; name: string }> {
  const [t] = await getDb()
    .select()
    .from(transactions)
    .where(and(eq(transactions.id, transactionId), eq(transactions.userId, userId)))
    .limit(1);
  if (!t) throw new AppError(404, 'NOT_FOUND', 'Invoice not found');
  if (t.status !== 'succeeded') throw new AppError(409, 'NO_INVOICE', 'Only paid transactions have an invoice to download');
  if (!hasInvoice(t)) throw new AppError(404, 'NOT_FOUND', 'Invoice not found');
  const name = `cadence-invoice-${invoiceNumber(t)}.pdf`;
  if (t.invoiceUrl) {
    const provider = paymentsProvider();
    if (!provider.fetchInvoicePdf) throw new AppError(404, 'NOT_FOUND', 'Invoice not found');
    try {
      return { body: await provider.fetchInvoicePdf(t.invoiceUrl), name };
    } catch (error) {
      log.error({ err: error, transactionId }, 'invoice PDF fetch failed');
      throw new AppError(502, 'PROVIDER_UNAVAILABLE', 'The invoice could not be fetched from the payments provider. Please try again.');
    }
  }
  const file = path.join(invoicesDir(), `${t.id}.pdf`);
  const at = fs.existsSync(file) ? file : await writeLocalInvoice(t);
  return { body: new Uint8Array(fs.readFileSync(at)), name };
}

// ---------------------------------------------------------------------------------------------
// Renewals (local provider; Stripe renews by itself and reports by webhook)

/**
 * Rolls the user's local subscription over every period that has ended: ends it when it was set
 * to cancel, otherwise charges the next month. A failing card is retried daily, then the
 * subscription ends after RENEWAL_MAX_ATTEMPTS.
 */
export async function renewDueFor(userId: string, now = new Date(), options: { retryNow?: boolean } = {}): Promise<void> {
  const provider = paymentsProvider();
  if (provider.name !== 'local' || !provider.chargeRenewal) return;
  const [due] = await getDb()
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, 'local'), inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.currentPeriodEnd, now)))
    .limit(1);
  if (!due) return;
  const invoicesToWrite: TransactionRow[] = [];
  const db = getDb();
  // The user's one billing operation: a renewal never runs beside a plan change. When another is
  // in flight this pass is skipped; the next read of the billing or the cron renews.
  const operation = await beginBillingOperation(userId, 'renewal').catch((error: unknown) => {
    if (error instanceof AppError && error.status === 409) return null;
    throw error;
  });
  if (!operation) return;
  let outcome: { error?: unknown } = {};
  try {
    for (let round = 0; round < 36; round += 1) {
      const sub = await liveSubscription(userId);
      if (!sub || sub.provider !== 'local' || sub.currentPeriodEnd > now || sub.status === 'incomplete') break;
      if (sub.cancelAtPeriodEnd) {
        await db.transaction((tx) => endSubscription(tx, sub, now));
        break;
      }
      const plan = getPlan(sub.planId);
      const pm = await defaultPaymentMethod(userId);
      const failures = await db
        .select({ date: transactions.date })
        .from(transactions)
        .where(and(eq(transactions.subscriptionId, sub.id), eq(transactions.status, 'failed'), gte(transactions.date, sub.currentPeriodEnd)))
        .orderBy(desc(transactions.date));
      const last = failures[0]?.date;
      if (last && !options.retryNow && now.getTime() - last.getTime() < RENEWAL_RETRY_MS) break;
      const periodStart = sub.currentPeriodEnd;
      const periodEnd = addMonths(periodStart, 1);
      const description = `${plan.name} plan, monthly renewal`;
      let invoice: ProviderInvoice;
      try {
        if (!pm) throw new PaymentDeclinedError('No payment method on file');
        invoice = await provider.chargeRenewal({ userId, plan, paymentMethodId: pm.providerPaymentMethodId, periodStart, periodEnd });
      } catch (error) {
        if (!(error instanceof PaymentDeclinedError)) throw error;
        const failed: ProviderInvoice = error.invoice ?? {
          id: `failed_${randomBytes(10).toString('hex')}`,
          status: 'failed',
          amountCents: plan.priceCents,
          paymentId: null,
          pdfUrl: null,
          lines: [{ description, amountCents: plan.priceCents }],
          periodStart,
          periodEnd,
          date: now,
        };
        await db.transaction(async (tx) => {
          await recordInvoice(tx, { userId, subscriptionRowId: sub.id, planId: plan.id, description, invoice: { ...failed, date: now, failureMessage: error.message }, card: pm ?? null });
          if (failures.length + 1 >= RENEWAL_MAX_ATTEMPTS) await endSubscription(tx, sub, now);
          else await tx.update(subscriptions).set({ status: 'past_due', updatedAt: now }).where(eq(subscriptions.id, sub.id));
        });
        break;
      }
      const row = await db.transaction(async (tx) => {
        const recorded = await recordInvoice(tx, { userId, subscriptionRowId: sub.id, planId: plan.id, description, invoice, card: pm });
        await tx.update(subscriptions).set({ status: 'active', currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, updatedAt: now }).where(eq(subscriptions.id, sub.id));
        return recorded;
      });
      invoicesToWrite.push(row);
    }
  } catch (error) {
    outcome = { error };
    throw error;
  } finally {
    await finishBillingOperation(operation.id, outcome);
  }
  for (const t of invoicesToWrite) await writeLocalInvoice(t).catch((error: unknown) => log.error({ err: error }, 'writing the invoice PDF failed'));
  notifyBillingChanged(userId);
}

async function endSubscription(tx: Transaction, sub: SubscriptionRow, now: Date): Promise<void> {
  await tx.update(subscriptions).set({ status: 'canceled', canceledAt: sub.canceledAt ?? now, updatedAt: now }).where(eq(subscriptions.id, sub.id));
  await tx.update(users).set({ planId: 'free', updatedAt: sql`now()` }).where(eq(users.id, sub.userId));
}

/** The cron job: every local subscription whose period has ended. */
export async function renewDueSubscriptions(now = new Date()): Promise<number> {
  const due = await getDb()
    .selectDistinct({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(and(eq(subscriptions.provider, 'local'), inArray(subscriptions.status, ['active', 'past_due']), lte(subscriptions.currentPeriodEnd, now)))
    .limit(500);
  for (const { userId } of due) {
    await renewDueFor(userId, now).catch((error: unknown) => log.error({ err: error, userId }, 'subscription renewal failed'));
  }
  return due.length;
}

// ---------------------------------------------------------------------------------------------
// For the administrator area and account deletion

/** Ends the provider's subscriptions of an account being deleted, so it is never charged again. */
export async function endSubscriptionsForDeletedAccount(userId: string): Promise<void> {
  const live = await getDb()
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])));
  for (const sub of live) {
    if (sub.providerSubscriptionId && ofCurrentMode(sub.providerSubscriptionId)) await paymentsProvider().cancelNow(sub.providerSubscriptionId);
  }
}

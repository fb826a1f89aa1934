import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@/lib/constants';
import { discountedPriceCents, getPlan, type Plan } from '@/lib/plans';
import type { BillingTransaction } from '@/lib/schemas/billing';
import type { AuthUser } from '../../auth/guards';
import { getDb, type Executor } from '../../db/client';
import { discounts, subscriptions, transactions, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { RequestInfo } from '../../http/request-info';
import { log } from '../../log';
import { PaymentDeclinedError, paymentsProvider, ProviderRequestError, type ProviderInvoice, type ProviderSubscription } from '../../providers/payments';
import { recordSecurityEvent } from '../security-log';
import { defaultPaymentMethod, ensureCustomer, liveSubscription, notifyBillingChanged, providerFailure, userRow, type SubscriptionRow } from './account';
import { providerDiscount, redeemDiscount, releaseDiscount } from './discounts';
import { writeLocalInvoice } from './invoice-files';
import { withBillingOperation, type BillingOperation } from './operations';
import { cancelSubscription } from './subscriptions';
import { recordInvoice, transactionDto, type TransactionRow } from './transactions';

/** A move to another plan: to a paid one charged now with unused time credited, or to Free. */

async function paidThisPeriod(sub: SubscriptionRow, tx: Executor): Promise<number> {
  const [row] = await tx
    .select({ total: sql<number>`coalesce(sum(${transactions.amountCents}), 0)::int` })
    .from(transactions)
    .where(and(eq(transactions.subscriptionId, sub.id), eq(transactions.status, 'succeeded'), gte(transactions.date, sub.currentPeriodStart)));
  return Number(row?.total ?? 0);
}

/** What a plan change did: the handler answers it with the billing info as it is after it. */
export type PlanChange =
  | { kind: 'paid'; message: string; plan: string; transaction: BillingTransaction | null }
  /** To Free with a subscription: it ends at the period's end, as a cancel. */
  | { kind: 'canceling'; currentPeriodEnd: Date }
  /** To Free from a plan given without a subscription (by an admin). */
  | { kind: 'free'; message: string };

/**
 * PUT /billing/subscription. A paid target needs a card (402 with requiredAction
 * add_payment_method); free ends the subscription at the period's end; between paid plans the
 * change is immediate with the unused time credited.
 */
export async function changePlan(user: AuthUser, input: { planId: string; discountCode?: string }, info: RequestInfo, now = new Date()): Promise<PlanChange> {
  const target = getPlan(input.planId);
  if (!target.listed) throw new AppError(400, 'PLAN_UNAVAILABLE', BILLING_MESSAGES.planUnavailable);
  if (target.priceCents === 0) {
    const u = await userRow(user.id);
    const sub = await liveSubscription(user.id);
    if (!sub) {
      if (u.planId === target.id) throw new AppError(400, 'ALREADY_ON_PLAN', `You are already on the ${target.name} plan`);
      // A plan given without a subscription (by an admin) simply ends.
      await getDb().update(users).set({ planId: target.id, updatedAt: sql`now()` }).where(eq(users.id, user.id));
      return { kind: 'free', message: `You are now on the ${target.name} plan` };
    }
    const { currentPeriodEnd } = await cancelSubscription(user, info, now);
    return { kind: 'canceling', currentPeriodEnd };
  }

  const code = input.discountCode?.trim().toUpperCase() || null;
  const outcome = await withBillingOperation(user.id, 'plan_change', (operation) => changeToPaidPlan(user.id, target, code, operation, now), { planId: target.id, discountCode: code });

  if (outcome.transaction && outcome.localInvoice && outcome.transaction.status === 'succeeded') {
    await writeLocalInvoice(outcome.transaction).catch((error: unknown) => log.error({ err: error }, 'writing the invoice PDF failed'));
  }
  await recordSecurityEvent({ userId: user.id, type: 'plan_changed', details: outcome.message, ip: info.ip, userAgent: info.userAgent });
  notifyBillingChanged(user.id);
  return { kind: 'paid', message: outcome.message, plan: target.id, transaction: outcome.transaction ? transactionDto(outcome.transaction) : null };
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

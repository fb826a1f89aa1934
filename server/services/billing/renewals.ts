import { randomBytes } from 'node:crypto';
import { addMonths } from 'date-fns';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { RENEWAL_MAX_ATTEMPTS, RENEWAL_RETRY_MS } from '@/lib/constants';
import { getPlan } from '@/lib/plans';
import { getDb, type Transaction } from '../../db/client';
import { subscriptions, transactions, users } from '../../db/schema';
import { AppError } from '../../http/errors';
import { log } from '../../log';
import { PaymentDeclinedError, paymentsProvider, type ProviderInvoice } from '../../providers/payments';
import { defaultPaymentMethod, liveSubscription, notifyBillingChanged, type SubscriptionRow } from './account';
import { writeLocalInvoice } from './invoice-files';
import { beginBillingOperation, finishBillingOperation } from './operations';
import { recordInvoice, type TransactionRow } from './transactions';

/** Renewals of the local provider's subscriptions; Stripe renews by itself and reports by webhook. */

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

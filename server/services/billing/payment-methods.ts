import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { isPaidPlan } from '@/lib/plans';
import type { BillingAddress, PaymentMethodInfo } from '@/lib/schemas/billing';
import type { AuthUser } from '../../auth/guards';
import { getDb, type Executor } from '../../db/client';
import { paymentMethods } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import type { RequestInfo } from '../../http/request-info';
import { log } from '../../log';
import { paymentsMode, paymentsProvider, type CardDetails } from '../../providers/payments';
import { confirmLocalSetup } from '../../providers/payments/local';
import { hitRateLimit } from '../rate-limit';
import { recordSecurityEvent } from '../security-log';
import { cardLabel, ensureCustomer, liveSubscription, notifyBillingChanged, ofCurrentMode, providerFailure, type PaymentMethodRow } from './account';
import { withBillingOperation } from './operations';
import { renewDueFor } from './renewals';

/** The user's saved cards: setting one up at the provider, saving, listing, choosing the default, removing. */

export function paymentMethodDto(pm: PaymentMethodRow): PaymentMethodInfo {
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

export async function createSetupIntent(userId: string): Promise<{ clientSecret: string }> {
  const customerId = await ensureCustomer(userId).catch(providerFailure);
  return paymentsProvider().createSetupIntent(customerId, userId).catch(providerFailure);
}

const CARD_SETUP_LIMIT = { name: 'card-setup:user', limit: 20, windowSeconds: 60 * 60 };

/** The local provider's stand-in for Stripe.js: card fields in, a payment method id out. */
export async function confirmLocalCard(
  userId: string,
  input: { clientSecret: string; card: { cardholderName: string; cardNumber: string; expirationMonth: number; expirationYear: number } },
): Promise<{ paymentMethodId: string }> {
  if (paymentsMode() !== 'local') throw new AppError(404, 'NOT_FOUND', 'Card details go to Stripe directly when Stripe is configured');
  await hitRateLimit(CARD_SETUP_LIMIT, userId);
  return confirmLocalSetup(userId, input.clientSecret, input.card).catch(providerFailure);
}

/** Saves a card confirmed at the provider as the default one; answers the saved card. */
export async function addPaymentMethod(
  user: AuthUser,
  input: { paymentMethodId: string; billingAddress?: BillingAddress },
  info: RequestInfo,
  now = new Date(),
): Promise<PaymentMethodInfo> {
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
  return paymentMethodDto(row);
}

/** The user's cards of the current payments mode, the default first. */
export async function listPaymentMethods(userId: string): Promise<PaymentMethodInfo[]> {
  const rows = await getDb()
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return rows.filter((r) => ofCurrentMode(r.providerPaymentMethodId)).map(paymentMethodDto);
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

export async function setDefaultPaymentMethod(userId: string, id: string): Promise<void> {
  await withBillingOperation(userId, 'payment_method', async () => {
    const row = await ownPaymentMethod(userId, id, getDb());
    const customerId = await ensureCustomer(userId).catch(providerFailure);
    await paymentsProvider().setDefaultPaymentMethod(customerId, row.providerPaymentMethodId).catch(providerFailure);
    await getDb().update(paymentMethods).set({ isDefault: sql`${paymentMethods.id} = ${id}` }).where(eq(paymentMethods.userId, userId));
  });
  notifyBillingChanged(userId);
}

export async function removePaymentMethod(user: AuthUser, id: string, info: RequestInfo): Promise<void> {
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
}

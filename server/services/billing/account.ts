import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CARD_BRAND_NAMES } from '@/lib/card';
import { getDb, type Executor } from '../../db/client';
import { paymentMethods, subscriptions, users } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { PaymentDeclinedError, paymentsMode, paymentsProvider, ProviderRequestError } from '../../providers/payments';
import { emitToUser } from '../../realtime';

/**
 * The user's billing account, what every part of the billing service reads: the user's row, their
 * customer at the payments provider, their live subscription and default card, how a provider's
 * refusal becomes an API error, and the notice that their billing changed.
 */

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export const LIVE_STATUSES = ['active', 'past_due', 'incomplete'] as const;

/** Ids made by the local provider carry `_local_`; a switch between modes never mixes them. */
export const ofCurrentMode = (providerId: string | null | undefined) => !!providerId && providerId.includes('_local_') === (paymentsMode() === 'local');

export async function userRow(userId: string, db: Executor = getDb()) {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User');
  return row;
}

export async function liveSubscription(userId: string, db: Executor = getDb()): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...LIVE_STATUSES])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function defaultPaymentMethod(userId: string, db: Executor = getDb()): Promise<PaymentMethodRow | undefined> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return rows.find((r) => ofCurrentMode(r.providerPaymentMethodId));
}

export const displayName = (u: { firstName: string; lastName: string; username: string }) => `${u.firstName} ${u.lastName}`.trim() || u.username;
export const cardLabel = (brand: string) => CARD_BRAND_NAMES[brand] ?? brand;

/**
 * The user's customer at the provider, created on first need. No lock: two first needs at once
 * may both ask the provider (Stripe answers both from one idempotency key), and only the first
 * id stored is kept and used.
 */
export async function ensureCustomer(userId: string): Promise<string> {
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

/** Tells the user's open billing screens to reload. */
export function notifyBillingChanged(userId: string): void {
  emitToUser(userId, 'update', { type: 'billing' });
}

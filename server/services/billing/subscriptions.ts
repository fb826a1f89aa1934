import { and, eq, inArray } from 'drizzle-orm';
import { BILLING_MESSAGES } from '@/lib/constants';
import { getPlan, isPaidPlan } from '@/lib/plans';
import type { AuthUser } from '../../auth/guards';
import { getDb } from '../../db/client';
import { subscriptions } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { RequestInfo } from '../../http/request-info';
import { paymentsProvider } from '../../providers/payments';
import { recordSecurityEvent } from '../security-log';
import { LIVE_STATUSES, liveSubscription, notifyBillingChanged, ofCurrentMode, providerFailure } from './account';
import { withBillingOperation } from './operations';

/** A subscription's end: set to end at the period's end, kept after all, or ended now with the account. */

/** Sets the paid subscription to end when its period does; answers when that is. */
export async function cancelSubscription(user: AuthUser, info: RequestInfo, now = new Date()): Promise<{ currentPeriodEnd: Date }> {
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
  return { currentPeriodEnd: sub.currentPeriodEnd };
}

export async function resumeSubscription(user: AuthUser, now = new Date()): Promise<void> {
  await withBillingOperation(user.id, 'resume', async () => {
    const live = await liveSubscription(user.id);
    if (!live || !live.cancelAtPeriodEnd) throw new AppError(400, 'NOT_CANCELING', 'Your subscription is not set to end');
    await paymentsProvider().setCancelAtPeriodEnd(live.providerSubscriptionId!, false).catch(providerFailure);
    await getDb().update(subscriptions).set({ cancelAtPeriodEnd: false, canceledAt: null, updatedAt: now }).where(eq(subscriptions.id, live.id));
  });
  notifyBillingChanged(user.id);
}

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

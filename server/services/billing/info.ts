import { getPlan, offeredPlans, type Plan } from '@/lib/plans';
import type { BillingInfo, PlanInfo } from '@/lib/schemas/billing';
import { config } from '../../config';
import { log } from '../../log';
import { paymentsMode } from '../../providers/payments';
import { usageFor } from '../usage';
import { defaultPaymentMethod, liveSubscription, userRow } from './account';
import { paymentMethodDto } from './payment-methods';
import { renewDueFor } from './renewals';

function planDto(plan: Plan): PlanInfo {
  return {
    id: plan.id,
    name: plan.name,
    priceCents: plan.priceCents,
    wasPriceCents: plan.wasPriceCents ?? null,
    interval: 'month',
    maxClients: plan.maxClients,
    maxAIInteractions: plan.maxAIInteractions,
    features: plan.features,
    featured: plan.featured ?? false,
  };
}

/** Billing info (product §1.3) plus the plans grid and what the card form needs; a due local renewal runs first. */
export async function getBilling(userId: string): Promise<BillingInfo> {
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
    plans: offeredPlans(plan.id).map(planDto),
    provider: mode,
    publishableKey: mode === 'stripe' ? (config().STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}

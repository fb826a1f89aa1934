import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { discountedPriceCents, getPlan } from '@/lib/plans';
import type { Discount } from '@/lib/schemas/billing';
import { getDb } from '../../db/client';
import { discounts } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { ProviderDiscount } from '../../providers/payments';

/** Discount codes: whether one applies to a plan, counting and giving back redemptions, the default codes. */

export type DiscountRow = typeof discounts.$inferSelect;

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
export async function redeemDiscount(code: string, planId: string, now: Date): Promise<DiscountRow> {
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
export async function releaseDiscount(id: string): Promise<void> {
  await getDb()
    .update(discounts)
    .set({ redemptions: sql`greatest(${discounts.redemptions} - 1, 0)` })
    .where(eq(discounts.id, id));
}

const discountDto = (d: DiscountRow): Discount => ({ code: d.code, name: d.name, description: d.description, type: d.type, value: d.value });
export const providerDiscount = (d: DiscountRow): ProviderDiscount => ({ code: d.code, name: d.name, type: d.type, value: d.value, providerCouponId: d.providerCouponId });

/** The code's terms and the plan's first-month price with it, when the code applies to the plan. */
export async function validateDiscount(code: string, planId: string, now = new Date()) {
  const row = await usableDiscount(code, planId, now);
  const plan = getPlan(planId);
  return {
    discount: discountDto(row),
    planId: plan.id,
    priceCents: plan.priceCents,
    discountedPriceCents: discountedPriceCents(plan.priceCents, row),
  };
}

/** The codes every installation starts with (decision 0024); an admin's later changes stay. */
export const DEFAULT_DISCOUNTS = [
  { code: 'WELCOME20', name: 'Welcome 20%', description: '20% off your first month', type: 'percentage' as const, value: 20 },
  { code: 'SAVE10', name: 'Save $10', description: '$10.00 off your first month', type: 'fixed_amount' as const, value: 10 },
];

export async function ensureDefaultDiscounts(): Promise<void> {
  await getDb().insert(discounts).values(DEFAULT_DISCOUNTS).onConflictDoNothing({ target: discounts.code });
}

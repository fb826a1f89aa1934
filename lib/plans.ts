/**
 * The one plan catalogue. free, beta and full are priced by product §1.9; basic, professional and
 * enterprise are Cadence's own choice (decision 0015). null quota = unlimited.
 */
export type PlanId = 'free' | 'basic' | 'beta' | 'professional' | 'full' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  priceCents: number;
  /** A struck-through earlier price shown on the card. */
  wasPriceCents?: number;
  maxClients: number | null;
  maxAIInteractions: number | null;
  features: string[];
  featured?: boolean;
  /** Shown on the public plans grid; the others are reachable for existing subscribers and admins. */
  listed: boolean;
}

export const PLANS: Record<PlanId, Plan> = {
  free: {
    id: 'free',
    name: 'Free',
    priceCents: 0,
    maxClients: 3,
    maxAIInteractions: 20,
    features: ['Up to 3 clients', '20 AI interactions a month', 'Basic features', 'Community support'],
    listed: true,
  },
  basic: {
    id: 'basic',
    name: 'Basic',
    priceCents: 1900,
    maxClients: 10,
    maxAIInteractions: 200,
    features: ['Up to 10 clients', '200 AI interactions a month', 'E-mail support'],
    listed: false,
  },
  beta: {
    id: 'beta',
    name: 'Beta',
    priceCents: 2999,
    wasPriceCents: 24999,
    maxClients: null,
    maxAIInteractions: null,
    features: ['Unlimited clients', 'Unlimited AI interactions', 'All features while in beta'],
    featured: true,
    listed: true,
  },
  professional: {
    id: 'professional',
    // The admin badge's word (product §2.9), so admin and coach name the plan alike (decision 0095).
    name: 'Pro',
    priceCents: 9900,
    maxClients: 50,
    maxAIInteractions: 2000,
    features: ['Up to 50 clients', '2,000 AI interactions a month', 'Advanced analytics', 'Priority support'],
    listed: false,
  },
  full: {
    id: 'full',
    name: 'Full',
    priceCents: 24999,
    maxClients: null,
    maxAIInteractions: null,
    features: ['Unlimited clients and AI', 'Premium features', '24/7 support', 'Advanced analytics', 'White-label'],
    listed: true,
  },
  enterprise: {
    id: 'enterprise',
    name: 'Enterprise',
    priceCents: 49999,
    maxClients: null,
    maxAIInteractions: null,
    features: ['Unlimited clients and AI', 'Dedicated success manager', 'SSO and audit exports', 'White-label'],
    listed: false,
  },
};

export const PLAN_IDS = Object.keys(PLANS) as PlanId[];

export function isPlanId(value: string): value is PlanId {
  return value in PLANS;
}

export function getPlan(id: string): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS.free;
}

/** Applies a discount; the price never goes below 0 (product §1.9). */
export function discountedPriceCents(priceCents: number, discount: { type: 'percentage' | 'fixed_amount'; value: number } | null): number {
  if (!discount) return priceCents;
  const off = discount.type === 'percentage' ? Math.round((priceCents * discount.value) / 100) : Math.round(discount.value * 100);
  return Math.max(0, priceCents - off);
}

/** Amounts in USD with two decimals. */
export function formatUsd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

export const isPaidPlan = (id: string) => getPlan(id).priceCents > 0;

/**
 * Product §1.4: Current Plan (disabled) on the plan in use; otherwise Upgrade or Downgrade by price,
 * so a coach an admin put on Pro sees the cheaper Beta as a downgrade (decision 0095).
 */
export function planAction(currentId: string, targetId: string): 'current' | 'upgrade' | 'downgrade' {
  if (currentId === targetId) return 'current';
  return getPlan(targetId).priceCents > getPlan(currentId).priceCents ? 'upgrade' : 'downgrade';
}

/** The plans a coach chooses among: the listed ones and, when an admin chose another, the coach's own — in price order. */
export function offeredPlans(currentId: string): Plan[] {
  return PLAN_IDS.map((id) => PLANS[id])
    .filter((p) => p.listed || p.id === currentId)
    .sort((a, b) => a.priceCents - b.priceCents);
}

export interface DiscountTerms {
  type: 'percentage' | 'fixed_amount';
  value: number;
}

/** "20% off" or "$10.00 off". */
export function describeDiscount(discount: DiscountTerms): string {
  return discount.type === 'percentage' ? `${discount.value}% off` : `${formatUsd(Math.round(discount.value * 100))} off`;
}

/** A quota for display: "Unlimited" for null. */
export function formatQuota(quota: number | null): string {
  return quota === null ? 'Unlimited' : quota.toLocaleString('en-US');
}

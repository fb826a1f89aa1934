'use client';

import { Check, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatQuota, formatUsd, planAction } from '@/lib/plans';
import type { BillingInfo, PlanInfo } from '@/lib/schemas/billing';

/** One usage bar, capped at 100% (product §1.2), red once the quota is reached. */
function UsageBar({ id, label, used, quota }: { id: string; label: string; used: number; quota: number | null }) {
  const percent = quota === null ? 0 : quota === 0 ? 100 : Math.min(100, Math.round((used / quota) * 100));
  const full = quota !== null && used >= quota;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span id={`${id}-label`} className="font-medium text-stone-800 dark:text-stone-200">
          {label}
        </span>
        <span className="text-stone-600 tabular-nums dark:text-stone-400">
          {used.toLocaleString('en-US')} / {formatQuota(quota)}
        </span>
      </div>
      {quota === null ? (
        <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">Unlimited on your plan</p>
      ) : (
        <>
          <div
            role="progressbar"
            aria-labelledby={`${id}-label`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${used} of ${quota} used`}
            className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-stone-200 dark:bg-stone-800"
          >
            <div className={cn('h-full rounded-full transition-all', full ? 'bg-red-500' : percent >= 80 ? 'bg-amber-500' : 'bg-brand-500')} style={{ width: `${percent}%` }} />
          </div>
          {full && <p className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">Limit reached. Upgrade for more.</p>}
        </>
      )}
    </div>
  );
}

export function UsageCard({ billing }: { billing: BillingInfo }) {
  return (
    <Card title="Usage" description="Every client you have counts toward the limit, archived ones too. AI interactions reset on the first of each month.">
      <div className="space-y-5">
        <UsageBar id="usage-clients" label="Clients" used={billing.usageMetrics.clientsCreated} quota={billing.usageQuota.maxClients} />
        <UsageBar id="usage-ai" label="AI interactions this month" used={billing.usageMetrics.aiInteractionsUsed} quota={billing.usageQuota.maxAIInteractions} />
      </div>
    </Card>
  );
}

interface PlansGridProps {
  billing: BillingInfo;
  /** First-month prices with the applied discount, by plan. */
  discounted: Record<string, number>;
  discountCode: string | null;
  busyPlan: string | null;
  onSelect(plan: PlanInfo): void;
}

/** Plans grid: Current Plan (disabled), Upgrade or Downgrade by price (product §1.4, decision 0095). */
export function PlansGrid({ billing, discounted, discountCode, busyPlan, onSelect }: PlansGridProps) {
  return (
    <section aria-labelledby="plans-heading">
      <h2 id="plans-heading" className="text-lg font-semibold">
        Available plans
      </h2>
      <ul className={cn('mt-3 grid gap-4', billing.plans.length > 3 ? 'md:grid-cols-2 xl:grid-cols-4' : 'md:grid-cols-3')}>
        {billing.plans.map((plan) => {
          const action = planAction(billing.plan, plan.id);
          const price = discounted[plan.id];
          return (
            <li
              key={plan.id}
              aria-label={`${plan.name} plan`}
              className={cn(
                'relative flex flex-col rounded-xl border bg-white p-6 shadow-sm dark:bg-stone-900',
                plan.featured ? 'border-brand-400 ring-1 ring-brand-300 dark:border-brand-600 dark:ring-brand-700' : 'border-stone-200 dark:border-stone-800',
                action === 'current' && 'bg-brand-50/40 dark:bg-brand-950/20',
              )}
            >
              {plan.featured && (
                <span className="absolute -top-3 left-6 inline-flex items-center gap-1 rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">
                  <Sparkles className="h-3 w-3" aria-hidden />
                  Most popular
                </span>
              )}
              <h3 className="text-base font-semibold text-stone-900 dark:text-stone-100">{plan.name}</h3>
              <p className="mt-2 flex items-baseline gap-2">
                <span className="text-3xl font-bold tracking-tight text-stone-900 dark:text-stone-50">{formatUsd(plan.priceCents)}</span>
                <span className="text-sm text-stone-500 dark:text-stone-400">/ month</span>
                {plan.wasPriceCents && (
                  <span className="text-sm text-stone-500 line-through dark:text-stone-400">
                    <span className="sr-only">was </span>
                    {formatUsd(plan.wasPriceCents)}
                  </span>
                )}
              </p>
              {price !== undefined && action === 'upgrade' ? (
                <p className="mt-1 text-sm font-medium text-green-700 dark:text-green-400">
                  {formatUsd(price)} for the first month with {discountCode}
                </p>
              ) : (
                <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">{plan.priceCents === 0 ? 'Free forever' : 'Billed monthly, cancel any time'}</p>
              )}
              <ul className="mt-4 flex-1 space-y-2 text-sm text-stone-700 dark:text-stone-300">
                {plan.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="mt-0.5 h-4 w-4 shrink-0 text-brand-700 dark:text-brand-400" aria-hidden />
                    {f}
                  </li>
                ))}
              </ul>
              <Button
                className="mt-6 w-full disabled:border-stone-200 disabled:bg-stone-100 disabled:text-stone-500 dark:disabled:border-stone-700 dark:disabled:bg-stone-800 dark:disabled:text-stone-400"
                variant={action === 'upgrade' ? 'primary' : 'secondary'}
                disabled={action === 'current' || (busyPlan !== null && busyPlan !== plan.id)}
                loading={busyPlan === plan.id}
                onClick={() => onSelect(plan)}
                aria-label={action === 'current' ? `${plan.name}: Current Plan` : `${action === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${plan.name}`}
              >
                {action === 'current' ? 'Current Plan' : action === 'upgrade' ? 'Upgrade' : 'Downgrade'}
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

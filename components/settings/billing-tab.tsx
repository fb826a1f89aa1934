'use client';

import { Card } from '@/components/ui/card';
import { getPlan, formatUsd } from '@/lib/plans';
import { useProfile } from './use-profile';

/** The current plan from the catalogue; the billing issue replaces this with the full billing screen. */
export function BillingTab() {
  const { data: profile } = useProfile();
  const plan = getPlan(profile?.plan ? String(profile.plan) : 'free');
  return (
    <Card title="Current plan">
      <p className="text-xl font-semibold">{plan.name}</p>
      <p className="text-sm text-stone-500">{plan.priceCents === 0 ? 'Free' : `${formatUsd(plan.priceCents)} a month`}</p>
      <ul className="mt-3 list-disc pl-5 text-sm text-stone-600 dark:text-stone-300">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
    </Card>
  );
}

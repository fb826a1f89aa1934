import { BillingScreen } from '@/components/billing/billing-screen';

export const metadata = { title: 'Billing · Cadence' };

export default function Billing() {
  return (
    <main>
      <h1 className="text-2xl font-semibold">Billing</h1>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">Your plan, usage, payment method and payments.</p>
      <div className="mt-6">
        <BillingScreen />
      </div>
    </main>
  );
}

'use client';

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useProfileTime } from '@/components/time/use-profile-time';
import { useQueryClient } from '@tanstack/react-query';
import { CreditCard, ExternalLink, Tag, X } from 'lucide-react';
import { toast } from 'sonner';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Field, Input } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { Loading } from '@/components/ui/spinner';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { BILLING_TOASTS, BILLING_VALIDATION } from '@/lib/constants';
import { describeDiscount, formatUsd, getPlan, planAction } from '@/lib/plans';
import type { BillingChanged, BillingInfo, Discount, DiscountValidation, PlanChanged, PlanInfo, PortalSession } from '@/lib/schemas/billing';
import { BillingHistory } from './billing-history';
import { PaymentMethodForm } from './payment-method-form';
import { PlansGrid, UsageCard } from './plan-sections';
import { BILLING_QUERY_KEY, formatBillingDate, HISTORY_QUERY_KEY, useBilling, useBillingUpdates } from './use-billing';

interface AppliedDiscount {
  code: string;
  discount: Discount;
  /** First-month price by plan id, for the plans the code is valid for. */
  prices: Record<string, number>;
}

/**
 * The one billing screen: the Settings Billing tab and the /billing page both render it
 * (decision 0020). Product §1.2 Billing tab, §1.4 Billing, §1.8 Billing toasts.
 */
export function BillingScreen() {
  const time = useProfileTime();
  const queryClient = useQueryClient();
  const { data: billing, isLoading, isError, refetch } = useBilling();
  useBillingUpdates();
  const [pendingPlan, setPendingPlan] = useState<string | null>(null);
  const [showCardForm, setShowCardForm] = useState(false);
  const [confirming, setConfirming] = useState<PlanInfo | null>(null);
  const [busyPlan, setBusyPlan] = useState<string | null>(null);
  const [applied, setApplied] = useState<AppliedDiscount | null>(null);
  const cardSection = useRef<HTMLDivElement>(null);
  const loadToasted = useRef(false);

  useEffect(() => {
    if (isError && !loadToasted.current) toast.error(BILLING_TOASTS.loadFailed);
    loadToasted.current = isError;
  }, [isError]);

  useEffect(() => {
    if (showCardForm) {
      cardSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      // The first field of the form takes focus so a keyboard user lands where the work is.
      setTimeout(() => cardSection.current?.querySelector<HTMLInputElement>('input')?.focus(), 50);
    }
  }, [showCardForm]);

  if (isLoading) return <Loading label="Loading billing…" />;
  if (!billing) {
    return (
      <Banner tone="error">
        {BILLING_TOASTS.loadFailed}.{' '}
        <button type="button" className="font-medium underline" onClick={() => void refetch()}>
          Try again
        </button>
      </Banner>
    );
  }

  const applyAnswer = (answer: { billing: BillingInfo }) => {
    queryClient.setQueryData(BILLING_QUERY_KEY, answer.billing);
    void queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY });
  };

  const changePlan = async (planId: string) => {
    setBusyPlan(planId);
    const code = applied && applied.prices[planId] !== undefined ? applied.code : undefined;
    try {
      const answer = await api.put<PlanChanged>('/billing/subscription', { planId, ...(code ? { discountCode: code } : {}) });
      applyAnswer(answer);
      toast.success(answer.message);
      setPendingPlan(null);
      if (code) setApplied(null);
    } catch (error) {
      if (error instanceof ApiError && error.body.requiredAction === 'add_payment_method') {
        // Remember the plan; the card form opens and the change is retried once a card is saved.
        setPendingPlan(planId);
        setShowCardForm(true);
        return;
      }
      toast.error(errorMessage(error, BILLING_TOASTS.changePlanFailed));
    } finally {
      setBusyPlan(null);
    }
  };

  const onSelectPlan = (plan: PlanInfo) => {
    if (plan.priceCents === 0) {
      const ends = billing.currentPeriodEnd ? ` on ${formatBillingDate(billing.currentPeriodEnd, time.zone)}` : '';
      if (!window.confirm(`Downgrade to ${plan.name}? You keep ${billing.planName} until the end of your billing period${ends}.`)) return;
      void changePlan(plan.id);
      return;
    }
    setConfirming(plan);
  };

  const onCardAdded = async () => {
    toast.success(BILLING_TOASTS.paymentMethodAdded);
    setShowCardForm(false);
    await queryClient.invalidateQueries({ queryKey: BILLING_QUERY_KEY });
    if (pendingPlan) await changePlan(pendingPlan);
  };

  const cancel = async () => {
    if (!window.confirm(`Cancel your ${billing.planName} subscription? You keep it until the end of your billing period, then move to the Free plan.`)) return;
    try {
      const answer = await api.post<BillingChanged>('/billing/subscription/cancel');
      applyAnswer(answer);
      toast.success(BILLING_TOASTS.canceled);
    } catch {
      toast.error(BILLING_TOASTS.cancelFailed);
    }
  };

  const resume = async () => {
    try {
      applyAnswer(await api.post<BillingChanged>('/billing/subscription/resume'));
      toast.success(BILLING_TOASTS.resumed);
    } catch {
      toast.error(BILLING_TOASTS.resumeFailed);
    }
  };

  const openPortal = async () => {
    try {
      const { url } = await api.post<PortalSession>('/billing/portal', { returnUrl: window.location.href });
      window.location.assign(url);
    } catch {
      toast.error(BILLING_TOASTS.portalFailed);
    }
  };

  const pendingName = pendingPlan ? getPlan(pendingPlan).name : null;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-3">
        <CurrentPlanCard billing={billing} onCancel={() => void cancel()} onResume={() => void resume()} onPortal={() => void openPortal()} />
        <UsageCard billing={billing} />
      </div>

      <PlansGrid billing={billing} discounted={applied?.prices ?? {}} discountCode={applied?.code ?? null} busyPlan={busyPlan} onSelect={onSelectPlan} />

      <div className="grid items-start gap-6 lg:grid-cols-2">
        <DiscountCard billing={billing} applied={applied} onApplied={setApplied} />
        <div ref={cardSection} className="scroll-mt-6">
          <Card title="Payment method" description={billing.provider === 'stripe' ? 'Cards are kept by Stripe; Cadence stores only the brand and last four digits.' : 'Only the card brand, last four digits and expiry are kept.'}>
            {showCardForm ? (
              <PaymentMethodForm
                billing={billing}
                notice={
                  pendingName ? (
                    <Banner tone="info">
                      Add a card to upgrade to <strong>{pendingName}</strong>. The upgrade finishes as soon as the card is saved.
                    </Banner>
                  ) : undefined
                }
                onAdded={() => void onCardAdded()}
                onCancel={() => {
                  setShowCardForm(false);
                  setPendingPlan(null);
                }}
              />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-4">
                {billing.paymentMethod ? (
                  <div className="flex items-center gap-3">
                    <span className="flex h-10 w-14 items-center justify-center rounded-md border border-stone-200 bg-stone-50 dark:border-stone-700 dark:bg-stone-800" aria-hidden>
                      <CreditCard className="h-5 w-5 text-stone-500 dark:text-stone-400" />
                    </span>
                    <div>
                      <p className="text-sm font-medium text-stone-900 dark:text-stone-100">
                        {billing.paymentMethod.brandName} ending in {billing.paymentMethod.last4}
                      </p>
                      <p className="text-xs text-stone-500 dark:text-stone-400">
                        Expires {String(billing.paymentMethod.expMonth).padStart(2, '0')}/{billing.paymentMethod.expYear}
                        {billing.paymentMethod.cardholderName ? ` · ${billing.paymentMethod.cardholderName}` : ''}
                      </p>
                    </div>
                  </div>
                ) : (
                  <p className="text-sm text-stone-600 dark:text-stone-400">No payment method on file.</p>
                )}
                <Button variant="secondary" onClick={() => setShowCardForm(true)}>
                  {billing.paymentMethod ? 'Replace card' : 'Add payment method'}
                </Button>
              </div>
            )}
          </Card>
        </div>
      </div>

      <BillingHistory />

      <ConfirmChangeModal
        billing={billing}
        plan={confirming}
        discount={applied}
        onClose={() => setConfirming(null)}
        onConfirm={(plan) => {
          setConfirming(null);
          void changePlan(plan.id);
        }}
      />
    </div>
  );
}

function StatusBadge({ billing }: { billing: BillingInfo }) {
  if (billing.status === null) return null;
  const [label, tone] = billing.cancelAtPeriodEnd
    ? ['Canceling', 'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-950 dark:text-amber-300 dark:ring-amber-900']
    : billing.status === 'past_due'
      ? ['Payment past due', 'bg-red-50 text-red-800 ring-red-200 dark:bg-red-950 dark:text-red-300 dark:ring-red-900']
      : ['Active', 'bg-green-50 text-green-800 ring-green-200 dark:bg-green-950 dark:text-green-300 dark:ring-green-900'];
  return <span className={cn('inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset', tone)}>{label}</span>;
}

function CurrentPlanCard({ billing, onCancel, onResume, onPortal }: { billing: BillingInfo; onCancel(): void; onResume(): void; onPortal(): void }) {
  const time = useProfileTime();
  const paid = billing.priceCents > 0;
  return (
    <div className="lg:col-span-2">
      <Card title="Current plan" className="h-full" actions={<StatusBadge billing={billing} />}>
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <p className="text-2xl font-semibold text-stone-900 dark:text-stone-50">{billing.planName}</p>
            <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{paid ? `${formatUsd(billing.priceCents)} per month` : 'Free plan, no card needed'}</p>
          </div>
          {billing.nextBillingDate && (
            <div className="text-right">
              <p className="text-xs tracking-wide text-stone-500 uppercase dark:text-stone-400">Next billing date</p>
              <p className="text-sm font-medium text-stone-900 dark:text-stone-100">{formatBillingDate(billing.nextBillingDate, time.zone)}</p>
            </div>
          )}
        </div>
        {billing.cancelAtPeriodEnd && (
          <Banner tone="info" className="mt-4 flex flex-wrap items-center justify-between gap-3">
            <span>
              Your {billing.planName} subscription will be canceled at the end of your billing period, on{' '}
              <strong>{formatBillingDate(billing.currentPeriodEnd, time.zone)}</strong>. You will move to the Free plan then.
            </span>
            <Button variant="secondary" className="py-1" onClick={onResume}>
              Keep subscription
            </Button>
          </Banner>
        )}
        {billing.status === 'past_due' && !billing.cancelAtPeriodEnd && (
          <Banner tone="error" className="mt-4">
            Your last payment failed. Add a working card below to keep your {billing.planName} plan; we retry the payment as soon as it is saved.
          </Banner>
        )}
        <div className="mt-5 flex flex-wrap gap-3">
          <Button variant="secondary" onClick={onPortal}>
            <ExternalLink className="h-4 w-4" aria-hidden />
            Manage Payment Methods &amp; Billing
          </Button>
          {paid && !billing.cancelAtPeriodEnd && billing.status !== null && (
            <Button variant="ghost" className="text-red-700! hover:bg-red-50! dark:text-red-400! dark:hover:bg-red-950/40!" onClick={onCancel}>
              Cancel Subscription
            </Button>
          )}
        </div>
      </Card>
    </div>
  );
}

/** Discount code entry: trimmed, upper-cased, checked against each paid plan it could apply to. */
function DiscountCard({ billing, applied, onApplied }: { billing: BillingInfo; applied: AppliedDiscount | null; onApplied(d: AppliedDiscount | null): void }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [checking, setChecking] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const normalised = code.trim().toUpperCase();
    setCode(normalised);
    if (!normalised) {
      setError(BILLING_VALIDATION.discountRequired);
      return;
    }
    setError(undefined);
    setChecking(true);
    const targets = billing.plans.filter((p) => p.priceCents > 0 && p.id !== billing.plan);
    const results = await Promise.allSettled(
      targets.map((p) => api.post<DiscountValidation>('/billing/discount/validate', { code: normalised, planId: p.id }).then((r) => ({ plan: p.id, ...r }))),
    );
    setChecking(false);
    const valid = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    if (valid.length === 0) {
      const rejected = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      setError(errorMessage(rejected?.reason, BILLING_VALIDATION.discountInvalid));
      toast.error(BILLING_TOASTS.invalidDiscount);
      return;
    }
    onApplied({ code: normalised, discount: valid[0]!.discount, prices: Object.fromEntries(valid.map((v) => [v.plan, v.discountedPriceCents])) });
    toast.success(BILLING_TOASTS.discountApplied);
    setCode('');
  };

  return (
    <Card title="Discount code" description="Applied to the first month of the plan you choose next.">
      {applied ? (
        <div className="flex items-center justify-between gap-3 rounded-lg border border-green-200 bg-green-50 px-4 py-3 text-sm dark:border-green-900 dark:bg-green-950" role="status">
          <span className="flex items-center gap-2 text-green-900 dark:text-green-200">
            <Tag className="h-4 w-4" aria-hidden />
            <span>
              <strong className="font-mono">{applied.code}</strong>: {applied.discount.description || describeDiscount(applied.discount)}
            </span>
          </span>
          <Button variant="ghost" className="px-2 py-1" onClick={() => onApplied(null)} aria-label={`Remove discount code ${applied.code}`}>
            <X className="h-4 w-4" aria-hidden />
            Remove
          </Button>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-wrap items-start gap-3">
          <div className="min-w-48 flex-1">
            <Field id={`${id}-code`} label="Discount code" error={error}>
              <Input
                id={`${id}-code`}
                value={code}
                onChange={(e) => {
                  setCode(e.target.value);
                  if (error) setError(undefined);
                }}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
                className="font-mono uppercase placeholder:font-sans placeholder:normal-case"
                placeholder="e.g. WELCOME20"
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-code-error` : undefined}
              />
            </Field>
          </div>
          <Button type="submit" variant="secondary" className="mt-6" loading={checking}>
            Apply
          </Button>
        </form>
      )}
    </Card>
  );
}

/** Confirms a change to a paid plan (up or down by price) with what will be charged today. */
function ConfirmChangeModal({
  billing,
  plan,
  discount,
  onClose,
  onConfirm,
}: {
  billing: BillingInfo;
  plan: PlanInfo | null;
  discount: AppliedDiscount | null;
  onClose(): void;
  onConfirm(plan: PlanInfo): void;
}) {
  const firstMonth = plan && discount ? discount.prices[plan.id] : undefined;
  const fromPaid = billing.priceCents > 0 && billing.status !== null;
  const verb = plan && planAction(billing.plan, plan.id) === 'downgrade' ? 'Downgrade' : 'Upgrade';
  return (
    <Modal open={plan !== null} title={plan ? `${verb} to ${plan.name}` : ''} onClose={onClose}>
      {plan && (
        <div className="space-y-4 text-sm">
          <dl className="space-y-2 rounded-lg bg-stone-50 p-4 dark:bg-stone-800/60">
            <div className="flex justify-between gap-4">
              <dt className="text-stone-600 dark:text-stone-400">{plan.name} plan</dt>
              <dd className="font-medium tabular-nums">{formatUsd(plan.priceCents)} / month</dd>
            </div>
            {firstMonth !== undefined && (
              <div className="flex justify-between gap-4 text-green-800 dark:text-green-300">
                <dt>First month with {discount!.code}</dt>
                <dd className="font-medium tabular-nums">{formatUsd(firstMonth)}</dd>
              </div>
            )}
            <div className="flex justify-between gap-4">
              <dt className="text-stone-600 dark:text-stone-400">Paid with</dt>
              <dd>{billing.paymentMethod ? `${billing.paymentMethod.brandName} ending in ${billing.paymentMethod.last4}` : 'A card you add next'}</dd>
            </div>
          </dl>
          <p className="text-stone-600 dark:text-stone-400">
            {fromPaid
              ? `The change takes effect now and a new monthly period starts today; unused time on your ${billing.planName} plan is credited.`
              : 'You are charged today and then every month until you cancel. Cancel any time; the plan then runs to the end of the period.'}
          </p>
          <div className="flex justify-end gap-3">
            <Button variant="ghost" onClick={onClose}>
              Not now
            </Button>
            <Button onClick={() => onConfirm(plan)}>Confirm {verb.toLowerCase()}</Button>
          </div>
        </div>
      )}
    </Modal>
  );
}

'use client';

import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { api, errorMessage } from '@/lib/api-client';
import { ADMIN_EMPTY_STATES as EMPTY, ADMIN_FETCH, ADMIN_MESSAGES, ADMIN_PLANS, isAdminPlanId, type AdminPlanId } from '@/lib/constants';
import {
  refundSchema,
  type AdminTransaction,
  type PlanChangeAnswer,
  type RevenueAnalyticsAnswer,
  type RevenueMetrics,
  type RevenueStatsAnswer,
  type Subscriber,
  type SubscribersAnswer,
  type TransactionsAnswer,
} from '@/lib/schemas/admin';
import { Button } from '@/components/ui/button';
import { Field, controlClass, inputClass } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { useDebounced } from '@/components/ui/use-debounced';
import { adminApi } from '../admin-api';
import { BarSeriesChart, ShareChart } from '../charts';
import { formatAmount, formatBucket, formatChange, formatCount, formatRate, planLabel, type ChangeUnit } from '../format';
import { useProfileTime } from '@/components/time/use-profile-time';
import { Badge, DataTable, EmptyState, Section, StatCard, StatGrid, TRANSACTION_STATUS, type Tone } from '../ui';

/** Up is good for revenue, subscriptions and ARPU; for churn, down is. */
function changeTone(value: number | null, upIsGood = true): Tone {
  if (value === null || value === 0) return 'neutral';
  return value > 0 === upIsGood ? 'good' : 'bad';
}

/** The four metric cards, each with its change against the period before (never fixed text). */
export function RevenueCards({ metrics }: { metrics: RevenueMetrics | null }) {
  const m = metrics;
  /** The change against the period before; null when that period had nothing to compare with. */
  const versus = (value: number | null, unit: ChangeUnit) => (value === null ? 'No earlier period to compare with' : `${formatChange(value, unit)} vs previous period`);
  return (
    <StatGrid>
      <StatCard
        label="Revenue"
        value={m ? formatAmount(m.totalRevenue) : '—'}
        detail={m ? versus(m.changes.totalRevenue, 'percent') : undefined}
        detailTone={changeTone(m?.changes.totalRevenue ?? null)}
      />
      <StatCard
        label="Active subscriptions"
        value={m ? formatCount(m.activeSubscriptions) : '—'}
        detail={m ? versus(m.changes.activeSubscriptions, 'count') : undefined}
        detailTone={changeTone(m?.changes.activeSubscriptions ?? null)}
      />
      <StatCard
        label="Average revenue per user"
        value={m ? formatAmount(m.averageRevenuePerUser) : '—'}
        detail={m ? versus(m.changes.averageRevenuePerUser, 'percent') : undefined}
        detailTone={changeTone(m?.changes.averageRevenuePerUser ?? null)}
      />
      <StatCard
        label="Churn rate"
        value={m ? formatRate(m.churnRate) : '—'}
        detail={m ? versus(m.changes.churnRate, 'points') : undefined}
        detailTone={changeTone(m?.changes.churnRate ?? null, false)}
      />
    </StatGrid>
  );
}

function RefundDialog({ transaction, onClose, onRefunded }: { transaction: AdminTransaction; onClose(): void; onRefunded(): void }) {
  const form = useForm<{ reason: string }>({ resolver: zodResolver(refundSchema), defaultValues: { reason: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await api.post(`/admin/billing/refund/${transaction.id}`, { reason });
      toast.success(ADMIN_MESSAGES.refunded);
      onRefunded();
    } catch (error) {
      toast.error(errorMessage(error, ADMIN_MESSAGES.refundFailed));
    }
  });
  return (
    <Modal open title="Refund transaction" onClose={onClose}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-stone-600 dark:text-stone-300">
          Refund <strong>{formatAmount(transaction.amount)}</strong> to {transaction.userName ?? transaction.email ?? 'this user'} for “{transaction.description}”? This cannot be undone.
        </p>
        <Field id="refund-reason" label="Reason" error={errors.reason?.message}>
          <textarea id="refund-reason" rows={3} className={inputClass} aria-invalid={!!errors.reason} {...form.register('reason')} />
        </Field>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={isSubmitting}>
            Refund {formatAmount(transaction.amount)}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A table's search field, labelled for screen readers (the placeholder says what it searches). */
function SearchBox({ id, label, placeholder, value, onChange }: { id: string; label: string; placeholder: string; value: string; onChange(value: string): void }) {
  return (
    <div className="mb-3">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input id={id} type="search" placeholder={placeholder} className={`w-full max-w-md ${controlClass}`} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function TransactionsTable({ transactions, canRefund, onChanged }: { transactions: AdminTransaction[]; canRefund: boolean; onChanged(): void }) {
  const time = useProfileTime();
  const [search, setSearch] = useState('');
  const [refunding, setRefunding] = useState<AdminTransaction | null>(null);
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return transactions;
    return transactions.filter((t) =>
      [t.description, t.userName, t.email, t.plan, planLabel(t.plan), TRANSACTION_STATUS[t.status]?.label, t.status, formatAmount(t.amount)].some((v) => v?.toLowerCase().includes(q)),
    );
  }, [search, transactions]);
  return (
    <>
      <SearchBox id="transaction-search" label="Search transactions" placeholder="Search by user, e-mail, plan, status or description" value={search} onChange={setSearch} />
      <DataTable
        caption="Recent transactions"
        rows={shown}
        rowKey={(t) => t.id}
        empty={<EmptyState title={EMPTY.transactions} />}
        columns={[
          { header: 'Date', cell: (t) => <span className="whitespace-nowrap">{time.date(t.date, 'N/A')}</span> },
          {
            header: 'User',
            cell: (t) => (
              <div>
                <p className="font-medium">{t.userName ?? 'Unknown User'}</p>
                <p className="text-xs text-stone-500 dark:text-stone-400">{t.email}</p>
              </div>
            ),
          },
          { header: 'Description', cell: (t) => t.description, wrap: true },
          { header: 'Plan', cell: (t) => <Badge>{planLabel(t.plan)}</Badge> },
          { header: 'Amount', cell: (t) => formatAmount(t.amount), align: 'right' },
          {
            header: 'Status',
            wrap: true,
            cell: (t) => {
              const s = TRANSACTION_STATUS[t.status] ?? { label: t.status, tone: 'stone' as const };
              return (
                <div>
                  <Badge tone={s.tone}>{s.label}</Badge>
                  {t.status === 'refunded' && t.refundReason && (
                    <p className="mt-1 max-w-48 text-xs text-stone-500 dark:text-stone-400" title={t.refundReason}>
                      {t.refundedBy?.username ? `by ${t.refundedBy.username}: ` : ''}
                      {t.refundReason}
                    </p>
                  )}
                </div>
              );
            },
          },
          {
            header: 'Actions',
            cell: (t) =>
              t.status === 'succeeded' ? (
                <div className="flex gap-2">
                  {t.invoiceUrl && (
                    <a href={t.invoiceUrl} target="_blank" rel="noreferrer" className="rounded-md border border-stone-300 px-3 py-1 text-sm font-medium hover:bg-stone-100 dark:border-stone-700 dark:hover:bg-stone-800">
                      Download invoice
                    </a>
                  )}
                  {canRefund && (
                    <Button variant="secondary" className="px-3 py-1" onClick={() => setRefunding(t)} aria-label={`Refund ${formatAmount(t.amount)} to ${t.email ?? 'user'} on ${time.date(t.date, 'N/A')}`}>
                      Refund
                    </Button>
                  )}
                </div>
              ) : null,
          },
        ]}
      />
      {refunding && (
        <RefundDialog
          transaction={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={() => {
            setRefunding(null);
            onChanged();
          }}
        />
      )}
    </>
  );
}

function PlanChanger({ user, onChanged }: { user: Subscriber; onChanged(): void }) {
  // A user on a plan the admin list does not offer (beta, full) starts with no choice made.
  const current = isAdminPlanId(user.plan) ? user.plan : '';
  const [plan, setPlan] = useState<AdminPlanId | ''>(current);
  const [saving, setSaving] = useState(false);
  const save = async () => {
    if (!plan) return;
    setSaving(true);
    try {
      const answer = await api.put<PlanChangeAnswer>(`/admin/users/${user.id}/plan`, { plan });
      toast.success(answer.message ?? ADMIN_MESSAGES.planUpdated(plan));
      onChanged();
    } catch (error) {
      toast.error(errorMessage(error, ADMIN_MESSAGES.planUpdateFailed));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={`plan-${user.id}`} className="sr-only">
        New plan for {user.email}
      </label>
      <select id={`plan-${user.id}`} className={controlClass} value={plan} onChange={(e) => setPlan(isAdminPlanId(e.target.value) ? e.target.value : '')}>
        {current === '' && (
          <option value="" disabled>
            Choose…
          </option>
        )}
        {ADMIN_PLANS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
      <Button variant="secondary" className="px-3 py-1.5" loading={saving} disabled={plan === '' || plan === user.plan} onClick={() => void save()} aria-label={`Update plan of ${user.email}`}>
        Update plan
      </Button>
    </div>
  );
}

/**
 * The newest users, or those the search finds on the server: the page holds only the latest
 * ADMIN_LIMITS.subscribers, so a user who joined before them is found by name, e-mail or plan.
 */
function UserPlans({ latest, canManage, onChanged }: { latest: SubscribersAnswer | null; canManage: boolean; onChanged(): void }) {
  const time = useProfileTime();
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), ADMIN_FETCH.searchDebounceMs);
  const found = useQuery({ queryKey: ['admin-subscribers', query], queryFn: () => adminApi.subscribers(query), enabled: query !== '' });
  const changed = () => {
    onChanged();
    if (query) void found.refetch();
  };
  const searching = query !== '';
  const users = searching ? (found.data?.users ?? []) : (latest?.users ?? []);
  return (
    <>
      <SearchBox id="subscriber-search" label="Search users" placeholder="Search by name, e-mail or plan" value={search} onChange={setSearch} />
      {searching && found.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errorMessage(found.error, EMPTY.subscribersFailed)}
        </p>
      ) : (
        <div aria-busy={searching && found.isFetching}>
          <DataTable
            caption="Users and their plans"
            rows={users}
            rowKey={(u) => u.id}
            empty={<EmptyState title={searching ? (found.isPending ? 'Searching…' : EMPTY.subscribersSearch) : EMPTY.subscribers} />}
            columns={[
              {
                header: 'User',
                cell: (u) => (
                  <div>
                    <p className="font-medium">{u.name}</p>
                    <p className="text-xs text-stone-500 dark:text-stone-400">{u.email}</p>
                  </div>
                ),
              },
              { header: 'Plan', cell: (u) => <Badge tone={u.plan === 'free' ? 'stone' : 'brand'}>{planLabel(u.plan)}</Badge> },
              { header: 'Subscription', cell: (u) => u.subscriptionStatus ?? 'none' },
              { header: 'Joined', cell: (u) => time.date(u.createdAt, 'N/A') },
              ...(canManage ? [{ header: 'Change plan', cell: (u: Subscriber) => <PlanChanger key={`${u.id}-${u.plan}`} user={u} onChanged={changed} /> }] : []),
            ]}
          />
        </div>
      )}
    </>
  );
}

export function BillingView({
  stats,
  transactions,
  subscribers,
  canManage,
  onRefresh,
}: {
  stats: RevenueStatsAnswer | null;
  transactions: TransactionsAnswer | null;
  subscribers: SubscribersAnswer | null;
  canManage: boolean;
  onRefresh(): void;
}) {
  return (
    <div className="space-y-6">
      {/* The shell's Refresh Data reloads this view. */}
      <h2 className="text-lg font-semibold">Admin Billing Management</h2>
      <RevenueCards metrics={stats?.metrics ?? null} />
      <Section title="Recent transactions" description="The latest 50 payments; Refund returns a paid one to the customer.">
        <TransactionsTable transactions={transactions?.transactions ?? []} canRefund={canManage} onChanged={onRefresh} />
      </Section>
      <Section title="User plans" description="Move any user to another plan. A running paid subscription follows; moving to Free cancels it.">
        <UserPlans latest={subscribers} canManage={canManage} onChanged={onRefresh} />
      </Section>
    </div>
  );
}

const METRICS = [
  { id: 'revenue', label: 'Revenue', format: (v: number) => formatAmount(v) },
  { id: 'subscriptions', label: 'New subscriptions', format: formatCount },
  { id: 'users', label: 'New users', format: formatCount },
] as const;
type MetricId = (typeof METRICS)[number]['id'];

export function RevenueAnalyticsView({ data }: { data: RevenueAnalyticsAnswer | null }) {
  const time = useProfileTime();
  const [metric, setMetric] = useState<MetricId>('revenue');
  const chosen = METRICS.find((m) => m.id === metric)!;
  const overTime = data?.revenueOverTime ?? [];
  const hasSeries = overTime.some((r) => r[metric] > 0);
  const distribution = data?.planDistribution ?? [];
  return (
    <div className="space-y-6">
      <RevenueCards metrics={data?.metrics ?? null} />
      <Section
        title={`${chosen.label} over time`}
        description={data ? `Per ${data.interval}` : undefined}
        actions={
          <label className="flex items-center gap-2 text-sm">
            <span className="font-medium">Metric</span>
            <select className={controlClass} value={metric} onChange={(e) => setMetric(e.target.value as MetricId)}>
              {METRICS.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.label}
                </option>
              ))}
            </select>
          </label>
        }
      >
        {hasSeries ? (
          <BarSeriesChart label={`${chosen.label} per ${data?.interval ?? 'period'}`} data={overTime} xKey="date" formatX={formatBucket} formatY={chosen.format} series={[{ key: metric, label: chosen.label }]} />
        ) : (
          <EmptyState title={metric === 'revenue' ? EMPTY.revenue : `No ${chosen.label.toLowerCase()} in this period.`} />
        )}
      </Section>
      {/* One shrinkable column on small screens: a wide table scrolls inside its card, not the page. */}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Section title="Plan distribution" className="lg:col-span-2" description="Users on each plan now; revenue in the selected period">
          <DataTable
            caption="Users and revenue per plan"
            rows={distribution}
            rowKey={(p) => p.plan}
            columns={[
              { header: 'Plan', cell: (p) => <Badge tone={p.plan === 'free' ? 'stone' : 'brand'}>{planLabel(p.plan)}</Badge> },
              { header: 'Users', cell: (p) => formatCount(p.users), align: 'right' },
              { header: 'Share of users', cell: (p) => formatRate(p.percentage), align: 'right' },
              { header: 'Revenue', cell: (p) => formatAmount(p.revenue), align: 'right' },
            ]}
          />
        </Section>
        <Section title="Users per plan">
          {distribution.some((p) => p.users > 0) ? (
            <ShareChart label="Share of users per plan" data={distribution.filter((p) => p.users > 0).map((p) => ({ name: planLabel(p.plan), users: p.users }))} nameKey="name" valueKey="users" formatValue={formatCount} />
          ) : (
            <EmptyState title={EMPTY.planDistribution} />
          )}
        </Section>
      </div>
      <Section title="Churn by month" description="Cancelled paid subscriptions ÷ (active at the month’s start + started in it)">
        <DataTable
          caption="Signups, cancellations and churn per month"
          rows={[...(data?.churnAnalysis ?? [])].reverse()}
          rowKey={(m) => m.month}
          empty={<EmptyState title={EMPTY.churn} />}
          columns={[
            { header: 'Month', cell: (m) => formatBucket(m.month) },
            { header: 'New signups', cell: (m) => formatCount(m.newSignups), align: 'right' },
            { header: 'New subscriptions', cell: (m) => formatCount(m.newSubscriptions), align: 'right' },
            { header: 'Cancellations', cell: (m) => formatCount(m.cancellations), align: 'right' },
            { header: 'Churn rate', cell: (m) => formatRate(m.churnRate), align: 'right' },
          ]}
        />
      </Section>
      <Section title="Top revenue users" description="Who paid the most in the selected period">
        <DataTable
          caption="Users who paid the most in the period"
          rows={data?.topUsers ?? []}
          rowKey={(u) => u.id}
          empty={<EmptyState title={EMPTY.topRevenueUsers} />}
          columns={[
            { header: 'Name', cell: (u) => <span className="font-medium">{u.name}</span> },
            { header: 'E-mail', cell: (u) => u.email },
            { header: 'Plan', cell: (u) => <Badge tone="brand">{planLabel(u.plan)}</Badge> },
            { header: 'Revenue / month', cell: (u) => formatAmount(u.monthlyRevenue), align: 'right' },
            { header: 'Paid in period', cell: (u) => formatAmount(u.revenue), align: 'right' },
            { header: 'Joined', cell: (u) => time.date(u.joinDate, 'N/A') },
          ]}
        />
      </Section>
    </div>
  );
}

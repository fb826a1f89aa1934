'use client';

import { countOf } from '@/lib/plural';
import { useState } from 'react';
import { ADMIN_EMPTY_STATES as EMPTY, ADMIN_LIMITS } from '@/lib/constants';
import { Button } from '@/components/ui/button';
import { BAD_COLOR, BarSeriesChart, GOOD_COLOR, LineSeriesChart, ShareChart } from '../charts';
import { formatBucket, formatCost, formatCount, formatMs, formatRate, serviceName } from '../format';
import type { BreakdownAnswer, ErrorsAnswer, PlatformAnswer, TopUsersAnswer, UsageStat, UsageStatsAnswer, UsageTrendRow, UsageTrendsAnswer } from '@/lib/schemas/admin';
import { Badge, DataTable, EmptyState, Section, StatCard, StatGrid, type Column } from '../ui';

const noUsage = <EmptyState title={EMPTY.apiUsage} hint={EMPTY.collecting} />;

/** Calls per bucket over all services, oldest first (for charts). */
function totalsByDate(trends: UsageTrendRow[]) {
  const byDate = new Map<string, { date: string; calls: number; success: number; errors: number; cost: number }>();
  for (const t of trends) {
    const row = byDate.get(t._id.date) ?? { date: t._id.date, calls: 0, success: 0, errors: 0, cost: 0 };
    row.calls += t.count;
    row.success += t.successCount;
    row.errors += t.errorCount;
    row.cost += t.totalCost;
    byDate.set(t._id.date, row);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Calls per bucket with one column per service, oldest first. */
function callsByService(trends: UsageTrendRow[]) {
  const services = [...new Set(trends.map((t) => t._id.service))].sort();
  const byDate = new Map<string, Record<string, number | string>>();
  for (const t of trends) {
    const row = byDate.get(t._id.date) ?? { date: t._id.date, ...Object.fromEntries(services.map((s) => [s, 0])) };
    row[t._id.service] = Number(row[t._id.service] ?? 0) + t.count;
    byDate.set(t._id.date, row);
  }
  return { services, rows: [...byDate.values()].sort((a, b) => String(a.date).localeCompare(String(b.date))) };
}

const usageColumns: Column<UsageStat>[] = [
  { header: 'Service', cell: (s) => <span className="font-medium">{serviceName(s.service)}</span> },
  { header: 'Total calls', cell: (s) => formatCount(s.totalCalls), align: 'right' },
  { header: 'Successful', cell: (s) => formatCount(s.successCalls), align: 'right' },
  { header: 'Failed', cell: (s) => formatCount(s.failedCalls), align: 'right' },
  { header: 'Success rate', cell: (s) => formatRate(s.successRate), align: 'right' },
  { header: 'Avg response', cell: (s) => formatMs(s.avgResponseTime), align: 'right' },
  { header: 'Cost', cell: (s) => formatCost(s.totalCost), align: 'right' },
];

function UsageTable({ stats, caption }: { stats: UsageStat[]; caption: string }) {
  return <DataTable caption={caption} columns={usageColumns} rows={stats} rowKey={(s) => s.service} empty={noUsage} />;
}

const trendColumns: Column<UsageTrendRow>[] = [
  { header: 'Period', cell: (t) => formatBucket(t._id.date) },
  { header: 'Service', cell: (t) => serviceName(t._id.service) },
  { header: 'Calls', cell: (t) => formatCount(t.count), align: 'right' },
  { header: 'Successful', cell: (t) => formatCount(t.successCount), align: 'right' },
  { header: 'Failed', cell: (t) => formatCount(t.errorCount), align: 'right' },
  { header: 'Cost', cell: (t) => formatCost(t.totalCost), align: 'right' },
];

/** The trend rows, the first 10 unless expanded (product §2.9 trend previews). */
function TrendTable({ trends, preview }: { trends: UsageTrendRow[]; preview?: boolean }) {
  const [all, setAll] = useState(false);
  const shown = preview || !all ? trends.slice(0, ADMIN_LIMITS.trendPreviewRows) : trends;
  return (
    <>
      <DataTable caption="Usage trend rows, newest first" columns={trendColumns} rows={shown} rowKey={(t) => `${t._id.date}-${t._id.service}`} empty={<EmptyState title={EMPTY.trends} hint={EMPTY.collecting} />} />
      {!preview && trends.length > ADMIN_LIMITS.trendPreviewRows && (
        <Button variant="ghost" className="mt-2" onClick={() => setAll((v) => !v)} aria-expanded={all}>
          {all ? 'Show fewer rows' : `Show all ${trends.length} rows`}
        </Button>
      )}
    </>
  );
}

const intervalLabel: Record<string, string> = { hour: 'hourly', day: 'daily', week: 'weekly', month: 'monthly' };

export function OverviewView({ stats, trends, platform }: { stats: UsageStatsAnswer | null; trends: UsageTrendsAnswer | null; platform: PlatformAnswer | null }) {
  const chart = trends ? totalsByDate(trends.trends) : [];
  return (
    <div className="space-y-6">
      <StatGrid>
        <StatCard
          label="Total users"
          value={platform ? formatCount(platform.userStats.totalUsers) : '—'}
          detail={platform ? `${formatCount(platform.userStats.activeUsers)} active in the last ${ADMIN_LIMITS.activeUserDays} days` : undefined}
        />
        <StatCard label="Total clients" value={platform ? formatCount(platform.clientStats.totalClients) : '—'} detail={platform ? `${formatCount(platform.clientStats.activeClients)} active` : undefined} />
        <StatCard label="Total goals" value={platform ? formatCount(platform.goalStats.totalGoals) : '—'} detail={platform ? `${formatCount(platform.goalStats.activeGoals)} active` : undefined} />
        <StatCard
          label="Total check-ins"
          value={platform ? formatCount(platform.checkInStats.totalCheckIns) : '—'}
          detail={platform ? `${formatRate(platform.checkInStats.responseRate)} answered` : undefined}
        />
      </StatGrid>
      <StatGrid>
        <StatCard label="API calls" value={stats ? formatCount(stats.totals.totalCalls) : '—'} detail={stats ? `${formatRate(stats.totals.successRate)} successful` : undefined} />
        <StatCard label="Failed calls" value={stats ? formatCount(stats.totals.failedCalls) : '—'} detailTone={stats?.totals.failedCalls ? 'bad' : 'neutral'} detail={stats ? 'in the selected range' : undefined} />
        <StatCard label="Average response" value={stats ? formatMs(stats.totals.avgResponseTime) : '—'} />
        <StatCard label="API cost" value={stats ? formatCost(stats.totals.totalCost) : '—'} />
      </StatGrid>
      <Section title="API calls over time" description={trends ? `Calls per ${trends.interval}, all services` : undefined}>
        {chart.length ? (
          <BarSeriesChart
            label="API calls over time, successful and failed"
            data={chart}
            xKey="date"
            stacked
            formatX={formatBucket}
            series={[
              { key: 'success', label: 'Successful', color: GOOD_COLOR },
              { key: 'errors', label: 'Failed', color: BAD_COLOR },
            ]}
          />
        ) : (
          noUsage
        )}
      </Section>
      <Section title="API usage summary">
        <UsageTable stats={stats?.stats ?? []} caption="API usage per service" />
      </Section>
      <Section title="Recent usage trends" description={`The first ${ADMIN_LIMITS.trendPreviewRows} trend rows, newest first`}>
        <TrendTable trends={trends?.trends ?? []} preview />
      </Section>
    </div>
  );
}

export function ApiUsageView({ stats, trends }: { stats: UsageStatsAnswer | null; trends: UsageTrendsAnswer | null }) {
  const list = stats?.stats ?? [];
  return (
    <div className="space-y-6">
      <Section title="API usage by service">
        {list.length > 0 && (
          <div className="mb-4">
            <BarSeriesChart
              label="Successful and failed calls per service"
              data={list.map((s) => ({ service: serviceName(s.service), success: s.successCalls, failed: s.failedCalls }))}
              xKey="service"
              stacked
              series={[
                { key: 'success', label: 'Successful', color: GOOD_COLOR },
                { key: 'failed', label: 'Failed', color: BAD_COLOR },
              ]}
              height={220}
            />
          </div>
        )}
        <UsageTable stats={list} caption="API usage per service: calls, success rate, response time and cost" />
      </Section>
      <Section title="Usage trends" description={trends ? `Grouped ${intervalLabel[trends.interval] ?? trends.interval}, newest first` : undefined}>
        <TrendTable trends={trends?.trends ?? []} />
      </Section>
    </div>
  );
}

export function UsageTrendsView({ trends }: { trends: UsageTrendsAnswer | null }) {
  const list = trends?.trends ?? [];
  const pivot = callsByService(list);
  const totals = totalsByDate(list);
  return (
    <div className="space-y-6">
      <Section title="Calls per service over time" description={trends ? `Grouped ${intervalLabel[trends.interval] ?? trends.interval}` : undefined}>
        {pivot.rows.length ? (
          <LineSeriesChart label="API calls per service over time" data={pivot.rows} xKey="date" formatX={formatBucket} series={pivot.services.map((s) => ({ key: s, label: serviceName(s) }))} />
        ) : (
          <EmptyState title={EMPTY.trends} hint={EMPTY.collecting} />
        )}
      </Section>
      {totals.length > 0 && (
        <Section title="Cost over time">
          <BarSeriesChart label="API cost over time" data={totals.map((t) => ({ date: t.date, cost: Math.round(t.cost * 10000) / 10000 }))} xKey="date" formatX={formatBucket} formatY={(v) => `$${v.toFixed(2)}`} allowDecimals series={[{ key: 'cost', label: 'Cost (USD)' }]} height={200} />
        </Section>
      )}
      <Section title="Trend rows">
        <TrendTable trends={list} />
      </Section>
    </div>
  );
}

export function ServicesView({ breakdown }: { breakdown: BreakdownAnswer | null }) {
  const list = breakdown?.breakdown ?? [];
  if (!list.length) return <EmptyState title={EMPTY.services} hint={EMPTY.collecting} />;
  return (
    <div className="space-y-6">
      <Section title="Service breakdown">
        <DataTable
          caption="Calls, success rate, response time and cost per service"
          rows={list}
          rowKey={(s) => s.service}
          columns={[
            { header: 'Service', cell: (s) => <span className="font-medium">{serviceName(s.service)}</span> },
            { header: 'Calls', cell: (s) => formatCount(s.count), align: 'right' },
            { header: 'Successful', cell: (s) => formatCount(s.successCount), align: 'right' },
            { header: 'Errors', cell: (s) => formatCount(s.errorCount), align: 'right' },
            { header: 'Success rate', cell: (s) => formatRate(s.successRate), align: 'right' },
            { header: 'Avg response', cell: (s) => formatMs(s.avgResponseTime), align: 'right' },
            { header: 'Cost', cell: (s) => formatCost(s.totalCost), align: 'right' },
          ]}
        />
      </Section>
      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <Section title="Share of calls">
          <ShareChart label="Share of API calls per service" data={list.map((s) => ({ name: serviceName(s.service), calls: s.count }))} nameKey="name" valueKey="calls" formatValue={formatCount} />
        </Section>
        {list.map((s) => (
          <article key={s.service} className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm dark:border-stone-800 dark:bg-stone-900" aria-label={`${serviceName(s.service)} service`}>
            <div className="flex items-center justify-between">
              <h3 className="font-semibold">{serviceName(s.service)}</h3>
              <Badge tone={s.successRate >= 99 ? 'green' : s.successRate >= 90 ? 'amber' : 'red'}>{formatRate(s.successRate)} success</Badge>
            </div>
            <dl className="mt-3 grid grid-cols-2 gap-2 text-sm">
              <dt className="text-stone-500 dark:text-stone-400">Calls</dt>
              <dd className="text-right tabular-nums">{formatCount(s.count)}</dd>
              <dt className="text-stone-500 dark:text-stone-400">Errors</dt>
              <dd className="text-right tabular-nums">{formatCount(s.errorCount)}</dd>
              <dt className="text-stone-500 dark:text-stone-400">Avg response</dt>
              <dd className="text-right tabular-nums">{formatMs(s.avgResponseTime)}</dd>
              <dt className="text-stone-500 dark:text-stone-400">Cost</dt>
              <dd className="text-right tabular-nums">{formatCost(s.totalCost)}</dd>
              <dt className="text-stone-500 dark:text-stone-400">Share of calls</dt>
              <dd className="text-right tabular-nums">{formatRate(s.share)}</dd>
            </dl>
            {s.operations.length > 0 && (
              <ul className="mt-3 space-y-1 border-t border-stone-100 pt-3 text-xs text-stone-600 dark:border-stone-800 dark:text-stone-300">
                {s.operations.map((o) => (
                  <li key={o.operation} className="flex justify-between gap-2">
                    <span className="font-mono">{o.operation}</span>
                    <span className="tabular-nums">
                      {countOf(o.count, 'call')} · {formatMs(o.avgResponseTime)}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </article>
        ))}
      </div>
    </div>
  );
}

/** Up to two sample messages, then an ellipsis when there were more (product §2.9). */
function Samples({ messages, distinct }: { messages: string[]; distinct: number }) {
  if (!messages.length) return <span className="text-stone-500 dark:text-stone-400">—</span>;
  return (
    <ul className="space-y-0.5">
      {messages.slice(0, ADMIN_LIMITS.errorSampleMessages).map((m) => (
        <li key={m} className="max-w-md truncate" title={m}>
          {m}
        </li>
      ))}
      {distinct > ADMIN_LIMITS.errorSampleMessages && <li aria-label={`${distinct - ADMIN_LIMITS.errorSampleMessages} more messages`}>…</li>}
    </ul>
  );
}

export function ErrorsView({ errors }: { errors: ErrorsAnswer | null }) {
  const list = errors?.errorStats ?? [];
  if (!list.length) return <EmptyState title={EMPTY.apiUsage} hint={EMPTY.collecting} />;
  const failing = list.filter((e) => e.totalErrors > 0);
  return (
    <div className="space-y-6">
      <Section title="Error rate by service">
        <DataTable
          caption="Error rate and total errors per service"
          rows={list}
          rowKey={(e) => e.service}
          columns={[
            { header: 'Service', cell: (e) => <span className="font-medium">{serviceName(e.service)}</span> },
            { header: 'Calls', cell: (e) => formatCount(e.totalCalls), align: 'right' },
            { header: 'Total errors', cell: (e) => formatCount(e.totalErrors), align: 'right' },
            {
              header: 'Error rate',
              cell: (e) => <span className={e.errorRate > 5 ? 'font-semibold text-red-700 dark:text-red-400' : undefined}>{formatRate(e.errorRate)}</span>,
              align: 'right',
            },
          ]}
        />
      </Section>
      {failing.length === 0 ? (
        <EmptyState title={EMPTY.errors} />
      ) : (
        failing.map((e) => (
          <Section key={e.service} title={`${serviceName(e.service)} errors`} description={`${formatCount(e.totalErrors)} of ${countOf(e.totalCalls, 'call')} failed (${formatRate(e.errorRate)})`}>
            <DataTable
              caption={`${serviceName(e.service)} errors by type`}
              rows={e.statuses}
              rowKey={(s) => s.status}
              columns={[
                { header: 'Error type', cell: (s) => (s.statusCode ? `HTTP ${s.statusCode}` : 'No status code') },
                { header: 'Count', cell: (s) => formatCount(s.count), align: 'right' },
                { header: 'Sample messages', cell: (s) => <Samples messages={s.errorMessages} distinct={s.distinctErrorMessages} />, wrap: true },
              ]}
            />
          </Section>
        ))
      )}
    </div>
  );
}

export function PlatformView({ platform }: { platform: PlatformAnswer | null }) {
  if (!platform) return <EmptyState title={EMPTY.platform} />;
  const { userStats: u, clientStats: c, goalStats: g, checkInStats: k } = platform;
  const hasTrend = k.checkInTrends.some((t) => t.count > 0);
  return (
    <div className="space-y-6">
      <StatGrid>
        <StatCard label="Users" value={formatCount(u.totalUsers)} detail={`${formatCount(u.activeUsers)} active (${formatRate(u.activeRate)}) · ${formatCount(u.newUsers)} new in 30 days`} />
        <StatCard label="Clients" value={formatCount(c.totalClients)} detail={`${formatCount(c.activeClients)} active · ${formatCount(c.archivedClients)} archived`} />
        <StatCard label="Goals" value={formatCount(g.totalGoals)} detail={`${formatCount(g.activeGoals)} active · ${formatCount(g.completedGoals)} completed (${formatRate(g.goalCompletionRate)})`} />
        <StatCard label="Check-ins" value={formatCount(k.totalCheckIns)} detail={`${formatCount(k.respondedCheckIns)} answered (${formatRate(k.responseRate)})`} />
      </StatGrid>
      <Section title="Check-ins in the last 30 days">
        {hasTrend ? (
          <BarSeriesChart label="Check-ins sent per day over the last 30 days" data={k.checkInTrends} xKey="date" formatX={formatBucket} series={[{ key: 'count', label: 'Check-ins' }]} height={220} />
        ) : (
          <EmptyState title={EMPTY.checkInTrend} />
        )}
        {hasTrend && (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-400">Daily check-in table</summary>
            <div className="mt-2">
              <DataTable
                caption="Check-ins sent per day"
                rows={[...k.checkInTrends].reverse()}
                rowKey={(t) => t._id}
                columns={[
                  { header: 'Date', cell: (t) => formatBucket(t._id) },
                  { header: 'Check-ins', cell: (t) => formatCount(t.count), align: 'right' },
                ]}
              />
            </div>
          </details>
        )}
      </Section>
    </div>
  );
}

export function TopUsersView({ top }: { top: TopUsersAnswer | null }) {
  const list = top?.topUsers ?? [];
  return (
    <Section title="Top users by API usage">
      <DataTable
        caption="Users with the most outside-service calls"
        rows={list}
        rowKey={(u, i) => u.userId ?? `unknown-${i}`}
        empty={<EmptyState title={EMPTY.topUsers} hint={EMPTY.collecting} />}
        columns={[
          {
            header: 'User',
            cell: (u) => (
              <div>
                <p className="font-medium">{u.userName ?? 'Unknown User'}</p>
                {u.email && <p className="text-xs text-stone-500 dark:text-stone-400">{u.email}</p>}
              </div>
            ),
          },
          { header: 'Calls', cell: (u) => formatCount(u.count), align: 'right' },
          { header: 'Cost', cell: (u) => formatCost(u.totalCost), align: 'right' },
          { header: 'Avg response', cell: (u) => formatMs(u.avgResponseTime), align: 'right' },
        ]}
      />
    </Section>
  );
}

'use client';

import { useState } from 'react';
import { useProfileTime } from '@/components/time/use-profile-time';
import { ANALYTICS } from '@/lib/constants';
import type { EngagementStatus, TimeRange } from '@/lib/analytics';
import type { ClientAnalytics } from '@/lib/schemas/analytics';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { TableScroll } from '@/components/ui/table-scroll';
import { CHART_COLORS, CategoryBarChart, DonutChart } from './charts';
import { formatDate, formatMinutes, formatNumber, formatPercent } from './format';
import { EmptyState, Panel, SectionBody, StatCard, StatGrid, useAnalytics } from './parts';

const STATUS_LABELS: Record<EngagementStatus, string> = { high: 'High', medium: 'Medium', low: 'Low', inactive: 'Inactive' };
const STATUS_COLORS: Record<EngagementStatus, string> = {
  high: CHART_COLORS.strong,
  medium: CHART_COLORS.primary,
  low: CHART_COLORS.soft,
  inactive: CHART_COLORS.neutral,
};
const STATUS_BADGES: Record<EngagementStatus, string> = {
  high: 'bg-brand-700 text-white',
  medium: 'bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-brand-100',
  low: 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300',
  inactive: 'bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-300',
};
const PAGE = 25;

export function ClientsSection({ timeRange }: { timeRange: TimeRange }) {
  const time = useProfileTime();
  const query = useAnalytics<ClientAnalytics>('clients', timeRange);
  const [showAll, setShowAll] = useState(false);
  return (
    <SectionBody section="clients" query={query}>
      {(data) => {
        const stats = data.checkInStats;
        if (data.clientEngagement.length === 0 && stats.total === 0) return <EmptyState message={ANALYTICS.empty.clients} hint="Figures appear once you have clients and check-ins go out." />;
        const rows = showAll ? data.clientEngagement : data.clientEngagement.slice(0, PAGE);
        return (
          <div className="space-y-6">
            <StatGrid label="Check-in figures">
              <StatCard label="Check-ins due" value={formatNumber(stats.total, 0)} hint="Sent, plus missed or failed before sending" emphasis />
              <StatCard label="Responded" value={formatNumber(stats.responded, 0)} hint={`of ${stats.delivered} sent`} />
              <StatCard label="Response rate" value={formatPercent(stats.responseRate)} />
              <StatCard label="Average response time" value={formatMinutes(stats.avgResponseTime)} />
              <StatCard label="No response" value={formatNumber(stats.noResponse, 0)} />
              <StatCard label="Awaiting reply" value={formatNumber(stats.awaitingReply, 0)} />
              <StatCard label="Missed" value={formatNumber(stats.missed, 0)} hint="Not sent" />
              <StatCard label="Upcoming" value={formatNumber(stats.upcoming, 0)} hint="Scheduled, not sent yet" />
            </StatGrid>
            <div className="grid gap-6 lg:grid-cols-2">
              {data.clientEngagement.length > 0 && (
                <CategoryBarChart
                  id="engagement-distribution"
                  title="Engagement distribution"
                  description="Active clients by engagement in the period"
                  valueLabel="Clients"
                  summaryNoun="active clients by engagement status"
                  data={data.engagementDistribution.map((d) => ({ label: STATUS_LABELS[d.status], value: d.count, color: STATUS_COLORS[d.status] }))}
                />
              )}
              <DonutChart
                id="check-in-outcomes"
                title="Check-in outcomes"
                description="What happened to the check-ins due in the period"
                summaryNoun="check-in outcomes"
                data={[
                  { label: 'Responded', value: stats.responded, color: CHART_COLORS.strong },
                  { label: 'Awaiting reply', value: stats.awaitingReply, color: CHART_COLORS.primary },
                  { label: 'No response', value: stats.noResponse, color: CHART_COLORS.soft },
                  { label: 'Missed', value: stats.missed, color: CHART_COLORS.neutral },
                ]}
              />
            </div>
            <Panel id="client-engagement" title="Client engagement" description="Active clients; figures cover the chosen period, progress is their open goals today">
              {data.clientEngagement.length === 0 ? (
                <EmptyState message={ANALYTICS.empty.activeClients} />
              ) : (
                <>
                  <TableScroll>
                    <table className="w-full min-w-[720px] text-left text-sm">
                      <caption className="sr-only">Engagement of each active client</caption>
                      <thead className="text-stone-500 dark:text-stone-400">
                        <tr className="border-b border-stone-200 dark:border-stone-700">
                          <th scope="col" className="py-2 pr-4 font-medium">Client</th>
                          <th scope="col" className="py-2 pr-4 font-medium">Engagement</th>
                          <th scope="col" className="py-2 pr-4 font-medium">Response rate</th>
                          <th scope="col" className="py-2 pr-4 font-medium">Response time</th>
                          <th scope="col" className="py-2 pr-4 font-medium">Goal progress</th>
                          <th scope="col" className="py-2 pr-4 font-medium">Goals</th>
                          <th scope="col" className="py-2 font-medium">Last check-in</th>
                        </tr>
                      </thead>
                      <tbody>
                        {rows.map((c) => (
                          <tr key={c.id} className="border-b border-stone-100 last:border-0 dark:border-stone-800">
                            <th scope="row" className="py-2.5 pr-4 font-medium">
                              {c.name}
                              {c.onHold && <span className="ml-2 rounded bg-stone-100 px-1.5 py-0.5 text-xs font-normal text-stone-600 dark:bg-stone-800 dark:text-stone-300">On hold</span>}
                            </th>
                            <td className="py-2.5 pr-4">
                              <span className={cn('inline-flex rounded-full px-2 py-0.5 text-xs font-medium', STATUS_BADGES[c.engagementStatus])}>{STATUS_LABELS[c.engagementStatus]}</span>
                              {c.engagementScore !== null && <span className="ml-2 text-xs text-stone-500 tabular-nums dark:text-stone-400">{formatNumber(c.engagementScore)}</span>}
                            </td>
                            <td className="py-2.5 pr-4 tabular-nums">
                              {formatPercent(c.responseRate)}
                              {c.checkIns > 0 && <span className="ml-1 text-xs text-stone-500 dark:text-stone-400">({c.responses}/{c.checkIns})</span>}
                            </td>
                            <td className="py-2.5 pr-4 tabular-nums">{formatMinutes(c.responseTime)}</td>
                            <td className="py-2.5 pr-4">
                              {c.progress === null ? (
                                '—'
                              ) : (
                                <div className="flex items-center gap-2">
                                  <div className="h-2 w-24 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800" role="progressbar" aria-label={`${c.name} goal progress`} aria-valuenow={c.progress} aria-valuemin={0} aria-valuemax={100}>
                                    <div className="h-full rounded-full bg-brand-500" style={{ width: `${Math.min(100, c.progress)}%` }} />
                                  </div>
                                  <span className="tabular-nums">{formatPercent(c.progress)}</span>
                                </div>
                              )}
                            </td>
                            <td className="py-2.5 pr-4 tabular-nums">{c.goals}</td>
                            <td className="py-2.5 whitespace-nowrap">{formatDate(c.lastCheckIn, time.zone)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
                  {data.clientEngagement.length > PAGE && (
                    <Button variant="secondary" className="mt-4" onClick={() => setShowAll((v) => !v)}>
                      {showAll ? 'Show fewer' : `Show all ${data.clientEngagement.length} clients`}
                    </Button>
                  )}
                </>
              )}
            </Panel>
          </div>
        );
      }}
    </SectionBody>
  );
}

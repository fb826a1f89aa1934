'use client';

import { countOf } from '@/lib/plural';
import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import { ANALYTICS } from '@/lib/constants';
import type { TimeRange } from '@/lib/analytics';
import type { CommunicationAnalytics, SmsMetric } from '@/lib/schemas/analytics';
import { CHART_COLORS, CategoryBarChart, CheckInTrendChart, ResponseTimeTrendChart } from './charts';
import { formatMinutes, formatNumber, formatPercent, formatSigned } from './format';
import { EmptyState, Panel, SectionBody, StatCard, StatGrid, useAnalytics } from './parts';
import { TableScroll } from '@/components/ui/table-scroll';

/** Axis labels of the response-time buckets; the full ones are in the tooltip and the data table. */
const SHORT_BUCKET_LABELS: Record<string, string> = { under15m: '<15m', '15to60m': '15–60m', '1to4h': '1–4h', '4to12h': '4–12h', '12to24h': '12–24h', over24h: '>24h' };

function correlationWords(r: number | null): string {
  if (r === null) return 'Needs 3 clients with check-ins and goals';
  const size = Math.abs(r);
  const strength = size < 0.1 ? 'No clear link' : size < 0.3 ? 'Weak' : size < 0.5 ? 'Moderate' : 'Strong';
  return size < 0.1 ? strength : `${strength} ${r > 0 ? 'positive' : 'negative'} link`;
}

function metricValue(m: SmsMetric, value: number | null): string {
  if (m.unit === '%') return formatPercent(value);
  if (m.unit === 'minutes') return formatMinutes(value);
  return formatNumber(value, 0);
}

function TrendCell({ metric }: { metric: SmsMetric }) {
  const { trend } = metric;
  if (trend === null) return <span className="text-stone-500 dark:text-stone-400">—</span>;
  // A slower reply is the bad direction for response time; more is better everywhere else.
  const good = metric.key === 'avgResponseTime' ? trend < 0 : trend > 0;
  const Icon = trend > 0 ? ArrowUpRight : trend < 0 ? ArrowDownRight : Minus;
  const unit = metric.unit === '%' ? ' pts' : metric.unit === 'minutes' ? ' min' : '';
  const words = trend === 0 ? 'unchanged' : `${trend > 0 ? 'up' : 'down'} ${formatNumber(Math.abs(trend))}${unit}`;
  return (
    <span className={trend === 0 ? 'text-stone-500 dark:text-stone-400' : good ? 'text-green-700 dark:text-green-400' : 'text-red-700 dark:text-red-400'}>
      <Icon className="mr-1 inline h-4 w-4" aria-hidden />
      <span aria-hidden>{formatSigned(trend, unit)}</span>
      <span className="sr-only">{words} on the previous period</span>
    </span>
  );
}

export function CommunicationSection({ timeRange }: { timeRange: TimeRange }) {
  const query = useAnalytics<CommunicationAnalytics>('engagement', timeRange);
  return (
    <SectionBody section="engagement" query={query}>
      {(data) => {
        const delivery = data.smsMetrics.find((m) => m.key === 'deliveryRate');
        if (data.checkInsSent === 0 && (delivery?.value ?? null) === null) return <EmptyState message={ANALYTICS.empty.engagement} hint="Figures appear once check-ins are sent to your clients." />;
        const granularity = data.period.granularity;
        return (
          <div className="space-y-6">
            <StatGrid label="Communication figures">
              <StatCard label="Average response time" value={formatMinutes(data.avgResponseTime)} emphasis />
              <StatCard label="Response rate" value={formatPercent(data.responseRate)} hint={`${countOf(data.checkInsSent, 'check-in')} sent`} />
              <StatCard label="Check-in frequency" value={data.checkInFrequency === null ? '—' : `${formatNumber(data.checkInFrequency)} / week`} hint="Per client reached" />
              <StatCard label="Client satisfaction" value={data.clientSatisfaction === null ? '—' : `${formatNumber(data.clientSatisfaction)} / 100`} hint="Motivation in their replies" />
              <StatCard
                label="Goal-progress correlation"
                value={data.goalProgressCorrelation === null ? '—' : formatNumber(data.goalProgressCorrelation, 2)}
                hint={`${correlationWords(data.goalProgressCorrelation)} between replying and progress`}
              />
              <StatCard
                label="Retention impact"
                value={data.retentionImpact === null ? '—' : `${formatSigned(data.retentionImpact)} pts`}
                hint="Retention of responsive minus unresponsive clients"
              />
            </StatGrid>
            <CheckInTrendChart
              id="engagement-trend"
              title="Check-ins and responses over time"
              description={`Per ${granularity}; responses are counted with the check-in they answer`}
              rows={data.engagementTrends}
              granularity={granularity}
            />
            <div className="grid gap-6 lg:grid-cols-2">
              <ResponseTimeTrendChart id="response-time-trend" rows={data.engagementTrends} granularity={granularity} />
              <CategoryBarChart
                id="response-time-distribution"
                title="Response-time distribution"
                description="How long clients took to reply"
                valueLabel="Replies"
                summaryNoun="replies by response time"
                data={data.responseTimeDistribution.map((b, i) => ({
                  label: b.label,
                  axisLabel: SHORT_BUCKET_LABELS[b.key],
                  value: b.count,
                  color: i < 2 ? CHART_COLORS.strong : i < 4 ? CHART_COLORS.primary : CHART_COLORS.soft,
                }))}
              />
            </div>
            <Panel id="sms-metrics" title="SMS metrics" description="This period against the previous one of the same length">
              <TableScroll>
                <table className="w-full min-w-[640px] text-left text-sm">
                  <caption className="sr-only">SMS metrics with the change on the previous period</caption>
                  <thead className="text-stone-500 dark:text-stone-400">
                    <tr className="border-b border-stone-200 dark:border-stone-700">
                      <th scope="col" className="py-2 pr-4 font-medium">Metric</th>
                      <th scope="col" className="py-2 pr-4 font-medium">This period</th>
                      <th scope="col" className="py-2 pr-4 font-medium">Previous period</th>
                      <th scope="col" className="py-2 font-medium">Trend</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.smsMetrics.map((m) => (
                      <tr key={m.key} className="border-b border-stone-100 last:border-0 dark:border-stone-800">
                        <th scope="row" className="py-2.5 pr-4 font-normal">
                          <span className="font-medium">{m.metric}</span>
                          <span className="block text-xs text-stone-500 dark:text-stone-400">{m.description}</span>
                        </th>
                        <td className="py-2.5 pr-4 tabular-nums">{metricValue(m, m.value)}</td>
                        <td className="py-2.5 pr-4 tabular-nums text-stone-600 dark:text-stone-300">{metricValue(m, m.previousValue)}</td>
                        <td className="py-2.5 tabular-nums">
                          <TrendCell metric={m} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            </Panel>
          </div>
        );
      }}
    </SectionBody>
  );
}

'use client';

import { ANALYTICS } from '@/lib/constants';
import { RANGE_LABELS, type TimeRange } from '@/lib/analytics';
import type { OverviewAnalytics } from '@/lib/schemas/analytics';
import { CheckInTrendChart } from './charts';
import { formatMinutes, formatNumber, formatPercent } from './format';
import { EmptyState, SectionBody, StatCard, StatGrid, useAnalytics } from './parts';

export function OverviewSection({ timeRange }: { timeRange: TimeRange }) {
  const query = useAnalytics<OverviewAnalytics>('overview', timeRange);
  return (
    <SectionBody section="overview" query={query}>
      {(data) =>
        data.totalClients === 0 && data.totalCheckIns === 0 ? (
          <EmptyState message={ANALYTICS.empty.overview} hint="Add clients and schedule check-ins; their figures appear here once check-ins go out." />
        ) : (
          <div className="space-y-6">
            <StatGrid label="Overview figures">
              <StatCard label="Total clients" value={formatNumber(data.totalClients, 0)} hint="Clients not archived" emphasis />
              <StatCard label="Check-ins sent" value={formatNumber(data.totalCheckIns, 0)} hint={RANGE_LABELS[timeRange]} />
              <StatCard label="Average response time" value={formatMinutes(data.avgResponseTime)} hint="From sending to the client's reply" />
              <StatCard label="Response rate" value={formatPercent(data.responseRate)} hint="Check-ins answered" />
              <StatCard label="Client retention" value={formatPercent(data.clientRetention)} hint="Clients kept since the period began" />
              <StatCard label="Engagement score" value={data.engagementScore === null ? '—' : `${formatNumber(data.engagementScore)} / 100`} hint="Replies, weighted by engagement" />
              <StatCard label="Check-in frequency" value={data.checkInFrequency === null ? '—' : `${formatNumber(data.checkInFrequency)} / week`} hint="Per client reached" />
              <StatCard label="Goal completion rate" value={formatPercent(data.goalCompletionRate)} hint="Goals tracked that were completed" />
            </StatGrid>
            <CheckInTrendChart
              id="overview-trend"
              title="Check-ins and responses"
              description={`${RANGE_LABELS[timeRange]}, per ${data.period.granularity}`}
              rows={data.trends}
              granularity={data.period.granularity}
            />
          </div>
        )
      }
    </SectionBody>
  );
}

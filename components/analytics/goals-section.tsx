'use client';

import { countOf } from '@/lib/plural';
import { ANALYTICS } from '@/lib/constants';
import { useProfileTime } from '@/components/time/use-profile-time';
import type { TimeRange } from '@/lib/analytics';
import type { GoalAnalytics } from '@/lib/schemas/analytics';
import { CHART_COLORS, DonutChart, GoalTypesChart } from './charts';
import { goalTypeLabel } from '@/lib/goal-types';
import { formatDate, formatDays, formatNumber, formatPercent } from './format';
import { EmptyState, Panel, SectionBody, StatCard, StatGrid, useAnalytics } from './parts';
import { TableScroll } from '@/components/ui/table-scroll';

export function GoalsSection({ timeRange }: { timeRange: TimeRange }) {
  const time = useProfileTime();
  const query = useAnalytics<GoalAnalytics>('goals', timeRange);
  return (
    <SectionBody section="goals" query={query}>
      {(data) => {
        if (data.goalTypes.length === 0 && data.activeGoals === 0) return <EmptyState message={ANALYTICS.empty.goals} hint="Goals appear here once your clients have them." />;
        const open = data.trackedGoals - data.completedGoals - data.abandonedGoals;
        return (
          <div className="space-y-6">
            <StatGrid label="Goal figures">
              <StatCard label="Active goals" value={formatNumber(data.activeGoals, 0)} hint="Open goals of active clients" emphasis />
              <StatCard label="Completion rate" value={formatPercent(data.completionRate)} hint={`${data.completedGoals} of ${countOf(data.trackedGoals, 'goal')} tracked`} />
              <StatCard label="Abandonment rate" value={formatPercent(data.abandonmentRate)} hint={`${data.abandonedGoals} left unfinished`} />
              <StatCard label="Average time to complete" value={formatDays(data.avgTimeToComplete)} hint="From creating to completing" />
            </StatGrid>
            <div className="grid gap-6 lg:grid-cols-2">
              <GoalTypesChart
                data={data.goalTypes.map((t) => ({ label: goalTypeLabel(t.type), completed: t.completed, abandoned: t.abandoned, open: t.count - t.completed - t.abandoned }))}
              />
              <DonutChart
                id="goal-outcomes"
                title="Goal completion"
                description="Goals tracked in the period"
                summaryNoun="goals tracked in the period"
                data={[
                  { label: 'Completed', value: data.completedGoals, color: CHART_COLORS.strong },
                  { label: 'Open', value: open, color: CHART_COLORS.soft },
                  { label: 'Abandoned', value: data.abandonedGoals, color: CHART_COLORS.neutral },
                ]}
              />
            </div>
            <div className="grid gap-6 lg:grid-cols-2">
              <Panel id="goal-type-table" title="Goal types" description="Completion and time to complete per type">
                {data.goalTypes.length === 0 ? (
                  <p className="text-sm text-stone-500 dark:text-stone-400">No goals were tracked in this period.</p>
                ) : (
                  <TableScroll>
                    <table className="w-full text-left text-sm">
                      <caption className="sr-only">Goal types</caption>
                      <thead className="text-stone-500 dark:text-stone-400">
                        <tr className="border-b border-stone-200 dark:border-stone-700">
                          <th scope="col" className="py-2 pr-4 font-medium">Type</th>
                          <th scope="col" className="py-2 pr-4 font-medium">Goals</th>
                          <th scope="col" className="py-2 pr-4 font-medium">Completion</th>
                          <th scope="col" className="py-2 font-medium">Average time</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.goalTypes.map((t) => (
                          <tr key={t.type} className="border-b border-stone-100 last:border-0 dark:border-stone-800">
                            <th scope="row" className="py-2 pr-4 font-medium">{goalTypeLabel(t.type)}</th>
                            <td className="py-2 pr-4 tabular-nums">{t.count}</td>
                            <td className="py-2 pr-4 tabular-nums">{formatPercent(t.completion)}</td>
                            <td className="py-2 tabular-nums">{formatDays(t.avgTime)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </TableScroll>
                )}
              </Panel>
              <Panel id="recent-completions" title="Recent completions" description="Goals completed in the period, newest first">
                {data.recentCompletions.length === 0 ? (
                  <p className="text-sm text-stone-500 dark:text-stone-400">No goal was completed in this period.</p>
                ) : (
                  <ul className="divide-y divide-stone-100 dark:divide-stone-800">
                    {data.recentCompletions.map((r) => (
                      <li key={r.goalId} className="flex items-start justify-between gap-4 py-2.5 text-sm">
                        <div>
                          <p className="font-medium">{r.goal}</p>
                          <p className="text-stone-500 dark:text-stone-400">
                            {r.client} · {goalTypeLabel(r.type)}
                          </p>
                        </div>
                        <div className="text-right whitespace-nowrap">
                          <p>{formatDate(r.completed, time.zone)}</p>
                          <p className="text-stone-500 dark:text-stone-400">in {formatDays(r.duration)}</p>
                        </div>
                      </li>
                    ))}
                  </ul>
                )}
              </Panel>
            </div>
          </div>
        );
      }}
    </SectionBody>
  );
}

'use client';

import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { WORKSPACE_TOASTS } from '@/lib/constants';
import { responseRate, scheduledDaysPerWeek, weeklyProgress } from './metrics';
import { useClientGoals, useRecentCheckIns } from './queries';
import type { ClientDto } from './types';

function Metric({ label, value, caption, percent }: { label: string; value: ReactNode; caption: string; percent?: number | null }) {
  return (
    <div className="rounded-lg border border-stone-200 p-4 dark:border-stone-800">
      <dt className="text-sm text-stone-500 dark:text-stone-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      <dd>
        {typeof percent === 'number' && (
          <div className="mt-2 h-1.5 overflow-hidden rounded-full bg-stone-100 dark:bg-stone-800" aria-hidden>
            <div className="h-full rounded-full bg-brand-500" style={{ width: `${percent ?? 0}%` }} />
          </div>
        )}
        <p className="mt-2 text-xs text-stone-500 dark:text-stone-400">{caption}</p>
      </dd>
    </div>
  );
}

/** Client Overview (product §2.2, formulas of §2.9). */
export function ClientOverview({ client }: { client: ClientDto }) {
  const goals = useClientGoals(client.id);
  const recent = useRecentCheckIns(client.id);
  const progress = goals.data ? weeklyProgress(goals.data) : null;
  const rate = recent.data ? responseRate(recent.data.checkIns, client.checkInSchedule) : null;
  const days = scheduledDaysPerWeek(client.checkInSchedule);
  const pending = <span className="text-stone-500 dark:text-stone-400">…</span>;

  return (
    <Card title="Client Overview">
      {(goals.isError || recent.isError) && (
        <p role="alert" className="mb-3 text-sm text-red-600 dark:text-red-400">
          {goals.isError ? errorMessage(goals.error, WORKSPACE_TOASTS.goalsFailed) : errorMessage(recent.error, WORKSPACE_TOASTS.historyFailed)}
        </p>
      )}
      <dl className="grid gap-3 sm:grid-cols-3">
        <Metric label="Active Goals" value={goals.data ? goals.data.length : goals.isPending ? pending : client.goals.length} caption="Goals being worked on now" />
        <Metric
          label="Weekly Progress"
          value={goals.isPending ? pending : progress === null ? '—' : `${progress}%`}
          percent={goals.isPending ? undefined : progress}
          caption={progress === null && !goals.isPending ? 'No goals with a numeric target' : 'Average progress toward each target'}
        />
        <Metric
          label="Response Rate"
          value={recent.isPending ? pending : rate === null ? '—' : `${rate}%`}
          percent={recent.isPending ? undefined : rate}
          caption={days === 0 ? 'No check-in days scheduled' : `Replies in the last 30 days for ${days} check-in day${days === 1 ? '' : 's'} a week`}
        />
      </dl>
      {client.executiveSummary && (
        <div className="mt-4 rounded-lg bg-stone-50 p-4 dark:bg-stone-800/50">
          <h3 className="text-sm font-semibold">Summary</h3>
          <p className="mt-1 text-sm leading-relaxed text-stone-600 dark:text-stone-300">{client.executiveSummary}</p>
        </div>
      )}
    </Card>
  );
}

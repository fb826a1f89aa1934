'use client';

import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { WORKSPACE_GOAL_TOASTS as T } from '@/lib/constants';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Modal } from '@/components/ui/modal';
import { Loading } from '@/components/ui/spinner';
import { useCoachDateFormat } from './format';
import { formatAmount, goalTypeLabel, type GoalDto, type GoalVersionDto } from './goal-types';
import { failureText } from './use-goals';

const FIELDS = ['title', 'target', 'unit', 'status'] as const;
type VersionField = (typeof FIELDS)[number];

const show = (v: GoalVersionDto, field: VersionField): string => {
  if (field === 'target') return v.target === null ? 'None' : formatAmount(v.target, null);
  if (field === 'unit') return v.unit || 'None';
  if (field === 'status') return v.status === 'completed' ? 'Completed' : 'Active';
  return v.title;
};

const LABELS: Record<VersionField, string> = { title: 'Title', target: 'Target', unit: 'Unit', status: 'Status' };

/** The goal's versions, newest first, each field that differs from the version before it highlighted. */
export function VersionHistoryDialog({ goal, onClose }: { goal: GoalDto; onClose(): void }) {
  const format = useCoachDateFormat();
  const history = useQuery({
    queryKey: ['goal-versions', goal.id],
    queryFn: ({ signal }) => api.get<{ versionHistory: GoalVersionDto[] }>(`/goals/${goal.id}/version-history`, { signal }).then((r) => r.versionHistory),
    staleTime: 0,
  });

  return (
    <Modal open title={`Version history: ${goal.title}`} onClose={onClose}>
      {history.isPending ? (
        <Loading label="Loading version history…" />
      ) : history.isError ? (
        <Banner tone="error">
          {failureText(history.error, T.historyFailed)}{' '}
          <button type="button" className="font-medium underline" onClick={() => void history.refetch()}>
            Retry
          </button>
        </Banner>
      ) : history.data.length === 0 ? (
        <p className="text-sm text-stone-500 dark:text-stone-400">No versions recorded yet.</p>
      ) : (
        <ol className="max-h-[60vh] space-y-3 overflow-y-auto pr-1" aria-label="Versions, newest first">
          {history.data.map((version, index) => {
            const older = history.data[index + 1];
            const changed = (field: VersionField) => Boolean(older && show(older, field) !== show(version, field));
            return (
              <li key={version.id} className="rounded-lg border border-stone-200 p-3 dark:border-stone-700">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <time dateTime={version.versionDate} className="text-sm font-medium text-stone-900 dark:text-stone-100">
                    {format.dateTime(version.versionDate)}
                  </time>
                  {index === 0 && <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-900/50 dark:text-brand-200">Current</span>}
                </div>
                <p className={cn('mt-1 text-sm', version.changeNote ? 'text-stone-700 dark:text-stone-300' : 'text-stone-500 italic dark:text-stone-400')}>
                  {version.changeNote || 'No change note'}
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  {FIELDS.map((field) => (
                    <div key={field} className="contents">
                      <dt className="text-stone-500 dark:text-stone-400">{LABELS[field]}</dt>
                      <dd
                        className={cn(
                          'min-w-0 break-words',
                          changed(field) ? 'font-semibold text-brand-800 dark:text-brand-200' : 'text-stone-800 dark:text-stone-200',
                        )}
                      >
                        {changed(field) ? (
                          <mark className="rounded bg-brand-100 px-1 text-inherit dark:bg-brand-900/60">
                            {show(version, field)}
                            <span className="sr-only"> (changed from {show(older!, field)})</span>
                          </mark>
                        ) : (
                          show(version, field)
                        )}
                        {changed(field) && (
                          <span aria-hidden className="ml-2 text-xs font-normal text-stone-500 line-through dark:text-stone-400">
                            {show(older!, field)}
                          </span>
                        )}
                      </dd>
                    </div>
                  ))}
                  <div className="contents">
                    <dt className="text-stone-500 dark:text-stone-400">Type</dt>
                    <dd className="text-stone-800 dark:text-stone-200">{goalTypeLabel(version.type)}</dd>
                  </div>
                </dl>
              </li>
            );
          })}
        </ol>
      )}
      <div className="mt-5 flex justify-end">
        <Button type="button" variant="secondary" onClick={onClose}>
          Close
        </Button>
      </div>
    </Modal>
  );
}

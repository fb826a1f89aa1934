'use client';

import { useRef, useState } from 'react';
import { Archive, ListChecks, Plus, Target } from 'lucide-react';
import { WORKSPACE_GOAL_TOASTS as T, WORKSPACE_VALIDATION as V } from '@/lib/constants';
import type { ClientDto } from '@/lib/schemas/clients';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { AddGoalForm } from './add-goal-form';
import { GoalCard } from './goal-card';
import { failureText, useClientGoals, type GoalsView } from './use-goals';

/** The Goals tab of the client detail (product §2.2). */
export function GoalsTab({ client }: { client: ClientDto }) {
  if (!client?.id) return <Banner tone="error">{V.clientIdMissing}</Banner>;
  // A new client starts on its active goals with the add form closed.
  return <GoalsPanel key={client.id} client={client} />;
}

function GoalsPanel({ client }: { client: ClientDto }) {
  const [view, setView] = useState<GoalsView>('active');
  const [adding, setAdding] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const closeForm = () => {
    setAdding(false);
    requestAnimationFrame(() => addButton.current?.focus());
  };
  const goals = useClientGoals(client.id, view);
  const archived = view === 'archived';
  const name = client.firstName || client.username;

  return (
    <section aria-label={`Goals of ${name}`} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-stone-900 dark:text-stone-100">{archived ? 'Archived goals' : 'Active goals'}</h2>
          <p className="text-sm text-stone-500 dark:text-stone-400">
            {archived ? `Completed and archived goals of ${name}.` : `What ${name} is working toward, with this week's check-ins and milestones.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="secondary"
            aria-pressed={archived}
            onClick={() => {
              setView(archived ? 'active' : 'archived');
              setAdding(false);
            }}
          >
            {archived ? <ListChecks className="h-4 w-4" aria-hidden /> : <Archive className="h-4 w-4" aria-hidden />}
            {archived ? 'Show Active Goals' : 'Show Archived Goals'}
          </Button>
          {!archived && (
            <Button ref={addButton} type="button" aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
              <Plus className="h-4 w-4" aria-hidden />
              Add Goal
            </Button>
          )}
        </div>
      </div>

      {adding && !archived && <AddGoalForm clientId={client.id} onDone={closeForm} />}

      {goals.isPending ? (
        <Loading label={archived ? 'Loading archived goals…' : 'Loading goals…'} />
      ) : goals.isError ? (
        <Banner tone="error" className="flex flex-wrap items-center justify-between gap-3">
          <span>{failureText(goals.error, archived ? T.fetchArchivedFailed : T.fetchGoalsFailed)}</span>
          <Button type="button" variant="secondary" className="px-3! py-1.5!" loading={goals.isFetching} onClick={() => void goals.refetch()}>
            Retry
          </Button>
        </Banner>
      ) : goals.data.length === 0 ? (
        <EmptyState archived={archived} onAdd={adding ? undefined : () => setAdding(true)} />
      ) : (
        <ul className="space-y-3" aria-label={archived ? 'Archived goals' : 'Active goals'}>
          {goals.data.map((goal) => (
            <li key={goal.id}>
              <GoalCard goal={goal} clientId={client.id} clientTimezone={client.timezone} clientFirstName={client.firstName || client.username} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function EmptyState({ archived, onAdd }: { archived: boolean; onAdd?: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-stone-300 px-6 py-10 text-center dark:border-stone-700">
      {archived ? <Archive className="h-8 w-8 text-stone-500 dark:text-stone-400" aria-hidden /> : <Target className="h-8 w-8 text-brand-500" aria-hidden />}
      <p className="mt-3 text-sm font-medium text-stone-700 dark:text-stone-300">{archived ? 'No archived goals' : 'No active goals yet — add the first one'}</p>
      {!archived && onAdd && (
        <Button type="button" variant="secondary" className="mt-4" onClick={onAdd}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Goal
        </Button>
      )}
    </div>
  );
}

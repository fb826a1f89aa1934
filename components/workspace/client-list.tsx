'use client';

import { RefreshCw, UserPlus, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Loading } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { CLIENT_LIST_GOALS, WORKSPACE_TOASTS } from '@/lib/constants';
import { isNumericGoalType } from '@/lib/schemas/workspace';
import { ClientAvatar } from './client-avatar';
import { formatDay } from './format';
import { LanguageCode } from './language';
import { MoodFace } from './mood-face';
import { clientStatus } from './status';
import type { ClientDto } from './types';
import { WeekBubbles, WeekLegend } from './week-bubbles';

interface ClientListProps {
  clients: ClientDto[] | undefined;
  loading: boolean;
  error: unknown;
  refreshing: boolean;
  zone: string;
  selectedId: string | null;
  onSelect(id: string): void;
  onRetry(): void;
  onAdd(): void;
}

function loadError(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 401) return WORKSPACE_TOASTS.authError;
  if (error instanceof ApiError && error.message && error.message !== WORKSPACE_TOASTS.loadClientsFailed) return error.message;
  return null;
}

/** Up to two active goals under the name (product §2.9): a measured goal shows how far it is. */
function RowGoals({ goals }: { goals: ClientDto['goals'] }) {
  if (goals.length === 0) return null;
  const shown = goals.slice(0, CLIENT_LIST_GOALS);
  const more = goals.length - shown.length;
  return (
    <span className="mt-1.5 block space-y-1" aria-label="Goals">
      {shown.map((g) => {
        const measured = isNumericGoalType(g.type) && g.target !== null && g.target > 0;
        const percent = Math.round(Math.min(100, Math.max(0, g.progress)));
        return (
          <span key={g.id} className="flex items-center gap-2 text-xs text-stone-600 dark:text-stone-300">
            <span className="min-w-0 flex-1 truncate" title={g.title}>
              {g.title}
            </span>
            {measured && (
              <span className="flex shrink-0 items-center gap-1.5">
                <span className="h-1.5 w-12 overflow-hidden rounded-full bg-stone-200 dark:bg-stone-700" aria-hidden>
                  <span className="block h-full rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${percent}%` }} />
                </span>
                <span className="w-8 text-right tabular-nums text-stone-500 dark:text-stone-400">
                  <span className="sr-only">progress </span>
                  {percent}%
                </span>
              </span>
            )}
          </span>
        );
      })}
      {more > 0 && <span className="block text-xs text-stone-500 dark:text-stone-400">+{more} more</span>}
    </span>
  );
}

function ClientRow({ client, zone, selected, onSelect }: { client: ClientDto; zone: string; selected: boolean; onSelect(): void }) {
  const status = clientStatus(client);
  const lastCheckIn = client.lastCheckInDate ?? client.latestCheckIn?.sentAt ?? null;
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onSelect}
        className={cn(
          'relative flex w-full items-start gap-3 px-4 py-3 text-left transition-colors',
          selected ? 'bg-brand-50 dark:bg-brand-500/10' : 'hover:bg-stone-50 dark:hover:bg-stone-800/60',
        )}
      >
        <span className={cn('absolute inset-y-0 left-0 w-1', selected ? 'bg-brand-500' : 'bg-transparent')} aria-hidden />
        <ClientAvatar client={client} />
        <span className="min-w-0 flex-1">
          <span className="flex items-center gap-2">
            <span className="truncate font-medium text-stone-900 dark:text-stone-100">{client.username}</span>
            <LanguageCode language={client.language} />
            <span className="ml-auto flex shrink-0 items-center gap-2">
              <Badge tone={status.tone}>{status.label}</Badge>
              <MoodFace reply={client.latestReply} />
            </span>
          </span>
          <span className="block truncate text-sm text-stone-500 dark:text-stone-400">{client.email}</span>
          <RowGoals goals={client.goals} />
          <span className="mt-2 flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5">
            <span className="text-xs text-stone-500 dark:text-stone-400">
              Last check-in:{' '}
              <span className="font-medium text-stone-700 dark:text-stone-300">{lastCheckIn ? formatDay(lastCheckIn, zone) : 'Never'}</span>
            </span>
            <WeekBubbles week={client.weeklyCheckIns} zone={zone} />
          </span>
        </span>
      </button>
    </li>
  );
}

/** The client list with its loading, empty and error states (product §2.2). */
export function ClientList({ clients, loading, error, refreshing, zone, selectedId, onSelect, onRetry, onAdd }: ClientListProps) {
  let body;
  if (loading) {
    body = (
      <div className="px-4">
        <Loading label="Loading clients…" />
      </div>
    );
  } else if (error && !clients) {
    const detail = loadError(error);
    body = (
      <div className="p-4">
        <Banner tone="error">
          <p className="font-medium">{WORKSPACE_TOASTS.loadClientsFailed}</p>
          {detail && <p className="mt-1">{detail}</p>}
          <Button variant="secondary" className="mt-3" onClick={onRetry}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Retry
          </Button>
        </Banner>
      </div>
    );
  } else if (!clients || clients.length === 0) {
    body = (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-500/10 dark:text-brand-300" aria-hidden>
          <Users className="h-6 w-6" />
        </span>
        <h3 className="mt-4 font-semibold">No clients yet</h3>
        <p className="mt-1 max-w-xs text-sm text-stone-500 dark:text-stone-400">Add your first client to set their goals and start weekly check-ins.</p>
        <Button className="mt-4" onClick={onAdd}>
          <UserPlus className="h-4 w-4" aria-hidden /> Add your first client
        </Button>
      </div>
    );
  } else {
    body = (
      <ul className="divide-y divide-stone-100 dark:divide-stone-800" aria-label="Clients">
        {clients.map((c) => (
          <ClientRow key={c.id} client={c} zone={zone} selected={c.id === selectedId} onSelect={() => onSelect(c.id)} />
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby="client-list-heading" className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="flex items-center justify-between gap-3 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
        <h2 id="client-list-heading" className="font-semibold">
          Clients {clients && clients.length > 0 && <span className="font-normal text-stone-500 dark:text-stone-400">({clients.length})</span>}
        </h2>
        {refreshing && !loading && (
          <span className="flex items-center gap-1.5 text-xs text-stone-500 dark:text-stone-400" role="status">
            <RefreshCw className="h-3.5 w-3.5 animate-spin" aria-hidden /> Updating…
          </span>
        )}
      </div>
      {body}
      {clients && clients.length > 0 && (
        <div className="border-t border-stone-200 px-4 py-3 dark:border-stone-800">
          <WeekLegend />
        </div>
      )}
    </section>
  );
}

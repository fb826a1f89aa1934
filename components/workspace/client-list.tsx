'use client';

import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { RefreshCw, Search, SearchX, UserPlus, Users, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { controlClass } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { Loading } from '@/components/ui/spinner';
import {
  CLIENT_FILTER_OPTIONS,
  CLIENT_FILTERS,
  CLIENT_SEARCH_DEBOUNCE_MS,
  CLIENT_SEARCH_MAX_CHARS,
  CLIENT_SORT_OPTIONS,
  CLIENT_SORTS,
  SORT_DIRECTIONS,
  type ClientFilter,
  type ClientSort,
  type SortDirection,
} from '@/lib/client-list';
import type { ClientStats } from '@/lib/schemas/clients';
import { ApiError } from '@/lib/api-client';
import { CLIENT_LIST_GOALS, WORKSPACE_TOASTS } from '@/lib/constants';
import { isNumericGoalType } from '@/lib/schemas/workspace';
import { ClientAvatar } from './client-avatar';
import { formatDay } from './format';
import { clientListAuthError } from './use-clients';
import { DEFAULT_CLIENT_LANGUAGE } from '@/lib/languages';
import { LanguageCode } from './language';
import { MoodFace } from './mood-face';
import { clientStatus } from './status';
import type { ClientDto } from './types';
import { WeekBubbles, WeekLegend } from './week-bubbles';

export interface ListView {
  q: string;
  sort: ClientSort;
  dir: SortDirection;
  filter: ClientFilter | null;
}

interface ClientListProps {
  view: ListView;
  onViewChange(change: Partial<ListView>): void;
  clients: ClientDto[] | undefined;
  /** How many clients the search and filter keep, over all pages. */
  total: number | null;
  counts: ClientStats | undefined;
  loading: boolean;
  error: unknown;
  refreshing: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  /** The last try at the next page failed: it waits for Retry instead of trying again on each scroll. */
  loadMoreFailed: boolean;
  onLoadMore(): void;
  zone: string;
  selectedId: string | null;
  onSelect(id: string): void;
  onRetry(): void;
  onAdd(): void;
}

function loadError(error: unknown): string | null {
  if (error instanceof ApiError && error.status === 401) return clientListAuthError(error);
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
    <button
      type="button"
      aria-pressed={selected}
      data-client-row
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
          {client.language !== DEFAULT_CLIENT_LANGUAGE && <LanguageCode language={client.language} />}
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
  );
}

/** The search box: the server is asked 300 ms after the last key (product §9), and follows the URL back. */
function SearchBox({ value, onSearch }: { value: string; onSearch(q: string): void }) {
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The URL changed under the box (back button, a cleared filter): show what it now says.
  if (value !== shown) {
    setShown(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onSearch(text.trim()), CLIENT_SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onSearch]);
  return (
    <div className="relative min-w-0 flex-1">
      <label htmlFor="client-search" className="sr-only">
        Search clients
      </label>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-stone-400" />
      <input
        id="client-search"
        type="search"
        value={text}
        maxLength={CLIENT_SEARCH_MAX_CHARS}
        placeholder="Name, e-mail or phone"
        autoComplete="off"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') onSearch(text.trim());
        }}
        className={cn(controlClass, 'block w-full pl-9 [&::-webkit-search-cancel-button]:hidden', text && 'pr-9')}
      />
      {text && (
        <button
          type="button"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            onSearch('');
          }}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded p-1 text-stone-400 hover:text-stone-600 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none dark:hover:text-stone-200"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      )}
    </div>
  );
}

/** Sort and direction in one select: each pair reads as one choice ("Last check-in: newest first"). */
function SortSelect({ sort, dir, onChange }: { sort: ClientSort; dir: SortDirection; onChange(sort: ClientSort, dir: SortDirection): void }) {
  return (
    <div className="w-full sm:w-60 sm:shrink-0 lg:w-full 2xl:w-60">
      <label htmlFor="client-sort" className="sr-only">
        Sort clients
      </label>
      <Select
        id="client-sort"
        value={`${sort}:${dir}`}
        onChange={(e) => {
          const [s, d] = e.target.value.split(':');
          const nextSort = CLIENT_SORTS.find((x) => x === s);
          const nextDir = SORT_DIRECTIONS.find((x) => x === d);
          if (nextSort && nextDir) onChange(nextSort, nextDir);
        }}
      >
        {CLIENT_SORTS.flatMap((s) =>
          SORT_DIRECTIONS.map((d) => (
            <option key={`${s}:${d}`} value={`${s}:${d}`}>
              {CLIENT_SORT_OPTIONS[s].label}: {CLIENT_SORT_OPTIONS[s][d]}
            </option>
          )),
        )}
      </Select>
    </div>
  );
}

/** The filters as toggle chips with their counts; each chip's description is the definition the server applies. */
function FilterChips({ filter, counts, total, onChange }: { filter: ClientFilter | null; counts: ClientStats | undefined; total: number | undefined; onChange(filter: ClientFilter | null): void }) {
  const chip = (active: boolean) =>
    cn(
      'inline-flex shrink-0 items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:outline-none',
      active
        ? 'border-brand-700 bg-brand-700 text-white'
        : 'border-stone-300 text-stone-700 hover:bg-stone-50 dark:border-stone-700 dark:text-stone-300 dark:hover:bg-stone-800',
    );
  const count = (n: number | undefined, active: boolean) =>
    n === undefined ? null : <span className={cn('tabular-nums', active ? 'text-white' : 'text-stone-500 dark:text-stone-400')}>{n}</span>;
  return (
    <div role="group" aria-label="Filter clients" className="flex flex-wrap gap-2">
      <button type="button" aria-pressed={filter === null} className={chip(filter === null)} onClick={() => onChange(null)}>
        All {count(total, filter === null)}
      </button>
      {CLIENT_FILTERS.map((f) => (
        <button key={f} type="button" aria-pressed={filter === f} title={CLIENT_FILTER_OPTIONS[f].description} className={chip(filter === f)} onClick={() => onChange(filter === f ? null : f)}>
          {CLIENT_FILTER_OPTIONS[f].label} {count(counts?.filters[f], filter === f)}
        </button>
      ))}
    </div>
  );
}

/** Rows drawn beyond the visible ones, so a fast scroll or Tab lands on a row already there. */
const OVERSCAN = 6;
/** The next page is asked for this many rows before the end of the loaded ones. */
const PREFETCH_ROWS = 10;
const ESTIMATED_ROW_PX = 124;

/**
 * The rows, virtualised: only the ones in view (and a few around) are in the page, whatever the
 * number of clients; reaching the end asks for the next page. Arrow keys, Home and End move between
 * rows, scrolling the one asked for into view first.
 */
function VirtualRows({
  clients,
  total,
  hasMore,
  loadingMore,
  loadMoreFailed,
  onLoadMore,
  zone,
  selectedId,
  onSelect,
}: Pick<ClientListProps, 'total' | 'hasMore' | 'loadingMore' | 'loadMoreFailed' | 'onLoadMore' | 'zone' | 'selectedId' | 'onSelect'> & { clients: ClientDto[] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's measurements change without new props, so React Compiler rightly leaves this component unmemoised.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: clients.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => clients[index]!.id,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && !loadingMore && !loadMoreFailed && lastIndex >= clients.length - PREFETCH_ROWS) onLoadMore();
  }, [hasMore, loadingMore, loadMoreFailed, lastIndex, clients.length, onLoadMore]);

  const focusRow = (index: number) => {
    const target = Math.max(0, Math.min(clients.length - 1, index));
    virtualizer.scrollToIndex(target, { align: 'auto' });
    // The row may only be drawn on the next frame, once scrolled to.
    const focus = (tries: number) => {
      const row = scrollRef.current?.querySelector<HTMLElement>(`[data-index="${target}"] [data-client-row]`);
      if (row) row.focus();
      else if (tries > 0) requestAnimationFrame(() => focus(tries - 1));
    };
    requestAnimationFrame(() => focus(5));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = (e.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!current) return;
    const index = Number(current.dataset.index);
    const moves: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: clients.length - 1 };
    if (!(e.key in moves)) return;
    e.preventDefault();
    focusRow(moves[e.key]!);
  };

  return (
    <div ref={scrollRef} onKeyDown={onKeyDown} className="max-h-[min(70vh,56rem)] overflow-y-auto overscroll-contain" data-testid="client-scroll">
      <ul aria-label="Clients" className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const c = clients[item.index]!;
          return (
            <li
              key={item.key}
              data-index={item.index}
              ref={virtualizer.measureElement}
              aria-setsize={total ?? clients.length}
              aria-posinset={item.index + 1}
              className="absolute inset-x-0 top-0 border-b border-stone-100 dark:border-stone-800"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ClientRow client={c} zone={zone} selected={c.id === selectedId} onSelect={() => onSelect(c.id)} />
            </li>
          );
        })}
      </ul>
      {loadMoreFailed ? (
        <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm text-red-700 dark:text-red-300" role="alert">
          {WORKSPACE_TOASTS.loadClientsFailed}
          <Button variant="secondary" onClick={onLoadMore}>
            <RefreshCw className="h-4 w-4" aria-hidden /> Retry
          </Button>
        </div>
      ) : (
        hasMore && (
          <div className="px-4">
            <Loading label="Loading more clients…" />
          </div>
        )
      )}
    </div>
  );
}

/** The client list with its search, sort and filters, and its loading, empty and error states (product §2.2). */
export function ClientList(props: ClientListProps) {
  const { view, onViewChange, clients, total, counts, loading, error, refreshing, onRetry, onAdd } = props;
  const narrowed = view.q !== '' || view.filter !== null;
  const noClientsAtAll = counts?.clients === 0 && !narrowed;
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
  } else if ((!clients || clients.length === 0) && narrowed) {
    body = (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <SearchX className="h-8 w-8 text-stone-300 dark:text-stone-600" aria-hidden />
        <h3 className="mt-3 font-semibold">No matching clients</h3>
        <p className="mt-1 max-w-xs text-sm text-stone-500 dark:text-stone-400">
          {view.filter ? CLIENT_FILTER_OPTIONS[view.filter].description : 'No name, e-mail or phone number matches.'}
        </p>
        <Button variant="secondary" className="mt-4" onClick={() => onViewChange({ q: '', filter: null })}>
          Show all clients
        </Button>
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
    body = <VirtualRows {...props} clients={clients} />;
  }
  const all = counts?.clients;
  return (
    <section aria-labelledby="client-list-heading" className="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm dark:border-stone-800 dark:bg-stone-900">
      <div className="space-y-3 border-b border-stone-200 px-4 py-3 dark:border-stone-800">
        <div className="flex items-center justify-between gap-3">
          <h2 id="client-list-heading" className="font-semibold">
            Clients{' '}
            {total !== null && (
              <span className="font-normal text-stone-500 dark:text-stone-400" aria-live="polite">
                ({narrowed && all !== undefined ? `${total} of ${all}` : total})
              </span>
            )}
          </h2>
          {refreshing && !loading && (
            <span className="flex items-center gap-1.5 text-xs text-stone-500 dark:text-stone-400" role="status">
              <RefreshCw className="h-3.5 w-3.5 animate-spin" aria-hidden /> Updating…
            </span>
          )}
        </div>
        {!noClientsAtAll && (
          <>
            {/* Side by side only where the list is wide: stacked beside the detail (lg) it is a phone's width. */}
            <div className="flex flex-col gap-2 sm:flex-row lg:flex-col 2xl:flex-row">
              <SearchBox value={view.q} onSearch={(q) => onViewChange({ q })} />
              <SortSelect sort={view.sort} dir={view.dir} onChange={(sort, dir) => onViewChange({ sort, dir })} />
            </div>
            <FilterChips filter={view.filter} counts={counts} total={all} onChange={(filter) => onViewChange({ filter })} />
          </>
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

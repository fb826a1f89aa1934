'use client';

import dynamic from 'next/dynamic';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ArchiveRestore, MousePointerClick, UserPlus } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { CLIENT_FILTERS, CLIENT_SORT_OPTIONS, CLIENT_SORTS, SORT_DIRECTIONS } from '@/lib/client-list';
import { HOLD_PARAM } from '@/lib/nudges';
import { DASHBOARD_OPEN_ACTIONS, DASHBOARD_OPEN_PARAM } from '@/lib/palette';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { FollowUpReview } from './follow-up-review';
import type { ClientDialogRequest } from './client-detail';
import { ClientList, type ListView } from './client-list';
import { StatCards } from './stat-cards';
import { usePreloadWhenIdle } from '@/components/ui/use-preload-when-idle';
import { useClient, useClientList, useWorkspaceRealtime } from './use-clients';

// The dashboard's dialogs load when the page is idle or when first opened, not with the page
// (its first-load JavaScript has a 250 KB budget, docs/performance.md).
const loadAddClient = () => import('./add-client-modal').then((m) => m.AddClientModal);
const loadArchived = () => import('./archived-clients-modal').then((m) => m.ArchivedClientsModal);
const preloadDialogs = () => Promise.all([loadAddClient(), loadArchived()]);
const AddClientModal = dynamic(loadAddClient, { ssr: false });
const ArchivedClientsModal = dynamic(loadArchived, { ssr: false });
const HoldCheckInDialog = dynamic(() => import('./hold-check-in-dialog').then((m) => m.HoldCheckInDialog), { ssr: false });

// Opens only once a client is picked: its code (history, goals, editors) stays out of the first load.
const ClientDetail = dynamic(() => import('./client-detail').then((m) => m.ClientDetail), {
  loading: () => <div className="h-64 animate-pulse rounded-xl bg-stone-100 dark:bg-stone-800" aria-hidden />,
});

const pick = <T extends string>(values: readonly T[], value: string | null): T | null => values.find((v) => v === value) ?? null;

/**
 * The list's search, sort and filter live in the URL (`?q=&sort=&dir=&filter=`): a link shows the
 * same list, and Back returns to the previous one. Defaults stay out of the URL.
 */
function useListView(): [ListView, (change: Partial<ListView>) => void] {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const view = useMemo<ListView>(() => {
    const sort = pick(CLIENT_SORTS, params.get('sort')) ?? 'name';
    return {
      q: (params.get('q') ?? '').trim(),
      sort,
      dir: pick(SORT_DIRECTIONS, params.get('dir')) ?? CLIENT_SORT_OPTIONS[sort].defaultDir,
      filter: pick(CLIENT_FILTERS, params.get('filter')),
    };
  }, [params]);
  const change = useCallback(
    (next: Partial<ListView>) => {
      const merged = { ...view, ...next };
      const search = new URLSearchParams(params);
      const set = (key: string, value: string | null) => (value ? search.set(key, value) : search.delete(key));
      set('q', merged.q || null);
      set('sort', merged.sort === 'name' ? null : merged.sort);
      set('dir', merged.dir === CLIENT_SORT_OPTIONS[merged.sort].defaultDir ? null : merged.dir);
      set('filter', merged.filter);
      const query = search.toString();
      if (query === params.toString()) return;
      router.push(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [view, params, router, pathname],
  );
  return [view, change];
}

/** The coach's main screen, titled Client Dashboard (product §2.2). */
export function ClientDashboard() {
  const { user } = useAuth();
  const zone = user?.timezone || DEFAULT_CLOCK_TIMEZONE;
  const [view, changeView] = useListView();
  const list = useClientList(view);
  useWorkspaceRealtime(list.refresh);
  usePreloadWhenIdle(preloadDialogs);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // A notification opens a client (?client=) and, from a session reminder, the hold of one check-in (?hold=).
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const linkedClient = params.get('client');
  const holdKey = params.get(HOLD_PARAM);
  const [followedLink, setFollowedLink] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  if (linkedClient && linkedClient !== followedLink) {
    setFollowedLink(linkedClient);
    setSelectedId(linkedClient);
  }
  // The command palette asks through ?open= (lib/palette.ts); each request is acted on once, then dropped from the URL.
  const openAction = pick(DASHBOARD_OPEN_ACTIONS, params.get(DASHBOARD_OPEN_PARAM));
  const [followedOpen, setFollowedOpen] = useState<string | null>(null);
  const [dialogRequest, setDialogRequest] = useState<(ClientDialogRequest & { clientId: string }) | null>(null);
  const openKey = openAction && `${openAction}:${linkedClient ?? ''}`;
  if (openKey !== followedOpen) {
    setFollowedOpen(openKey);
    if (openAction === 'add-client') setAdding(true);
    else if (openAction && linkedClient) {
      setSelectedId(linkedClient);
      setDialogRequest(openAction === 'client' ? null : { dialog: openAction, clientId: linkedClient, n: (dialogRequest?.n ?? 0) + 1 });
    }
  }
  useEffect(() => {
    if (!openAction) return;
    const search = new URLSearchParams(params);
    search.delete(DASHBOARD_OPEN_PARAM);
    const query = search.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  }, [openAction, params, pathname, router]);
  const closeHold = () => router.replace(linkedClient ? `${pathname}?client=${encodeURIComponent(linkedClient)}` : pathname, { scroll: false });
  const [showArchived, setShowArchived] = useState(false);
  const detailRef = useRef<HTMLDivElement>(null);
  const clients = list.clients;
  const loaded = clients?.find((c) => c.id === selectedId) ?? null;
  // A client named on a stat card may be beyond the loaded pages or outside the filter.
  const opened = useClient(selectedId, loaded);
  const selected = loaded ?? (opened.data?.id === selectedId ? opened.data : null);

  const select = (id: string) => {
    setSelectedId(id);
    setDialogRequest(null);
    // Stacked on narrow screens: bring the detail into view below the list.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  };

  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <main>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Client Dashboard</h1>
          <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">
            {user && <>Welcome, {user.firstName || user.username}. </>}
            Your clients&apos; week at a glance: check-ins, replies and progress.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setShowArchived(true)}>
            <ArchiveRestore className="h-4 w-4" aria-hidden /> Archived Clients
          </Button>
          <Button onClick={() => setAdding(true)}>
            <UserPlus className="h-4 w-4" aria-hidden /> Add Client
          </Button>
        </div>
      </div>

      <div className="mt-6">
        <StatCards stats={list.stats.data} zone={zone} loading={list.stats.isPending} onOpen={select} />
      </div>

      <div className="mt-6 empty:hidden">
        <FollowUpReview />
      </div>

      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,8fr)]">
        <ClientList
          view={view}
          onViewChange={changeView}
          clients={clients}
          total={list.total}
          counts={list.stats.data}
          loading={list.isPending}
          error={list.error}
          refreshing={list.isFetching && !list.isFetchingNextPage}
          hasMore={list.hasNextPage}
          loadingMore={list.isFetchingNextPage}
          loadMoreFailed={list.isFetchNextPageError}
          onLoadMore={loadMore}
          zone={zone}
          selectedId={selected?.id ?? null}
          onSelect={select}
          onRetry={() => list.refresh({ force: true })}
          onAdd={() => setAdding(true)}
        />
        <div ref={detailRef} className="scroll-mt-4">
          {selectedId && !selected && opened.isPending ? (
            <div className="h-64 animate-pulse rounded-xl bg-stone-100 dark:bg-stone-800" aria-hidden />
          ) : selected ? (
            <ClientDetail key={selected.id} client={selected} onArchived={() => setSelectedId(null)} request={dialogRequest?.clientId === selected.id ? dialogRequest : null} />
          ) : (
            <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-stone-300 px-6 py-16 text-center dark:border-stone-700">
              <MousePointerClick className="h-8 w-8 text-stone-300 dark:text-stone-600" aria-hidden />
              <p className="mt-3 font-medium text-stone-700 dark:text-stone-200">Select a client</p>
              <p className="mt-1 max-w-xs text-sm text-stone-500 dark:text-stone-400">Their schedule, overview, check-in history and goals open here.</p>
            </div>
          )}
        </div>
      </div>

      {adding && <AddClientModal open coachTimezone={zone} onClose={() => setAdding(false)} onCreated={(c) => setSelectedId(c.id)} />}
      {showArchived && <ArchivedClientsModal open onClose={() => setShowArchived(false)} />}
      {holdKey && clients && <HoldCheckInDialog slotKey={holdKey} client={clients.find((c) => holdKey.startsWith(`${c.id}:`))} zone={zone} onClose={closeHold} />}
    </main>
  );
}

'use client';

import dynamic from 'next/dynamic';
import { useRef, useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { ArchiveRestore, MousePointerClick, UserPlus } from 'lucide-react';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { HOLD_PARAM } from '@/lib/nudges';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { AddClientModal } from './add-client-modal';
import { FollowUpReview } from './follow-up-review';
import { HoldCheckInDialog } from './hold-check-in-dialog';
import { ArchivedClientsModal } from './archived-clients-modal';
import { ClientList } from './client-list';
import { StatCards } from './stat-cards';
import { useClientList, useWorkspaceRealtime } from './use-clients';

// Opens only once a client is picked: its code (history, goals, editors) stays out of the first load.
const ClientDetail = dynamic(() => import('./client-detail').then((m) => m.ClientDetail), {
  loading: () => <div className="h-64 animate-pulse rounded-xl bg-stone-100 dark:bg-stone-800" aria-hidden />,
});

/** The coach's main screen, titled Client Dashboard (product §2.2). */
export function ClientDashboard() {
  const { user } = useAuth();
  const zone = user?.timezone || DEFAULT_CLOCK_TIMEZONE;
  const list = useClientList();
  useWorkspaceRealtime(list.refresh);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // A notification opens a client (?client=) and, from a session reminder, the hold of one check-in (?hold=).
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const linkedClient = params.get('client');
  const holdKey = params.get(HOLD_PARAM);
  const [followedLink, setFollowedLink] = useState<string | null>(null);
  if (linkedClient && linkedClient !== followedLink) {
    setFollowedLink(linkedClient);
    setSelectedId(linkedClient);
  }
  const closeHold = () => router.replace(linkedClient ? `${pathname}?client=${encodeURIComponent(linkedClient)}` : pathname, { scroll: false });
  const [adding, setAdding] = useState(false);
  const [showArchived, setShowArchived] = useState(false);
  const detailRef = useRef<HTMLDivElement>(null);
  const clients = list.data;
  const selected = clients?.find((c) => c.id === selectedId) ?? null;

  const select = (id: string) => {
    setSelectedId(id);
    // Stacked on narrow screens: bring the detail into view below the list.
    if (window.matchMedia('(max-width: 1023px)').matches) {
      requestAnimationFrame(() => detailRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    }
  };

  return (
    <main>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">Client Dashboard</h1>
          <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">
            {user && <>Welcome back, {user.firstName || user.username}. </>}
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
        <StatCards clients={clients ?? []} zone={zone} loading={list.isPending} onOpen={select} />
      </div>

      <div className="mt-6 empty:hidden">
        <FollowUpReview />
      </div>

      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,5fr)_minmax(0,8fr)]">
        <ClientList
          clients={clients}
          loading={list.isPending}
          error={list.error}
          refreshing={list.isFetching}
          zone={zone}
          selectedId={selected?.id ?? null}
          onSelect={select}
          onRetry={() => list.refresh({ force: true })}
          onAdd={() => setAdding(true)}
        />
        <div ref={detailRef} className="scroll-mt-4">
          {selected ? (
            <ClientDetail key={selected.id} client={selected} onArchived={() => setSelectedId(null)} />
          ) : (
            <div className="flex flex-col items-center justify-center rounded-xl border border-dashed border-stone-300 px-6 py-16 text-center dark:border-stone-700">
              <MousePointerClick className="h-8 w-8 text-stone-300 dark:text-stone-600" aria-hidden />
              <p className="mt-3 font-medium text-stone-700 dark:text-stone-200">Select a client</p>
              <p className="mt-1 max-w-xs text-sm text-stone-500 dark:text-stone-400">Their schedule, overview, check-in history and goals open here.</p>
            </div>
          )}
        </div>
      </div>

      <AddClientModal open={adding} coachTimezone={zone} onClose={() => setAdding(false)} onCreated={(c) => setSelectedId(c.id)} />
      <ArchivedClientsModal open={showArchived} onClose={() => setShowArchived(false)} />
      {holdKey && clients && <HoldCheckInDialog slotKey={holdKey} client={clients.find((c) => holdKey.startsWith(`${c.id}:`))} zone={zone} onClose={closeHold} />}
    </main>
  );
}

'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArchiveRestore, RefreshCw } from 'lucide-react';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { Loading } from '@/components/ui/spinner';
import { api, errorMessage } from '@/lib/api-client';
import { WORKSPACE_TOASTS } from '@/lib/constants';
import { ClientAvatar } from './client-avatar';
import { notifyError, notifySuccess } from './notify';
import type { ClientChanged, ClientDto, ClientList } from '@/lib/schemas/clients';
import { storeClient, workspaceKeys } from './use-clients';

/** Archived Clients (product §2.2): each can be brought back to the active list. */
export function ArchivedClientsModal({ open, onClose }: { open: boolean; onClose(): void }) {
  return (
    <Modal open={open} onClose={onClose} title="Archived Clients" description="Archived clients get no check-ins and stay out of the client list.">
      <ArchivedList />
    </Modal>
  );
}

/** An archived-clients answer that is not a list of clients (product §2.8 names this case). */
class MalformedArchivedList extends Error {
  constructor() {
    super(WORKSPACE_TOASTS.archivedFormatInvalid);
  }
}

async function loadArchived(signal: AbortSignal): Promise<ClientDto[]> {
  const answer = await api.get<Partial<ClientList> | null>('/coach/archived-clients', { signal });
  if (!Array.isArray(answer?.clients)) throw new MalformedArchivedList();
  return answer.clients;
}

function ArchivedList() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const query = useQuery({
    queryKey: workspaceKeys.archived,
    queryFn: ({ signal }) => loadArchived(signal),
    staleTime: 0,
  });

  const unarchive = async (client: ClientDto) => {
    setBusy(client.id);
    try {
      const { client: restored } = await api.post<ClientChanged>(`/coach/clients/${client.id}/unarchive`);
      storeClient(queryClient, restored);
      notifySuccess(WORKSPACE_TOASTS.clientUnarchived);
    } catch (error) {
      notifyError(error, WORKSPACE_TOASTS.unarchiveFailed);
    } finally {
      setBusy(null);
    }
  };

  if (query.isPending) return <Loading label="Loading archived clients…" />;
  if (query.isError) {
    return (
      <Banner tone="error">
        <p>{query.error instanceof MalformedArchivedList ? query.error.message : errorMessage(query.error, WORKSPACE_TOASTS.loadArchivedFailed)}</p>
        <Button variant="secondary" className="mt-3" onClick={() => void query.refetch()}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Retry
        </Button>
      </Banner>
    );
  }
  if (query.data.length === 0) return <p className="py-6 text-center text-sm text-stone-500 dark:text-stone-400">No archived clients.</p>;
  return (
    <ul aria-label="Archived clients" className="-mx-2 max-h-96 divide-y divide-stone-100 overflow-y-auto dark:divide-stone-800">
      {query.data.map((c) => (
        <li key={c.id} className="flex items-center gap-3 px-2 py-3">
          <ClientAvatar client={c} size="sm" />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-medium">{c.username}</span>
            <span className="block truncate text-sm text-stone-500 dark:text-stone-400">{c.email}</span>
          </span>
          <Button variant="secondary" className="px-3 py-1.5" loading={busy === c.id} onClick={() => void unarchive(c)} aria-label={`Unarchive ${c.username}`}>
            <ArchiveRestore className="h-4 w-4" aria-hidden /> Unarchive
          </Button>
        </li>
      ))}
    </ul>
  );
}

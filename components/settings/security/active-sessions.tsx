'use client';

import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Loading } from '@/components/ui/spinner';
import { api } from '@/lib/api-client';
import { SETTINGS_TOASTS } from '@/lib/constants';
import type { listSessions } from '@/lib/contract/account';
import type { ResponseOf } from '@/lib/contract/endpoint';
import type { ActiveSession } from '@/lib/schemas/account';
import { failureToast, SECURITY_KEYS, useErrorToast } from './api';
import { Badge } from './badge';
import { useProfileTime } from '@/components/time/use-profile-time';
import { relativeTime } from './format';
import { SignOutOthersDialog } from './sign-out-others-dialog';

function DeviceIcon({ session }: { session: ActiveSession }) {
  const text = `${session.device} ${session.os}`.toLowerCase();
  const Icon = /ipad|tablet/.test(text) ? Tablet : /iphone|android|mobile|phone/.test(text) ? Smartphone : Monitor;
  return <Icon className="h-5 w-5 text-stone-500 dark:text-stone-400" aria-hidden />;
}

function SessionRow({ session, onSignOut, signingOut }: { session: ActiveSession; onSignOut(): void; signingOut: boolean }) {
  const time = useProfileTime();
  const name = `${session.device} on ${session.os}`;
  const details = [session.browser && session.browser !== session.device ? session.browser : null, session.ip, session.location].filter(Boolean);
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-start gap-3">
        <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-stone-100 dark:bg-stone-800">
          <DeviceIcon session={session} />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
            <span className="truncate">{name}</span>
            {session.isCurrent && <Badge tone="brand">Current</Badge>}
          </p>
          {details.length > 0 && <p className="text-sm text-stone-500 dark:text-stone-400">{details.join(' · ')}</p>}
          <p className="text-xs text-stone-500 dark:text-stone-400">
            {session.isCurrent ? (
              'Active now'
            ) : (
              <>
                Last active <time dateTime={session.lastActive} title={time.full(session.lastActive)}>{relativeTime(session.lastActive)}</time>
              </>
            )}
          </p>
        </div>
      </div>
      {!session.isCurrent && (
        <Button type="button" variant="secondary" className="self-start sm:self-center" loading={signingOut} onClick={onSignOut} aria-label={`Sign out ${name}`}>
          Sign Out
        </Button>
      )}
    </li>
  );
}

/** Settings → Security → Active Sessions: every signed-in device, with sign-out per device or for all others. */
export function ActiveSessions() {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const query = useQuery({ queryKey: SECURITY_KEYS.sessions, queryFn: () => api.get<ResponseOf<typeof listSessions>>('/sessions').then((r) => r.sessions) });
  useErrorToast(query, SETTINGS_TOASTS.loadSessionsFailed);

  const terminate = useMutation({
    mutationFn: (id: string) => api.delete(`/sessions/${encodeURIComponent(id)}`),
    onSuccess: () => toast.success(SETTINGS_TOASTS.sessionTerminated),
    onError: (error) => failureToast(SETTINGS_TOASTS.terminateSessionFailed, error),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.sessions });
      void queryClient.invalidateQueries({ queryKey: SECURITY_KEYS.logAll });
    },
  });

  const sessions = query.data ?? [];
  const others = sessions.filter((s) => !s.isCurrent).length;

  return (
    <Card
      title="Active Sessions"
      description="Devices where your account is signed in. Sign out any you don't recognise."
      actions={
        <Button type="button" variant="secondary" className="shrink-0" disabled={others === 0} onClick={() => setConfirming(true)}>
          Sign Out All Other Sessions
        </Button>
      }
    >
      {query.isPending ? (
        <Loading label="Loading active sessions…" />
      ) : query.isError ? (
        <div className="flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200">
          <span>{SETTINGS_TOASTS.loadSessionsFailed}</span>
          <Button type="button" variant="secondary" onClick={() => void query.refetch()} loading={query.isFetching}>
            Try again
          </Button>
        </div>
      ) : sessions.length === 0 ? (
        <p className="py-4 text-sm text-stone-500 dark:text-stone-400">No active sessions.</p>
      ) : (
        <ul className="divide-y divide-stone-200 dark:divide-stone-800" aria-label="Active sessions">
          {sessions.map((s) => (
            <SessionRow key={s.id} session={s} onSignOut={() => terminate.mutate(s.id)} signingOut={terminate.isPending && terminate.variables === s.id} />
          ))}
        </ul>
      )}
      <SignOutOthersDialog open={confirming} count={others} onClose={() => setConfirming(false)} />
    </Card>
  );
}

'use client';

import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { Bell, CheckCheck, X } from 'lucide-react';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { useRealtime } from '@/components/realtime/realtime-provider';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Loading } from '@/components/ui/spinner';
import { formatDateTime } from '@/components/workspace/format';
import { api, errorMessage } from '@/lib/api-client';
import type { NotificationItem, NotificationList } from '@/lib/schemas/notifications';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** "Notifications, 3 unread": what a screen reader hears on the bell (issue 18 item 5). */
export const bellLabel = (unread: number) => `Notifications, ${unread} unread`;

/** Shown above the badge's number: a bigger count adds nothing the list does not say. */
const BADGE_MAX = 99;

/**
 * The notification centre: the bell in the header with the unread count and a panel of the
 * newest notifications (a full-width sheet below md). New ones (`notification`) and reads from
 * another tab (`message-read`) refresh it live.
 */
export function NotificationBell() {
  const { user } = useAuth();
  const zone = user?.timezone || DEFAULT_CLOCK_TIMEZONE;
  const { subscribe, status } = useRealtime();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const query = useInfiniteQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ pageParam }) => api.get<NotificationList>(pageParam ? `/notifications?cursor=${encodeURIComponent(pageParam)}` : '/notifications'),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    const offNew = subscribe('notification', refresh);
    const offRead = subscribe('message-read', refresh);
    return () => {
      offNew();
      offRead();
    };
  }, [subscribe, queryClient]);

  // Events sent while the socket was down are lost: catch up on every (re)connection.
  useEffect(() => {
    if (status === 'connected') void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
  }, [status, queryClient]);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      const target = e.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const pages = query.data?.pages ?? [];
  // The first page is the newest answer: its count includes what arrived since later pages loaded.
  const unread = pages[0]?.unreadCount ?? 0;
  const items = pages.flatMap((p) => p.notifications);

  const openItem = async (item: NotificationItem) => {
    setOpen(false);
    if (!item.readAt) {
      await api.post(`/notifications/${item.id}/read`).catch(() => {});
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    }
    router.push(item.link);
  };

  const markAll = async () => {
    setBusy(true);
    try {
      await api.post('/notifications/read-all');
      await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
    } catch (error) {
      toast.error(errorMessage(error, 'Could not mark the notifications as read'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        className="relative rounded-md p-2 text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-stone-800"
        aria-label={bellLabel(unread)}
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
      >
        <Bell className="h-5 w-5" aria-hidden />
        {unread > 0 && (
          <span
            className="absolute -top-0.5 -right-0.5 min-w-[1.25rem] rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white"
            aria-hidden
            data-testid="bell-badge"
          >
            {unread > BADGE_MAX ? `${BADGE_MAX}+` : unread}
          </span>
        )}
      </button>
      {open && (
        <div
          ref={panelRef}
          role="dialog"
          aria-labelledby={headingId}
          tabIndex={-1}
          className={cn(
            'fixed inset-x-0 top-0 bottom-0 z-50 flex flex-col bg-white shadow-xl outline-none dark:bg-stone-900',
            'md:absolute md:inset-auto md:top-full md:right-0 md:mt-2 md:max-h-[32rem] md:w-96 md:rounded-lg md:border md:border-stone-200 md:dark:border-stone-700',
          )}
        >
          <div className="flex items-center gap-2 border-b border-stone-200 px-4 py-3 dark:border-stone-700">
            <h2 id={headingId} className="text-base font-semibold text-stone-900 dark:text-stone-100">
              Notifications
            </h2>
            <Button variant="ghost" className="ml-auto text-sm" onClick={() => void markAll()} loading={busy} disabled={unread === 0}>
              <CheckCheck className="mr-1 h-4 w-4" aria-hidden />
              Mark all as read
            </Button>
            <button
              type="button"
              className="rounded-md p-1.5 text-stone-600 hover:bg-stone-100 md:hidden dark:text-stone-300 dark:hover:bg-stone-800"
              onClick={() => {
                setOpen(false);
                buttonRef.current?.focus();
              }}
            >
              <X className="h-5 w-5" aria-hidden />
              <span className="sr-only">Close notifications</span>
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto">
            {query.isPending ? (
              <div className="px-4">
                <Loading label="Loading notifications…" />
              </div>
            ) : query.isError ? (
              <div className="space-y-3 px-4 py-6 text-sm" role="alert">
                <p className="text-red-700 dark:text-red-300">{errorMessage(query.error, 'Could not load your notifications.')}</p>
                <Button variant="secondary" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </div>
            ) : items.length === 0 ? (
              <p className="px-4 py-8 text-center text-sm text-stone-500 dark:text-stone-400">No notifications yet. You are all caught up.</p>
            ) : (
              <ul className="divide-y divide-stone-100 dark:divide-stone-800" aria-label="Notifications, newest first">
                {items.map((item) => (
                  <li key={item.id}>
                    <button
                      type="button"
                      className={cn(
                        'flex w-full gap-3 px-4 py-3 text-left hover:bg-stone-50 focus-visible:bg-stone-50 dark:hover:bg-stone-800 dark:focus-visible:bg-stone-800',
                        !item.readAt && 'bg-brand-50/60 dark:bg-stone-800/60',
                      )}
                      onClick={() => void openItem(item)}
                    >
                      <span className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', item.readAt ? 'bg-transparent' : 'bg-brand-600')} aria-hidden />
                      <span className="min-w-0 flex-1">
                        <span className="flex items-baseline gap-2">
                          <span className="font-medium text-stone-900 dark:text-stone-100">{item.title}</span>
                          {!item.readAt && <span className="sr-only">(unread)</span>}
                        </span>
                        <span className="mt-0.5 block text-sm break-words text-stone-600 dark:text-stone-300">{item.message}</span>
                        <time className="mt-1 block text-xs text-stone-500 dark:text-stone-400" dateTime={item.createdAt}>
                          {formatDateTime(item.createdAt, zone)}
                        </time>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {query.hasNextPage && (
              <div className="border-t border-stone-100 p-3 text-center dark:border-stone-800">
                <Button variant="secondary" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                  Show older
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

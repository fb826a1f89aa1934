'use client';

import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, Bot, Lock, Send } from 'lucide-react';
import { DeliveryNote } from './delivery-note';
import { useAuth } from '@/components/auth/auth-provider';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { inputClass } from '@/components/ui/field';
import { Loading } from '@/components/ui/spinner';
import { api, ApiError, errorMessage } from '@/lib/api-client';
import { coachMessageConfirmedKey, CONVERSATION_TEXTS as T } from '@/lib/constants';
import type { CoachMessageSent, Texting, ThreadItem } from '@/lib/schemas/thread';
import { COACH_MESSAGE_MAX_CHARS } from '@/lib/sms';
import { DEFAULT_CLOCK_TIMEZONE } from '@/lib/timezones';
import { ChannelLabel } from './channel';
import { formatDateTime, formatPhone } from './format';
import { notifyError } from './notify';
import type { ClientDto } from './types';
import { addThreadItem, threadKey, useThread } from './use-thread';

/** Who wrote it, as the bubble's label says. */
function authorLabel(item: ThreadItem, clientFirstName: string): string {
  if (item.author === 'client') return clientFirstName;
  if (item.author === 'coach') return 'You';
  return item.kind === 'follow_up' ? 'AI · follow-up' : 'AI · check-in';
}

/** A run of messages from one author within a few minutes shows its time once, under the last. */
const TIME_GROUP_MS = 5 * 60_000;

function showsTime(item: ThreadItem, next: ThreadItem | undefined): boolean {
  return !next || next.author !== item.author || Date.parse(next.at) - Date.parse(item.at) > TIME_GROUP_MS;
}

function Bubble({ item, clientFirstName, zone, timed }: { item: ThreadItem; clientFirstName: string; zone: string; timed: boolean }) {
  const mine = item.direction === 'out';
  const failed = item.status === 'failed';
  return (
    <li className={cn('flex flex-col', mine ? 'items-end' : 'items-start')} data-testid="thread-item" data-kind={item.kind} data-author={item.author}>
      <span className="mb-1 flex items-center gap-1 px-1 text-xs font-medium text-stone-500 dark:text-stone-400">
        {item.author === 'ai' && <Bot className="h-3.5 w-3.5" aria-hidden />}
        {authorLabel(item, clientFirstName)}
        {item.channel && (
          <>
            <span aria-hidden>·</span>
            <ChannelLabel channel={item.channel} />
          </>
        )}
      </span>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-wrap sm:max-w-[75%]',
          !mine && 'rounded-bl-sm bg-stone-100 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
          mine && item.author === 'ai' && 'rounded-br-sm border border-brand-200 bg-brand-50 text-stone-900 dark:border-brand-800 dark:bg-brand-900/40 dark:text-stone-100',
          mine && item.author === 'coach' && 'rounded-br-sm bg-brand-700 text-white',
          failed && 'opacity-70',
        )}
      >
        {item.body}
      </div>
      <span className={cn('mt-1 px-1 text-xs text-stone-500 dark:text-stone-400', !timed && 'sr-only')}>
        <time dateTime={item.at}>{formatDateTime(item.at, zone)}</time>
      </span>
      {mine && !failed && item.delivery && <DeliveryNote delivery={item.delivery} className="mt-0.5 px-1" />}
      {failed && (
        <span className="mt-0.5 flex items-center gap-1 px-1 text-xs text-red-600 dark:text-red-400">
          <AlertCircle className="h-3.5 w-3.5 shrink-0" aria-hidden /> Not delivered{item.failureReason ? `: ${item.failureReason}` : ''}
        </span>
      )}
    </li>
  );
}

/** Where the message goes, as the coach reads it: a formatted phone number or the e-mail address. */
function addressOf({ channel, to }: Texting, clientFirstName: string): string {
  if (!to) return clientFirstName;
  return channel === 'email' ? to : formatPhone(to);
}

/**
 * The composer: Enter sends, Shift+Enter is a new line; the first send of a session on a channel
 * asks to confirm it. It names the channel and address the server says it will use first (not the
 * client's chosen channel, which may be passed over), so the words match what is sent.
 */
function Composer({ client, texting }: { client: ClientDto; texting: Texting }) {
  const { allowed, reason, channel, fallback } = texting;
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const trimmed = text.trim();

  const send = async () => {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      const { item } = await api.post<CoachMessageSent>(`/clients/${client.id}/messages`, { text: trimmed });
      addThreadItem(queryClient, client.id, item);
      setText('');
    } catch (e) {
      setError(e instanceof ApiError ? (e.fieldError('text') ?? errorMessage(e, T.sendFailed)) : T.sendFailed);
      // A refused or failed text changes what the thread shows (a failed message, the reason to stop).
      void queryClient.invalidateQueries({ queryKey: threadKey(client.id) });
      if (!(e instanceof ApiError)) notifyError(e, T.sendFailed);
    } finally {
      setBusy(false);
      field.current?.focus();
    }
  };

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!allowed || busy || !trimmed) return;
    if (trimmed.length > COACH_MESSAGE_MAX_CHARS) return setError(`A message can be at most ${COACH_MESSAGE_MAX_CHARS} characters`);
    if (!channel || sessionStorage.getItem(coachMessageConfirmedKey(channel))) return void send();
    setConfirming(true);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  const hintId = `composer-hint-${client.id}`;
  return (
    <form onSubmit={submit} className="border-t border-stone-200 pt-3 dark:border-stone-800" aria-label={`Text ${client.firstName}`}>
      {!allowed && reason && (
        <p className="mb-2 flex items-start gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-500/10 dark:text-amber-200" data-testid="composer-disabled">
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {reason}
        </p>
      )}
      <div className="flex items-end gap-2">
        <label htmlFor={`composer-${client.id}`} className="sr-only">
          Message to {client.firstName}
        </label>
        {/* Not the kit's Textarea: its tall minimum height suits forms, not a chat composer. */}
        <textarea
          id={`composer-${client.id}`}
          ref={field}
          rows={2}
          value={text}
          disabled={!allowed}
          placeholder={allowed && channel ? T.placeholder[channel] : undefined}
          aria-describedby={hintId}
          aria-invalid={error ? true : undefined}
          maxLength={COACH_MESSAGE_MAX_CHARS}
          onChange={(e) => {
            setText(e.target.value);
            if (error) setError(null);
          }}
          onKeyDown={onKeyDown}
          className={cn(inputClass, 'min-w-0 flex-1 resize-none leading-relaxed dark:text-stone-100')}
        />
        <Button type="submit" disabled={!allowed || !trimmed} loading={busy} aria-label="Send message" className="h-10 shrink-0 px-3">
          {!busy && <Send className="h-4 w-4" aria-hidden />}
          <span className="hidden sm:inline">Send</span>
        </Button>
      </div>
      <div className="mt-1 flex justify-between gap-3 text-xs text-stone-500 dark:text-stone-400">
        <span id={hintId}>{allowed ? T.keyboardHint : ''}</span>
        {allowed && (
          <span aria-live="polite">
            {text.length}/{COACH_MESSAGE_MAX_CHARS}
          </span>
        )}
      </div>
      {error && (
        <p role="alert" className="mt-1 text-sm text-red-600 dark:text-red-400">
          {error}
        </p>
      )}
      {channel && (
        <ConfirmDialog
          open={confirming}
          title={T.confirmTitle[channel]}
          confirmLabel={T.confirmLabel[channel]}
          tone="primary"
          onConfirm={() => {
            sessionStorage.setItem(coachMessageConfirmedKey(channel), '1');
            void send();
          }}
          onClose={() => setConfirming(false)}
        >
          <p data-testid="composer-confirm-body">
            {[T.confirmBody[channel](addressOf(texting, client.firstName)), T.confirmCost[channel], fallback && T.confirmFallback[fallback], T.confirmOnce].filter(Boolean).join(' ')}
          </p>
        </ConfirmDialog>
      )}
    </form>
  );
}

/** The Conversation tab: every message to and from the client in order, live, and the coach's composer. */
export function ConversationTab({ client }: { client: ClientDto }) {
  const { user } = useAuth();
  const zone = user?.timezone ?? DEFAULT_CLOCK_TIMEZONE;
  const { query, loadEarlier, loadingEarlier, earlierError } = useThread(client.id);
  const scroller = useRef<HTMLDivElement>(null);
  const items = query.data?.items ?? [];
  const newest = items.at(-1);
  const newestId = newest?.id;
  const oldestId = items[0]?.id;
  const seen = useRef<{ newest?: string; oldest?: string; height: number }>({ height: 0 });

  // A newer message scrolls to the bottom; earlier messages keep the coach's place in the thread.
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const last = seen.current;
    if (newestId !== last.newest) el.scrollTop = el.scrollHeight;
    else if (oldestId !== last.oldest) el.scrollTop += el.scrollHeight - last.height;
    seen.current = { newest: newestId, oldest: oldestId, height: el.scrollHeight };
  }, [newestId, oldestId]);

  if (query.isPending) return <Loading label="Loading conversation…" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-red-600 dark:text-red-400">
        {errorMessage(query.error, T.loadFailed)}
      </p>
    );
  }
  const { nextBefore, texting } = query.data;

  return (
    <section aria-label={`Conversation with ${client.firstName}`} className="flex flex-col gap-3">
      {/* Focusable, so the thread scrolls with the keyboard too. */}
      <div
        ref={scroller}
        role="region"
        aria-label="Messages"
        tabIndex={0}
        className="max-h-[60vh] min-h-48 overflow-y-auto rounded-lg bg-stone-50/60 p-3 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none sm:p-4 dark:bg-stone-950/40"
        data-testid="thread"
      >
        {nextBefore && (
          <div className="mb-3 flex flex-col items-center gap-1">
            <Button variant="secondary" className="px-3 py-1 text-xs" loading={loadingEarlier} onClick={() => void loadEarlier()}>
              Load earlier
            </Button>
            {earlierError && (
              <p role="alert" className="text-xs text-red-600 dark:text-red-400">
                {T.earlierFailed}
              </p>
            )}
          </div>
        )}
        {items.length === 0 ? (
          <p className="py-10 text-center text-sm text-stone-500 dark:text-stone-400">{T.empty}</p>
        ) : (
          <ol className="space-y-3" aria-label="Messages, oldest first">
            {items.map((item, i) => (
              <Bubble key={item.id} item={item} clientFirstName={client.firstName} zone={zone} timed={showsTime(item, items[i + 1])} />
            ))}
          </ol>
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {newest?.author === 'client' ? `${client.firstName}: ${newest.body}` : ''}
      </p>
      <Composer client={client} texting={texting} />
    </section>
  );
}

'use client';

import { useSystemTheme } from '@/components/ui/use-system-theme';
import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Subscription } from '@/lib/schemas/unsubscribe';
import { UNSUBSCRIBE_API_PATH } from '@/lib/unsubscribe';

interface Failure {
  status: number;
  message: string;
}

const OFFLINE = 'The page could not be reached. Check your connection and try again.';

/**
 * No session is needed (or sent): plain fetches without the app client's CSRF and token refresh,
 * like the reply page; the token in the path is the only key.
 */
async function call(token: string, subscribed?: boolean): Promise<Subscription> {
  const res = await fetch(`${UNSUBSCRIBE_API_PATH}/${encodeURIComponent(token)}/subscription`, {
    method: subscribed === undefined ? 'GET' : 'PUT',
    headers: { Accept: 'application/json', ...(subscribed === undefined ? {} : { 'Content-Type': 'application/json' }) },
    credentials: 'omit',
    body: subscribed === undefined ? undefined : JSON.stringify({ subscribed }),
  });
  const data: unknown = await res.json().catch(() => ({}));
  if (!res.ok) {
    const failure: Failure = { status: res.status, message: (data as { message?: string }).message ?? 'Something went wrong. Please try again.' };
    throw failure;
  }
  return data as Subscription;
}

const asFailure = (e: unknown): Failure => (typeof e === 'object' && e !== null && 'status' in e && 'message' in e ? (e as Failure) : { status: 0, message: OFFLINE });


/**
 * The page an e-mail's unsubscribe link opens. Opening it changes nothing (mail scanners open
 * every link); the button does, and the same page offers to subscribe again.
 */
export function UnsubscribePage({ token }: { token: string }) {
  useSystemTheme();
  const [state, setState] = useState<Subscription | null>(null);
  const [loadError, setLoadError] = useState<Failure | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);

  const load = useCallback(() => {
    call(token)
      .then(setState)
      .catch((e: unknown) => setLoadError(asFailure(e)));
  }, [token]);
  useEffect(load, [load]);

  const change = async (subscribed: boolean) => {
    setBusy(true);
    setActionError(null);
    try {
      setState(await call(token, subscribed));
      setChanged(true);
    } catch (e) {
      const failure = asFailure(e);
      if (failure.status === 404) setLoadError(failure);
      else setActionError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="min-h-dvh bg-stone-50 px-4 py-10 text-stone-900 dark:bg-stone-950 dark:text-stone-100">
      <div className="mx-auto w-full max-w-md space-y-5">
        <p className="text-xs font-semibold uppercase tracking-widest text-brand-700 dark:text-brand-300">Cadence</p>
        <section className="space-y-4 rounded-lg border border-stone-200 bg-white p-6 shadow-sm dark:border-stone-800 dark:bg-stone-900" aria-live="polite">
          {loadError ? (
            <div role="alert" className="space-y-3">
              <h1 className="text-lg font-semibold">{loadError.status === 404 ? 'Link not found' : 'Something went wrong'}</h1>
              <p className="text-stone-700 dark:text-stone-300">{loadError.message}</p>
              {loadError.status !== 404 && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    setLoadError(null);
                    load();
                  }}
                >
                  Try again
                </Button>
              )}
            </div>
          ) : !state ? (
            <p role="status" className="flex items-center gap-3 text-stone-600 dark:text-stone-300">
              <span className="h-5 w-5 animate-spin rounded-full border-2 border-brand-500 border-t-transparent" aria-hidden />
              Loading…
            </p>
          ) : state.subscribed ? (
            <>
              <h1 className="text-xl font-semibold">{changed ? 'You are subscribed again' : 'Unsubscribe?'}</h1>
              <p className="text-stone-700 dark:text-stone-300">
                {changed ? 'You will receive ' : 'Stop receiving '}
                <strong>{state.listName}</strong> at <span className="whitespace-nowrap">{state.email}</span>
                {changed ? ' again.' : '? Other e-mails from Cadence are not affected.'}
              </p>
              {!changed && (
                <Button loading={busy} onClick={() => void change(false)}>
                  Unsubscribe
                </Button>
              )}
            </>
          ) : (
            <>
              <h1 className="text-xl font-semibold">You are unsubscribed</h1>
              <p className="text-stone-700 dark:text-stone-300">
                <span className="whitespace-nowrap">{state.email}</span> will no longer receive <strong>{state.listName}</strong>.
              </p>
              <Button variant="secondary" loading={busy} onClick={() => void change(true)}>
                Resubscribe
              </Button>
            </>
          )}
          {actionError && (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {actionError}
            </p>
          )}
        </section>
        <p className="text-sm text-stone-600 dark:text-stone-400">
          Every e-mail and notification can also be set in{' '}
          <Link href="/settings?tab=notifications" className="text-brand-700 underline dark:text-brand-300">
            Settings → Notifications
          </Link>{' '}
          (sign-in needed).
        </p>
      </div>
    </main>
  );
}

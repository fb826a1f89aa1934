'use client';

import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Smartphone } from 'lucide-react';
import { toast } from 'sonner';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { Loading } from '@/components/ui/spinner';
import { formatDateTime } from '@/components/workspace/format';
import { api, errorMessage } from '@/lib/api-client';
import { SERVICE_WORKER_URL } from '@/lib/notification-centre';
import type { PushDevices } from '@/lib/schemas/notifications';

const PUSH_DEVICES_KEY = ['push-devices'] as const;
const BROWSER_PUSH_KEY = ['browser-push'] as const;

interface BrowserPush {
  supported: boolean;
  endpoint: string | null;
}

async function browserPush(): Promise<BrowserPush> {
  if (!('serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window)) return { supported: false, endpoint: null };
  const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  const sub = await reg?.pushManager.getSubscription();
  return { supported: true, endpoint: sub?.endpoint ?? null };
}

type Support = 'checking' | 'supported' | 'unsupported';

/** The VAPID key as PushManager.subscribe wants it (bytes, not base64url). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' });
  return navigator.serviceWorker.ready;
}

/**
 * Settings → Notifications → Push: "Push on this device" subscribes this browser to Web Push
 * (public/sw.js shows what arrives) and lists every subscribed device with Remove (issue 18 item 4).
 */
export function PushDevicesPanel({ timezone }: { timezone: string }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const devices = useQuery({ queryKey: PUSH_DEVICES_KEY, queryFn: () => api.get<PushDevices>('/push/subscriptions') });

  // What this browser can do and which subscription it holds: known only in the browser, after hydration.
  const browser = useQuery({ queryKey: BROWSER_PUSH_KEY, queryFn: browserPush, staleTime: Infinity });
  const support: Support = browser.data ? (browser.data.supported ? 'supported' : 'unsupported') : 'checking';
  const endpoint = browser.data?.endpoint ?? null;
  const setEndpoint = (value: string | null) => queryClient.setQueryData<BrowserPush>(BROWSER_PUSH_KEY, { supported: true, endpoint: value });

  const list = devices.data?.devices ?? [];
  const thisDevice = endpoint ? list.find((d) => d.endpoint === endpoint) : undefined;
  const refresh = () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_KEY });

  const enable = async () => {
    if (!devices.data) return;
    setBusy('this');
    setProblem(null);
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setProblem('Your browser blocks notifications from Cadence. Allow them in the browser’s site settings, then try again.');
        return;
      }
      const reg = await registration();
      const sub = (await reg.pushManager.getSubscription()) ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(devices.data.publicKey) }));
      await api.post('/push/subscriptions', sub.toJSON());
      setEndpoint(sub.endpoint);
      await refresh();
      toast.success('Push notifications are on for this device');
    } catch (error) {
      setProblem(errorMessage(error, 'This browser could not subscribe to push notifications.'));
    } finally {
      setBusy(null);
    }
  };

  const remove = async (id: string, isThis: boolean) => {
    setBusy(id);
    setProblem(null);
    try {
      await api.delete(`/push/subscriptions/${id}`);
      if (isThis) {
        const reg = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
        await (await reg?.pushManager.getSubscription())?.unsubscribe();
        setEndpoint(null);
      }
      await refresh();
      toast.success(isThis ? 'Push notifications are off for this device' : 'Device removed');
    } catch (error) {
      setProblem(errorMessage(error, 'Could not remove the device.'));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="push-devices-title" className="mt-4 space-y-3 rounded-md border border-stone-200 p-4 dark:border-stone-700">
      <div className="flex flex-wrap items-center gap-3">
        {/* At least 14rem of text: on a phone the button wraps below instead of squeezing it. */}
        <div className="min-w-[14rem] flex-1">
          <h4 id="push-devices-title" className="text-sm font-medium text-stone-900 dark:text-stone-100">
            Push on this device
          </h4>
          <p className="text-sm text-stone-600 dark:text-stone-400">
            {support === 'unsupported'
              ? 'This browser cannot receive push notifications.'
              : thisDevice
                ? 'This device gets Cadence notifications even when no Cadence tab is open.'
                : 'Get Cadence notifications on this device even when no Cadence tab is open.'}
          </p>
        </div>
        {/* Shown once the devices are known: a button that starts disabled and turns on fades through low contrast. */}
        {support === 'supported' &&
          devices.data &&
          (thisDevice ? (
            <Button variant="secondary" loading={busy === thisDevice.id} onClick={() => void remove(thisDevice.id, true)}>
              Disable on this device
            </Button>
          ) : (
            <Button loading={busy === 'this'} onClick={() => void enable()}>
              Enable on this device
            </Button>
          ))}
      </div>
      {problem && <Banner tone="error">{problem}</Banner>}
      <div>
        <h4 className="text-sm font-medium text-stone-900 dark:text-stone-100">Subscribed devices</h4>
        {devices.isPending ? (
          <Loading label="Loading devices…" />
        ) : devices.isError ? (
          <div className="mt-2 flex flex-wrap items-center gap-3 text-sm" role="alert">
            <span className="text-red-700 dark:text-red-300">{errorMessage(devices.error, 'Could not load your devices.')}</span>
            <Button variant="secondary" onClick={() => void devices.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <p className="mt-1 text-sm text-stone-500 dark:text-stone-400">No device gets push notifications yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-stone-100 dark:divide-stone-800" aria-label="Subscribed devices">
            {list.map((d) => {
              const isThis = d.endpoint === endpoint;
              return (
                <li key={d.id} className="flex flex-wrap items-center gap-3 py-2">
                  <Smartphone className="h-4 w-4 shrink-0 text-stone-500" aria-hidden />
                  <div className="min-w-[10rem] flex-1 text-sm">
                    <p className="font-medium break-words text-stone-800 dark:text-stone-100">
                      {d.deviceLabel}
                      {isThis && <span className="ml-2 inline-block rounded bg-brand-50 px-1.5 py-0.5 text-xs text-brand-800 dark:bg-stone-800 dark:text-brand-300">This device</span>}
                    </p>
                    <p className="text-xs text-stone-500 dark:text-stone-400">
                      Added {formatDateTime(d.createdAt, timezone)}
                      {d.lastSuccessAt ? ` · last push ${formatDateTime(d.lastSuccessAt, timezone)}` : ''}
                    </p>
                  </div>
                  <Button variant="ghost" aria-label={`Remove ${d.deviceLabel}`} loading={busy === d.id} onClick={() => void remove(d.id, isThis)}>
                    Remove
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

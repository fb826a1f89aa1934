'use client';

import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { Socket } from 'socket.io-client';
import { toast } from 'sonner';
import { useAuth } from '@/components/auth/auth-provider';
import { api } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-storage';
import {
  NOTIFICATION_SOUND_VOLUME,
  REALTIME_TOAST_MS,
  SOCKET_APP_MAX_RECONNECTS,
  SOCKET_RECONNECTION_ATTEMPTS,
  SOCKET_RECONNECTION_DELAY_MAX_MS,
  SOCKET_RECONNECTION_DELAY_MS,
  SOCKET_TIMEOUT_MS,
  SOUND_NOTIFICATION_TYPES,
} from '@/lib/constants';

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected' | 'error' | 'reconnect_failed';

/** Events that refresh coach views (product §1.7). */
export type RealtimeEvent = 'update' | 'checkInCreated' | 'clientProfileUpdated' | 'goalProgressUpdated' | 'clientMessage' | 'broadcast' | 'notification' | 'message-read';
type Listener = (payload: Record<string, unknown>) => void;

interface RealtimeContextValue {
  status: RealtimeStatus;
  subscribe(event: RealtimeEvent, listener: Listener): () => void;
}

const RealtimeContext = createContext<RealtimeContextValue>({ status: 'disconnected', subscribe: () => () => {} });

interface NotificationPayload {
  id?: string;
  message: string;
  type: string;
  push?: boolean;
}

function playSound(): void {
  const audio = new Audio('/sounds/notification.wav');
  audio.volume = NOTIFICATION_SOUND_VOLUME;
  // Browsers refuse sound before the first user gesture; the toast still shows.
  void audio.play().catch(() => {});
}

function showNotification(payload: NotificationPayload): void {
  const sounding = (SOUND_NOTIFICATION_TYPES as readonly string[]).includes(payload.type);
  toast(payload.message, { duration: REALTIME_TOAST_MS });
  if (sounding) playSound();
  if (payload.push && document.visibilityState === 'hidden' && 'Notification' in window && Notification.permission === 'granted') {
    // The same tag as the service worker's push (public/sw.js): a device that also got the push shows one entry.
    new Notification('Cadence', { body: payload.message, tag: payload.id });
  }
}

/** One Socket.IO connection per signed-in browser, opened after sign-in and closed on sign-out. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user, isAuthenticated } = useAuth();
  const [status, setStatus] = useState<RealtimeStatus>('disconnected');
  const listeners = useRef(new Map<RealtimeEvent, Set<Listener>>());
  const userId = isAuthenticated ? user?.id : undefined;
  const role = user?.role;

  useEffect(() => {
    if (!userId) return;
    let socket: Socket | null = null;
    let cancelled = false;
    let failures = 0;

    // The client library (about 14 KB gzipped) loads with the config, not with every page's first load.
    void Promise.all([api.get<{ port: number; path: string }>('/realtime/config'), import('socket.io-client')]).then(([{ port, path }, { io }]) => {
      if (cancelled) return;
      setStatus('connecting');
      socket = io(`${window.location.protocol}//${window.location.hostname}:${port}`, {
        path,
        // WebSocket first, long-polling only where it cannot connect: a polling session adds a
        // request per message, and one closed under a pending poll answers it 400 in the console.
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        // A function, so every reconnect presents the newest access token.
        auth: (cb) => cb({ token: getAccessToken() }),
        timeout: SOCKET_TIMEOUT_MS,
        reconnectionAttempts: SOCKET_RECONNECTION_ATTEMPTS,
        reconnectionDelay: SOCKET_RECONNECTION_DELAY_MS,
        reconnectionDelayMax: SOCKET_RECONNECTION_DELAY_MAX_MS,
        withCredentials: true,
      });
      socket.on('connect', () => {
        failures = 0;
        setStatus('connected');
        socket?.emit('authenticate', { userId, userType: role });
        socket?.emit('join-room', { roomId: `user:${userId}`, roomType: 'user' });
      });
      socket.on('disconnect', () => setStatus('disconnected'));
      socket.on('connect_error', (error) => {
        failures += 1;
        setStatus('error');
        if (failures >= SOCKET_APP_MAX_RECONNECTS) {
          setStatus('reconnect_failed');
          socket?.disconnect();
          return;
        }
        // An expired token: any API call refreshes it, then the socket tries again with the new one.
        if (/expired/i.test(error.message)) {
          void api.get('/users/validate-token').then(() => socket?.connect(), () => {});
        } else if (!socket?.active) {
          setTimeout(() => socket?.connect(), SOCKET_RECONNECTION_DELAY_MS);
        }
      });
      socket.io.on('reconnect_failed', () => setStatus('reconnect_failed'));
      socket.on('notification', (payload: NotificationPayload) => showNotification(payload));
      for (const event of ['update', 'checkInCreated', 'clientProfileUpdated', 'goalProgressUpdated', 'clientMessage', 'broadcast', 'notification', 'message-read'] as const) {
        socket.on(event, (payload: Record<string, unknown>) => listeners.current.get(event)?.forEach((l) => l(payload)));
      }
    }, () => setStatus('error'));

    return () => {
      cancelled = true;
      socket?.disconnect();
    };
  }, [userId, role]);

  const subscribe = useCallback((event: RealtimeEvent, listener: Listener) => {
    const set = listeners.current.get(event) ?? new Set<Listener>();
    set.add(listener);
    listeners.current.set(event, set);
    return () => {
      set.delete(listener);
    };
  }, []);

  const value = useMemo(() => ({ status: userId ? status : 'disconnected', subscribe }), [status, subscribe, userId]);
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
}

export function useRealtime(): RealtimeContextValue {
  return useContext(RealtimeContext);
}

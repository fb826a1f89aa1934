import type { Server } from 'socket.io';
import { z } from 'zod';
import type { ThreadItem } from '@/lib/schemas/thread';
import { log } from '../log';
import { getSlot, setSlot } from '../runtime';
import { socketsOfUser, usersConnectedElsewhere } from './presence';

export const userRoom = (userId: string) => `user:${userId}`;

export interface ServerToClientEvents {
  authenticated: (payload: { userId: string; role: string }) => void;
  notification: (payload: { id: string; message: string; type: string; push: boolean; createdAt: string }) => void;
  update: (payload: Record<string, unknown>) => void;
  broadcast: (payload: Record<string, unknown>) => void;
  'user-typing': (payload: { roomId: string; isTyping: boolean; userId: string }) => void;
  'message-read': (payload: { messageId: string; roomId: string; userId: string }) => void;
  'room-joined': (payload: { roomId: string }) => void;
  checkInCreated: (payload: Record<string, unknown>) => void;
  /** `checkIn` (the check-in as the history answers it) comes with every change the engine makes. */
  clientProfileUpdated: (payload: { clientId: string; lastCheckIn?: string; checkIn?: Record<string, unknown> }) => void;
  goalProgressUpdated: (payload: { goalId: string; clientId: string; progress: number }) => void;
  /** A text outside a check-in, in or out (the Conversation tab). */
  clientMessage: (payload: { clientId: string; item: ThreadItem }) => void;
  error: (payload: { message: string }) => void;
}

export interface ClientToServerEvents {
  authenticate: (payload: { userId?: string; userType?: string }) => void;
  'join-room': (payload: { roomId?: string; roomType?: string }) => void;
  typing: (payload: { roomId?: string; isTyping?: boolean; userId?: string }) => void;
  'mark-read': (payload: { messageId?: string; roomId?: string; userId?: string }) => void;
}

export interface SocketData {
  userId: string;
  role: string;
}

/** An event for a user's sockets on the other instances, relayed with others (emitToUser). */
export interface RelayedEvent {
  userId: string;
  event: keyof ServerToClientEvents;
  args: unknown[];
}

/** What another instance relays (our own instances, through our database: read, not trusted blindly). */
const relayedEvents = z.array(
  z.object({
    userId: z.string(),
    event: z.custom<keyof ServerToClientEvents>((v) => typeof v === 'string'),
    args: z.array(z.unknown()),
  }),
);

export interface InterServerEvents {
  /** The relayed events as one JSON text: the adapter's msgpack then copies a string instead of walking every event. */
  relay: (events: string) => void;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** This instance's Socket.IO server and its name in the presence table (server/realtime/presence.ts). */
export interface RunningRealtime {
  io: RealtimeServer;
  instanceId: string;
  startedAt: number;
}

declare module '../runtime' {
  interface RuntimeSlots {
    realtime: RunningRealtime;
  }
}

/**
 * How long after start an instance may not yet know every other one: the adapter learns them from
 * their answers to its first heartbeat, and drops one silent for its heartbeat timeout (10 s).
 */
const CLUSTER_DISCOVERY_MS = 10_000;

// The custom server (tsx) and Next's bundled route handlers are separate module graphs in one
// process: the server started by server/index.ts is shared through the runtime registry (server/runtime.ts).
export function setRealtimeServer(realtime: RunningRealtime | undefined): void {
  setSlot('realtime', realtime);
}

/** Events relayed to the other instances in one message: the adapter's NOTIFY payload stays bounded. */
const RELAY_BATCH = 200;
let relayQueue: RelayedEvent[] = [];

// Relays leave in the order they were queued, though each first waits for the presence query.
let relayed: Promise<void> = Promise.resolve();

function flushRelay(): void {
  const events = relayQueue;
  relayQueue = [];
  // A failed relay is logged and the next ones still go: a rejected chain would stop them all.
  relayed = relayed.then(() => relay(events)).catch((error: unknown) => log.warn({ err: error }, 'realtime relay failed'));
}

/**
 * The queued events whose user has a browser on another instance (all of them when that cannot be
 * told): under a send burst most coaches have no browser open anywhere, and relaying their events
 * cost every instance a database write and every other instance a read.
 */
async function wantedElsewhere({ io, instanceId, startedAt }: RunningRealtime, events: RelayedEvent[]): Promise<RelayedEvent[]> {
  if (Date.now() - startedAt > CLUSTER_DISCOVERY_MS && (await io.of('/').adapter.serverCount()) === 1) return [];
  try {
    const users = await usersConnectedElsewhere(instanceId, [...new Set(events.map((e) => e.userId))]);
    return events.filter((e) => users.has(e.userId));
  } catch (error) {
    log.warn({ err: error }, 'realtime presence unreadable; relaying every event');
    return events;
  }
}

async function relay(events: RelayedEvent[]): Promise<void> {
  const realtime = getSlot('realtime');
  if (!realtime) return;
  const wanted = await wantedElsewhere(realtime, events);
  for (let i = 0; i < wanted.length; i += RELAY_BATCH) realtime.io.serverSideEmit('relay', JSON.stringify(wanted.slice(i, i + RELAY_BATCH)));
}

/** Emits to this instance's sockets of a user; the event's arguments are those it was emitted with. */
function emitHere(io: RealtimeServer, userId: string, event: keyof ServerToClientEvents, args: unknown[]): void {
  const room = userRoom(userId);
  // Socket.IO encodes a packet before it looks for its receivers; most users have no browser open here.
  if (!io.sockets.adapter.rooms.has(room)) return;
  // The event and its arguments come as a pair (from emitToUser, or relayed as such), which the
  // typed emit cannot see through a union of event names.
  (io.local.to(room).emit as (event: string, ...args: unknown[]) => boolean)(event, ...args);
}

/** Another instance's events for users whose sockets may be connected here. */
export function deliverRelayed(io: RealtimeServer, json: string): void {
  // An instance with no browser connected (a worker, or every tab closed) has no one to deliver to:
  // under a send burst the other instances relay hundreds of events a second, not worth parsing.
  if (io.sockets.sockets.size === 0) return;
  let events: RelayedEvent[];
  try {
    events = relayedEvents.parse(JSON.parse(json));
  } catch (error) {
    log.warn({ err: error }, 'relayed realtime events unreadable');
    return;
  }
  for (const e of events) emitHere(io, e.userId, e.event, e.args);
}

/**
 * Sends an event to every browser the user has open, on every instance; a no-op when no realtime
 * server runs (scripts). This instance's sockets get it at once; the events emitted in the same turn
 * of the event loop reach the other instances together in one adapter message (one NOTIFY instead
 * of one each: a batch of 400 check-ins emits 400 events, decision 0100).
 */
export function emitToUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
  const realtime = getSlot('realtime');
  if (!realtime) return;
  emitHere(realtime.io, userId, event, args);
  if (relayQueue.length === 0) setImmediate(flushRelay);
  relayQueue.push({ userId, event, args });
}

/** How many browsers of the user are connected right now, across instances; this instance's own count when the presence table cannot be read. */
export async function connectedSockets(userId: string): Promise<number> {
  const realtime = getSlot('realtime');
  if (!realtime) return 0;
  try {
    return await socketsOfUser(userId);
  } catch (error) {
    log.warn({ err: error, userId }, 'socket count across instances unreadable; counting this instance only');
    return (await realtime.io.local.in(userRoom(userId)).fetchSockets()).length;
  }
}

import http from 'node:http';
import { Server, type Socket } from 'socket.io';
import { authenticate } from '../auth/guards';
import { log } from '../log';

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
  error: (payload: { message: string }) => void;
}

export interface ClientToServerEvents {
  authenticate: (payload: { userId?: string; userType?: string }) => void;
  'join-room': (payload: { roomId?: string; roomType?: string }) => void;
  typing: (payload: { roomId?: string; isTyping?: boolean; userId?: string }) => void;
  'mark-read': (payload: { messageId?: string; roomId?: string; userId?: string }) => void;
}

interface SocketData {
  userId: string;
  role: string;
}

type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const holder = globalThis as unknown as { cadenceIo?: RealtimeServer };

/** Sends an event to every browser the user has open; a no-op when no realtime server runs (tests, scripts). */
export function emitToUser<E extends keyof ServerToClientEvents>(userId: string, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
  holder.cadenceIo?.to(userRoom(userId)).emit(event, ...args);
}

/** How many browsers of the user are connected right now, across instances when the adapter is set. */
export async function connectedSockets(userId: string): Promise<number> {
  if (!holder.cadenceIo) return 0;
  return (await holder.cadenceIo.in(userRoom(userId)).fetchSockets()).length;
}

function onConnection(socket: Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>): void {
  const { userId, role } = socket.data;
  void socket.join(userRoom(userId));
  socket.emit('authenticated', { userId, role });
  // The spec's client sends `authenticate`; identity already came from the handshake token.
  socket.on('authenticate', () => socket.emit('authenticated', { userId, role }));
  socket.on('join-room', (payload) => {
    const roomId = String(payload?.roomId ?? '');
    // A user may only join their own room: every other room would leak another account's events.
    if (roomId !== userRoom(userId) && roomId !== userId) return void socket.emit('error', { message: 'Room not allowed' });
    socket.emit('room-joined', { roomId });
  });
  socket.on('typing', (payload) => {
    const isTyping = Boolean(payload?.isTyping);
    socket.to(userRoom(userId)).emit('user-typing', { roomId: userRoom(userId), isTyping, userId });
  });
  socket.on('mark-read', (payload) => {
    const messageId = String(payload?.messageId ?? '');
    socket.to(userRoom(userId)).emit('message-read', { messageId, roomId: userRoom(userId), userId });
  });
}

export interface Realtime {
  port: number;
  stop(): Promise<void>;
}

/** Socket.IO on its own port (spec 01 §7: port 8085, path /socket.io/), authenticated by the access token. */
export async function startRealtime(port: number, host: string, allowedOrigin: string | true): Promise<Realtime> {
  const server = http.createServer();
  const io: RealtimeServer = new Server(server, { path: '/socket.io/', cors: { origin: allowedOrigin, credentials: true } });
  io.use((socket, next) => {
    const token = typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : null;
    authenticate(token ? { token, source: 'bearer' } : null).then(
      (user) => {
        socket.data = { userId: user.id, role: user.role };
        next();
      },
      (error: Error) => next(error),
    );
  });
  io.on('connection', onConnection);
  holder.cadenceIo = io;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  log.info({ port: actualPort }, 'realtime listening');
  return {
    port: actualPort,
    stop: async () => {
      holder.cadenceIo = undefined;
      await io.close();
    },
  };
}

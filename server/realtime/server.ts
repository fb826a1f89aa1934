import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Server, type Socket } from 'socket.io';
import { authenticate } from '../auth/guards';
import { isSocketOriginAllowed } from '../http/site-origin';
import { log } from '../log';
import { postgresAdapter } from './adapter';
import { addSocket, PRESENCE_REFRESH_MS, removeInstance, removeSocket, writeInstancePresence } from './presence';
import { deliverRelayed, setRealtimeServer, userRoom, type ClientToServerEvents, type RealtimeServer, type ServerToClientEvents, type SocketData } from './index';

type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/**
 * The socket's presence row is written before it hears 'authenticated', so an event raised on
 * another instance after that is relayed here. A failed write is logged and healed by the next
 * refresh; the row goes with the socket.
 */
function onConnection(socket: RealtimeSocket, instanceId: string): void {
  const { userId, role } = socket.data;
  void socket.join(userRoom(userId));
  const present = addSocket(instanceId, { socketId: socket.id, userId }).catch((error: unknown) => log.warn({ err: error }, 'realtime presence not written'));
  void present.then(() => socket.emit('authenticated', { userId, role }));
  socket.on('disconnect', () => {
    void present
      .then(() => removeSocket(instanceId, socket.id))
      .catch((error: unknown) => log.warn({ err: error }, 'realtime presence not removed'));
  });
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

/** A browser request from a page this site did not serve; requests without Origin come from no page (scripts, other servers). */
const foreignPage = (req: { headers: http.IncomingHttpHeaders }) => req.headers.origin !== undefined && !isSocketOriginAllowed(req.headers.origin, req.headers.host);

/**
 * Socket.IO on its own port (product §1.7: port 8085, path /socket.io/), authenticated by the access
 * token, always through the Postgres adapter so one instance and several take the same path.
 * Pages of this site at any of its addresses may connect (server/http/site-origin.ts); with
 * `anyOrigin` (development) every page may.
 */
export async function startRealtime(port: number, host: string, anyOrigin: boolean, databaseUrl: string): Promise<Realtime> {
  const server = http.createServer();
  const pubsub = postgresAdapter(databaseUrl);
  const io: RealtimeServer = new Server(server, {
    path: '/socket.io/',
    // The CORS answer depends on the Host the request came to, so it is decided per request.
    cors: (req, callback) => callback(null, { origin: anyOrigin || !foreignPage(req) ? (req.headers.origin ?? false) : false, credentials: true }),
    // CORS binds only browsers reading polling answers; a WebSocket upgrade is not subject to it, so
    // a foreign page is refused here (403) on every transport.
    allowRequest: (req, callback) => callback(null, anyOrigin || !foreignPage(req)),
    adapter: pubsub.adapter,
  });
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
  const instanceId = randomUUID();
  io.on('connection', (socket) => onConnection(socket, instanceId));
  io.on('relay', (events) => deliverRelayed(io, events));
  const refresh = setInterval(() => {
    const sockets = [...io.sockets.sockets.values()].map((s) => ({ socketId: s.id, userId: s.data.userId }));
    writeInstancePresence(instanceId, sockets).catch((error: unknown) => log.warn({ err: error }, 'realtime presence not refreshed'));
  }, PRESENCE_REFRESH_MS);
  refresh.unref();
  setRealtimeServer({ io, instanceId, startedAt: Date.now() });
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
      setRealtimeServer(undefined);
      clearInterval(refresh);
      // Closing the server closes the adapter, which tells the other instances this one is gone.
      await io.close();
      await removeInstance(instanceId).catch((error: unknown) => log.warn({ err: error }, 'realtime presence not cleared'));
      await pubsub.close();
    },
  };
}

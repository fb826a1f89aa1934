import http from 'node:http';
import { Server, type Socket } from 'socket.io';
import { authenticate } from '../auth/guards';
import { isSocketOriginAllowed } from '../http/site-origin';
import { log } from '../log';
import { postgresAdapter } from './adapter';
import { deliverRelayed, setRealtimeServer, userRoom, type ClientToServerEvents, type RealtimeServer, type ServerToClientEvents, type SocketData } from './index';

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
  io.on('connection', onConnection);
  io.on('relay', (events) => deliverRelayed(io, events));
  setRealtimeServer(io);
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
      // Closing the server closes the adapter, which tells the other instances this one is gone.
      await io.close();
      await pubsub.close();
    },
  };
}

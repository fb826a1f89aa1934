import { socketPort } from '@/server/config';
import { route } from '@/server/http/route';

/** Where the browser finds the Socket.IO server (its own port, spec 01 §7; the one it bound at start). */
export const GET = route({ auth: 'user' }, async () => ({ port: socketPort(), path: '/socket.io/' }));

import * as contract from '@/lib/contract/system';
import { socketPort } from '@/server/config';
import { route } from '@/server/http/route';

/** Where the browser finds the Socket.IO server (its own port, product §1.7; the one it bound at start). */
export const GET = route(contract.realtimeConfig, async () => ({ port: socketPort(), path: '/socket.io/' }));

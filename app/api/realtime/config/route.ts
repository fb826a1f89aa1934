import * as contract from '@/lib/contract/system';
import { route } from '@/server/http/route';

/** Where the browser finds the Socket.IO server (its own port, spec 01 §7). */
export const GET = route(contract.realtimeConfig, async () => ({ port: Number(process.env.SOCKET_PORT ?? 8085), path: '/socket.io/' }));

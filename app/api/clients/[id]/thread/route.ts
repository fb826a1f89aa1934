import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import { clientThread } from '@/server/services/thread';

export const GET = route(contract.clientThread, async ({ user, params, query }) => clientThread(user, params.id, query));

import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const POST = route(contract.holdCheckIns, async ({ user, params }) => ({ success: true, client: await clients.setClientFlag(user, params.id, { checkInsHeld: true }) }));

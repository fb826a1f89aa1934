import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const POST = route(contract.archiveClient, async ({ user, params }) => ({ success: true, client: await clients.setClientFlag(user, params.id, { archived: true }) }));

import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const GET = route(contract.getClient, async ({ user, params }) => ({ client: await clients.getClientDto(user, params.id) }));

export const PUT = route(contract.updateClient, async ({ user, params, body }) => ({ success: true, client: await clients.updateClient(user, params.id, body) }));

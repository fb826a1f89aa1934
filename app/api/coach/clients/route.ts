import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const GET = route(contract.listClients, async ({ user }) => ({ clients: await clients.listClients(user, { archived: false }) }));

export const POST = route(contract.createClient, async ({ user, body }) => ({ success: true, client: await clients.createClient(user, body) }));

import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const GET = route(contract.listArchivedClients, async ({ user }) => ({ clients: await clients.listClients(user, { archived: true }) }));

import * as contract from '@/lib/contract/clients';
import { isPageQuery } from '@/lib/schemas/clients';
import { route } from '@/server/http/route';
import { listClientPage } from '@/server/services/client-list';
import * as clients from '@/server/services/clients';

// Without paging parameters the spec's whole list, as before (decision 0093).
export const GET = route(contract.listClients, async ({ user, query }) =>
  isPageQuery(query) ? listClientPage(user, query) : { clients: await clients.listClients(user, { archived: false }) },
);

export const POST = route(contract.createClient, async ({ user, body }) => ({ success: true, client: await clients.createClient(user, body) }));

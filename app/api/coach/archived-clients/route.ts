import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const GET = route({ auth: 'user' }, async ({ user }) => ({ clients: await clients.listClients(user, { archived: true }) }));

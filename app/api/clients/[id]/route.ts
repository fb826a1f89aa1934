import { idParamSchema } from '@/lib/schemas/account';
import { updateClientSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const GET = route({ auth: 'user', params: idParamSchema }, async ({ user, params }) => ({ client: await clients.getClientDto(user, params.id) }));

export const PUT = route({ auth: 'user', params: idParamSchema, body: updateClientSchema }, async ({ user, params, body }) => ({
  success: true,
  client: await clients.updateClient(user, params.id, body),
}));

import { idParamSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import * as clients from '@/server/services/clients';

export const POST = route({ auth: 'user', params: idParamSchema }, async ({ user, params }) => ({
  success: true,
  client: await clients.setClientFlag(user, params.id, { archived: false }),
}));

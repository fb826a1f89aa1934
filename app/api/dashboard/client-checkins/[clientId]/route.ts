import { checkInHistoryQuerySchema, clientIdParamSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { checkInHistory } from '@/server/services/checkins';

export const GET = route({ auth: 'user', params: clientIdParamSchema, query: checkInHistoryQuerySchema }, ({ user, params, query }) =>
  checkInHistory(user, params.clientId, query),
);

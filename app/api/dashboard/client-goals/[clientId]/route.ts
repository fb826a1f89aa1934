import { clientIdParamSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { listClientGoals } from '@/server/services/goals';

export const GET = route({ auth: 'user', params: clientIdParamSchema }, ({ user, params }) => listClientGoals(user, params.clientId, false));

import { idParamSchema } from '@/lib/schemas/account';
import { toggleCheckInSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { toggleDay } from '@/server/services/client-schedule';

export const POST = route({ auth: 'user', params: idParamSchema, body: toggleCheckInSchema }, ({ user, params, body }) => toggleDay(user, params.id, body));

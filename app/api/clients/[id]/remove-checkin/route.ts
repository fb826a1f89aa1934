import { idParamSchema } from '@/lib/schemas/account';
import { removeCheckInSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { removeSlot } from '@/server/services/client-schedule';

export const POST = route({ auth: 'user', params: idParamSchema, body: removeCheckInSchema }, ({ user, params, body }) => removeSlot(user, params.id, body));

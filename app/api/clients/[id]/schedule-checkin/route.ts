import { idParamSchema } from '@/lib/schemas/account';
import { scheduleCheckInSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { addSlot } from '@/server/services/client-schedule';

export const POST = route({ auth: 'user', params: idParamSchema, body: scheduleCheckInSchema }, ({ user, params, body }) => addSlot(user, params.id, body));

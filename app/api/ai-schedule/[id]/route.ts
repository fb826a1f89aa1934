import { idParamSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { deleteAiSchedule } from '@/server/services/ai-schedules';

export const DELETE = route({ auth: 'user', params: idParamSchema }, ({ user, params }) => deleteAiSchedule(user, params.id));

import { goalIdParamSchema } from '@/lib/schemas/ai-schedule';
import { route } from '@/server/http/route';
import { goalAiSchedules } from '@/server/services/ai-schedules';

export const GET = route({ auth: 'user', params: goalIdParamSchema }, ({ user, params }) => goalAiSchedules(user, params.goalId));

import { clientIdParamSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { clientAiSchedules } from '@/server/services/ai-schedules';

export const GET = route({ auth: 'user', params: clientIdParamSchema }, ({ user, params }) => clientAiSchedules(user, params.clientId));

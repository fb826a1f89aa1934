import { idParamSchema } from '@/lib/schemas/account';
import { cancelForGoalSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { cancelForGoal } from '@/server/services/checkins';

export const PATCH = route({ auth: 'user', params: idParamSchema, body: cancelForGoalSchema }, ({ user, params, body }) => cancelForGoal(user, params.id, body));

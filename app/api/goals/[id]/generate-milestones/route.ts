import { idParamSchema } from '@/lib/schemas/account';
import { generateMilestonesQuerySchema } from '@/lib/schemas/ai-schedule';
import { route } from '@/server/http/route';
import { generateGoalMilestones } from '@/server/services/engine/coach-actions';

export const POST = route({ auth: 'user', params: idParamSchema, query: generateMilestonesQuerySchema }, ({ user, params, query }) =>
  generateGoalMilestones(user, params.id, query),
);

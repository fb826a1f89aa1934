import { idParamSchema } from '@/lib/schemas/account';
import { updateGoalSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { deleteGoal, updateGoal } from '@/server/services/goals';

export const PATCH = route({ auth: 'user', params: idParamSchema, body: updateGoalSchema }, async ({ user, params, body }) => ({
  success: true,
  goal: await updateGoal(user, params.id, body),
}));

export const DELETE = route({ auth: 'user', params: idParamSchema }, ({ user, params }) => deleteGoal(user, params.id));

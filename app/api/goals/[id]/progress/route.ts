import { idParamSchema } from '@/lib/schemas/account';
import { goalProgressSchema } from '@/lib/schemas/workspace';
import { route } from '@/server/http/route';
import { updateProgress } from '@/server/services/goals';

export const PATCH = route({ auth: 'user', params: idParamSchema, body: goalProgressSchema }, async ({ user, params, body }) => ({
  success: true,
  goal: await updateProgress(user, params.id, body),
}));

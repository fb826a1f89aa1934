import { idParamSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { completeGoal } from '@/server/services/goals';

export const PUT = route({ auth: 'user', params: idParamSchema }, async ({ user, params }) => ({ success: true, goal: await completeGoal(user, params.id) }));

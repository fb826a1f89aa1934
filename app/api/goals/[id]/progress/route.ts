import * as contract from '@/lib/contract/goals';
import { route } from '@/server/http/route';
import { updateProgress } from '@/server/services/goals';

export const PATCH = route(contract.updateGoalProgress, async ({ user, params, body }) => ({ success: true, goal: await updateProgress(user, params.id, body) }));

import * as contract from '@/lib/contract/goals';
import { route } from '@/server/http/route';
import { deleteGoal, updateGoal } from '@/server/services/goals';

export const PATCH = route(contract.updateGoal, async ({ user, params, body }) => ({ success: true, goal: await updateGoal(user, params.id, body) }));

export const DELETE = route(contract.deleteGoal, async ({ user, params }) => {
  await deleteGoal(user, params.id);
  return { success: true, message: 'Goal deleted' };
});

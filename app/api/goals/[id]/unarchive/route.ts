import * as contract from '@/lib/contract/goals';
import { route } from '@/server/http/route';
import { unarchiveGoal } from '@/server/services/goals';

export const PUT = route(contract.unarchiveGoal, async ({ user, params }) => ({ success: true, goal: await unarchiveGoal(user, params.id) }));

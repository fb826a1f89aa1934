import * as contract from '@/lib/contract/goals';
import { route } from '@/server/http/route';
import { completeGoal } from '@/server/services/goals';

export const PUT = route(contract.completeGoal, async ({ user, params }) => ({ success: true, goal: await completeGoal(user, params.id) }));

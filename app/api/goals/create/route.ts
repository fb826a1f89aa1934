import * as contract from '@/lib/contract/goals';
import { route } from '@/server/http/route';
import { createGoal } from '@/server/services/goals';

export const POST = route(contract.createGoal, async ({ user, body }) => ({ success: true, goal: await createGoal(user, body) }));

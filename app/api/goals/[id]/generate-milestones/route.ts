import * as contract from '@/lib/contract/goals';
import { route } from '@/server/http/route';
import { generateGoalMilestones } from '@/server/services/engine/coach-actions';

export const POST = route(contract.generateMilestones, async ({ user, params, query }) => ({ success: true, ...(await generateGoalMilestones(user, params.id, query)) }));

import * as contract from '@/lib/contract/goals';
import { route } from '@/server/http/route';
import { listClientGoals } from '@/server/services/goals';

export const GET = route(contract.listClientGoals, async ({ user, params }) => ({ goals: await listClientGoals(user, params.clientId, false) }));

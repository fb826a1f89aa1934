import * as contract from '@/lib/contract/goals';
import { route } from '@/server/http/route';
import { versionHistory } from '@/server/services/goals';

export const GET = route(contract.goalVersionHistory, async ({ user, params }) => ({ versionHistory: await versionHistory(user, params.id) }));

import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { undoProgressUpdate } from '@/server/services/checkins';

export const POST = route(contract.undoProgressUpdate, async ({ user, params }) => undoProgressUpdate(user, params.id, params.goalId, new Date()));

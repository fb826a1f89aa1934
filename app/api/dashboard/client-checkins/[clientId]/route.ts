import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { checkInHistory } from '@/server/services/checkins';

export const GET = route(contract.clientCheckIns, ({ user, params, query }) => checkInHistory(user, params.clientId, query));

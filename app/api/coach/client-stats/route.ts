import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import { clientStats } from '@/server/services/client-stats';

export const GET = route(contract.clientStats, async ({ user }) => clientStats(user));

import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { platformStats } from '@/server/services/admin-usage';

export const GET = route(contract.platformStats, ({ query }) => platformStats(query.timezone));

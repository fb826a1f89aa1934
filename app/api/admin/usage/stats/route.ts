import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { usageStats } from '@/server/services/admin-usage';

export const GET = route(contract.usageStats, ({ query }) => usageStats(query));

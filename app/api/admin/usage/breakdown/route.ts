import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { usageBreakdown } from '@/server/services/admin-usage';

export const GET = route(contract.usageBreakdown, ({ query }) => usageBreakdown(query));

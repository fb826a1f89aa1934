import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { usageTrends } from '@/server/services/admin-usage';

export const GET = route(contract.usageTrends, ({ query }) => usageTrends(query));

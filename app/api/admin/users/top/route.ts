import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { topUsers } from '@/server/services/admin-usage';

export const GET = route(contract.topUsers, ({ query }) => topUsers(query));

import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { listSubscribers } from '@/server/services/admin-billing';

export const GET = route(contract.listSubscribers, ({ query }) => listSubscribers(query));

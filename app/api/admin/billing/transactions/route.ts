import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { listTransactions } from '@/server/services/admin-billing';

export const GET = route(contract.listTransactions, ({ query }) => listTransactions(query));

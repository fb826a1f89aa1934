import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { listHistory } from '@/server/services/billing/transactions';

export const GET = route(contract.billingHistory, ({ user, query }) => listHistory(user.id, query.page, query.limit));

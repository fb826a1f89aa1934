import * as contract from '@/lib/contract/analytics';
import { route } from '@/server/http/route';
import { clientAnalytics } from '@/server/services/analytics';

export const GET = route(contract.clientAnalytics, ({ user, query }) => clientAnalytics(user, query.timeRange));

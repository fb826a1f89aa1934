import * as contract from '@/lib/contract/analytics';
import { route } from '@/server/http/route';
import { goalAnalytics } from '@/server/services/analytics';

export const GET = route(contract.goalAnalytics, ({ user, query }) => goalAnalytics(user, query.timeRange));

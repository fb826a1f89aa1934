import * as contract from '@/lib/contract/analytics';
import { route } from '@/server/http/route';
import { communicationAnalytics } from '@/server/services/analytics';

export const GET = route(contract.communicationAnalytics, ({ user, query }) => communicationAnalytics(user, query.timeRange));

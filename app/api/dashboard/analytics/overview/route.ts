import * as contract from '@/lib/contract/analytics';
import { route } from '@/server/http/route';
import { overview } from '@/server/services/analytics';

export const GET = route(contract.analyticsOverview, ({ user, query }) => overview(user, query.timeRange));

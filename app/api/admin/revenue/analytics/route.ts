import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { revenueAnalytics } from '@/server/services/admin-billing';

/** The Revenue Analytics data source (product §2.7 leaves it open; decision 0032). */
export const GET = route(contract.revenueAnalytics, ({ query }) => revenueAnalytics(query));

import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { revenueAnalytics } from '@/server/services/admin-billing';

/** The Revenue Analytics data source (spec 02 §7 leaves it open; docs/decisions.md). */
export const GET = route(contract.revenueAnalytics, ({ query }) => revenueAnalytics(query));

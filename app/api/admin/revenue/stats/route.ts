import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { revenueMetrics } from '@/server/services/admin-billing';

export const GET = route(contract.revenueStats, ({ query }) => revenueMetrics(query));

import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { dateRangeQuerySchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { revenueMetrics } from '@/server/services/admin-billing';

export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewBilling, query: dateRangeQuerySchema }, ({ query }) => revenueMetrics(query));

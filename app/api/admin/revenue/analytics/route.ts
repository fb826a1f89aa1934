import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { dateRangeQuerySchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { revenueAnalytics } from '@/server/services/admin-billing';

/** The Revenue Analytics data source (spec 02 §7 leaves it open; docs/decisions.md). */
export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewBilling, query: dateRangeQuerySchema }, ({ query }) => revenueAnalytics(query));

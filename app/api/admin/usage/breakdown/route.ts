import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { dateRangeQuerySchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { usageBreakdown } from '@/server/services/admin-usage';

export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewUsage, query: dateRangeQuerySchema }, ({ query }) => usageBreakdown(query));

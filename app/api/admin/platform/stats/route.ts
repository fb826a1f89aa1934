import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { timezoneQuerySchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { platformStats } from '@/server/services/admin-usage';

export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewPlatform, query: timezoneQuerySchema }, ({ query }) =>
  platformStats(query.timezone),
);

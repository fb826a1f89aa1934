import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { subscribersQuerySchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { listSubscribers } from '@/server/services/admin-billing';

export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewBilling, query: subscribersQuerySchema }, ({ query }) => listSubscribers(query));

import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { route } from '@/server/http/route';
import { management } from '@/server/services/admin-accounts';

export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewAdmins }, () => management());

import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { route } from '@/server/http/route';
import { listAdmins } from '@/server/services/admin-accounts';

/** Spec 02 §7: an array of admins. */
export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewAdmins }, () => listAdmins());

import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { idParamSchema } from '@/lib/schemas/account';
import { updateAdminSchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { deleteAdmin, updateAdmin } from '@/server/services/admin-accounts';

const permission = ADMIN_ENDPOINT_PERMISSIONS.manageAdmins;

export const PUT = route({ auth: 'admin', permission, params: idParamSchema, body: updateAdminSchema }, ({ user, params, body, info }) =>
  updateAdmin(user, params.id, body, info),
);

export const DELETE = route({ auth: 'admin', permission, params: idParamSchema }, ({ user, params, info }) => deleteAdmin(user, params.id, info));

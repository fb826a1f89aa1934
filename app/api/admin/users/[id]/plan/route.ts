import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { idParamSchema } from '@/lib/schemas/account';
import { planChangeSchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { changeUserPlan } from '@/server/services/admin-billing';

/** PUT /admin/users/{userId}/plan (the folder is [id]: Next needs one name per dynamic segment). */
export const PUT = route(
  { auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.manageBilling, params: idParamSchema, body: planChangeSchema },
  ({ user, params, body, info }) => changeUserPlan(user, params.id, body.plan, info),
);

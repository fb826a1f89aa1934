import { ADMIN_MESSAGES } from '@/lib/constants';
import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { deleteAdmin, updateAdmin } from '@/server/services/admin-accounts';

export const PUT = route(contract.updateAdmin, async ({ user, params, body, info }) => ({
  success: true,
  message: ADMIN_MESSAGES.adminUpdated,
  admin: await updateAdmin(user, params.id, body, info),
}));

export const DELETE = route(contract.deleteAdmin, async ({ user, params, info }) => {
  await deleteAdmin(user, params.id, info);
  return { success: true, message: ADMIN_MESSAGES.adminDeleted };
});

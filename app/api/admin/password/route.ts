import { ADMIN_MESSAGES } from '@/lib/constants';
import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import * as admins from '@/server/services/admin-accounts';

export const PUT = route(contract.changeAdminPassword, async ({ user, body, info }) => ({
  success: true,
  message: ADMIN_MESSAGES.passwordChanged,
  ...(await admins.changeAdminPassword(user, body.currentPassword, body.newPassword, info)),
}));

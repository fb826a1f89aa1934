import { ADMIN_MESSAGES } from '@/lib/constants';
import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { createAdmin } from '@/server/services/admin-accounts';

export const POST = route(contract.createAdmin, async ({ user, body, info }) => ({
  success: true,
  message: ADMIN_MESSAGES.adminCreated,
  admin: await createAdmin(user, body, info),
}));

import { adminPasswordSchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import * as admins from '@/server/services/admin-accounts';

export const PUT = route({ auth: 'admin', body: adminPasswordSchema }, ({ user, body, info }) =>
  admins.changeAdminPassword(user, body.currentPassword, body.newPassword, info),
);

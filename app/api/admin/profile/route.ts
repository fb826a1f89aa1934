import { adminProfileSchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import * as admins from '@/server/services/admin-accounts';

export const GET = route({ auth: 'admin' }, async ({ user }) => admins.adminProfile(user));

export const PUT = route({ auth: 'admin', body: adminProfileSchema }, ({ user, body, info }) => admins.updateAdminProfile(user, body, info));

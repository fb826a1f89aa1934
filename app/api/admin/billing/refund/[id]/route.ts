import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { idParamSchema } from '@/lib/schemas/account';
import { refundSchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { refundTransaction } from '@/server/services/admin-billing';

export const POST = route(
  { auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.manageBilling, params: idParamSchema, body: refundSchema },
  ({ user, params, body, info }) => refundTransaction(user, params.id, body.reason, info),
);

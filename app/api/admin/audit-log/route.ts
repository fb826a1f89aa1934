import { ADMIN_ENDPOINT_PERMISSIONS } from '@/lib/admin-permissions';
import { auditLogQuerySchema } from '@/lib/schemas/admin';
import { route } from '@/server/http/route';
import { listAuditLog } from '@/server/services/admin-audit';

export const GET = route({ auth: 'admin', permission: ADMIN_ENDPOINT_PERMISSIONS.viewAuditLog, query: auditLogQuerySchema }, ({ query }) =>
  listAuditLog(query.page, query.limit),
);

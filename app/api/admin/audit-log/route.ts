import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { listAuditLog } from '@/server/services/admin-audit';

export const GET = route(contract.auditLog, ({ query }) => listAuditLog(query.page, query.limit));

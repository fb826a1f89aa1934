import { SECURITY_LOG_PAGE_SIZE } from '@/lib/constants';
import { pageQuerySchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { listSecurityLog } from '@/server/services/security-log';

export const GET = route({ auth: 'user', query: pageQuerySchema(SECURITY_LOG_PAGE_SIZE) }, ({ user, query }) => listSecurityLog(user.id, query.page, query.limit));

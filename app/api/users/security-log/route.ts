import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { listSecurityLog } from '@/server/services/security-log';

export const GET = route(contract.listSecurityLog, ({ user, query }) => listSecurityLog(user.id, query.page, query.limit));

import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { listSessions } from '@/server/services/sessions';

export const GET = route(contract.listSessions, async ({ user }) => ({ sessions: await listSessions(user.id, user.sessionId) }));

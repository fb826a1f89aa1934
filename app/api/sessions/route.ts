import { route } from '@/server/http/route';
import { listSessions } from '@/server/services/sessions';

export const GET = route({ auth: 'user' }, async ({ user }) => ({ sessions: await listSessions(user.id, user.sessionId) }));

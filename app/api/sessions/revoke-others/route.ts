import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { revokeOtherSessions } from '@/server/services/sessions';

export const POST = route(contract.revokeOtherSessions, async ({ user, info }) => {
  const revoked = await revokeOtherSessions(user.id, user.sessionId, info);
  return { success: true, message: 'All other sessions terminated successfully', revoked };
});

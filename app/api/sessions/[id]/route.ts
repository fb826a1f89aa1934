import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { revokeOwnSession } from '@/server/services/sessions';

export const DELETE = route(contract.revokeSession, async ({ user, params, info }) => {
  await revokeOwnSession(user.id, params.id, info);
  return { success: true, message: 'Session terminated successfully' };
});

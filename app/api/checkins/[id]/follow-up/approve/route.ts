import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { approveFollowUp } from '@/server/services/engine/follow-ups';

export const POST = route(contract.approveFollowUp, async ({ user, params, body }) => {
  const { checkIn, clientFirstName } = await approveFollowUp(user, params.id, body);
  return { success: true, message: `Follow-up sent to ${clientFirstName}`, checkIn };
});

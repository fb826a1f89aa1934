import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { initiateCheckIn } from '@/server/services/engine/coach-actions';

export const POST = route(contract.immediateContact, async ({ user, body }) => {
  const { checkIn, clientFirstName } = await initiateCheckIn(user, { clientId: body._id, goalId: body.goalId });
  return { success: true, message: `Check-in sent to ${clientFirstName}`, checkIn };
});

import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { holdCheckIn } from '@/server/services/nudges';

export const POST = route(contract.holdCheckIn, async ({ user, body }) => {
  const { checkIn, alreadyHeld } = await holdCheckIn(user, body.key);
  return { success: true, message: alreadyHeld ? 'This check-in was already held' : 'Check-in held: it will not be sent', checkIn, alreadyHeld };
});

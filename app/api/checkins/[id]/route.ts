import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { deleteCheckIn } from '@/server/services/checkins';

export const DELETE = route(contract.deleteCheckIn, async ({ user, params }) => {
  await deleteCheckIn(user, params.id);
  return { success: true, message: 'Check-in deleted' };
});

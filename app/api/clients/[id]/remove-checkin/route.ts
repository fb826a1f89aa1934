import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import { removeSlot } from '@/server/services/client-schedule';

export const POST = route(contract.removeScheduledCheckIn, async ({ user, params, body }) => {
  const { schedule, remaining } = await removeSlot(user, params.id, body);
  return { success: true, checkInSchedule: schedule, remainingCheckIns: remaining };
});

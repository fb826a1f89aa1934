import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import { addSlot } from '@/server/services/client-schedule';

export const POST = route(contract.scheduleCheckIn, async ({ user, params, body }) => {
  const { schedule, slot } = await addSlot(user, params.id, body);
  return { success: true, schedule, checkInSchedule: schedule, slot };
});

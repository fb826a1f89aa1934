import * as contract from '@/lib/contract/clients';
import { route } from '@/server/http/route';
import { toggleDay } from '@/server/services/client-schedule';

export const POST = route(contract.toggleScheduleDay, async ({ user, params, body }) => {
  const schedule = await toggleDay(user, params.id, body);
  return { success: true, schedule, checkInSchedule: schedule };
});

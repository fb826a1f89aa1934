import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { saveAiSchedule } from '@/server/services/ai-schedules';

export const POST = route(contract.scheduleAiCheckIn, async ({ user, body }) => {
  const { message, schedule } = await saveAiSchedule(user, body);
  return { success: true as const, message, schedule };
});

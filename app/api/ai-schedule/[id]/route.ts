import * as contract from '@/lib/contract/schedules';
import { route } from '@/server/http/route';
import { deleteAiSchedule } from '@/server/services/ai-schedules';

export const DELETE = route(contract.deleteAiSchedule, async ({ user, params }) => {
  await deleteAiSchedule(user, params.id);
  return { success: true, message: 'Schedule removed' };
});

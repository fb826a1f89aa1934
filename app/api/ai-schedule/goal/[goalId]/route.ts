import * as contract from '@/lib/contract/schedules';
import { route } from '@/server/http/route';
import { goalAiSchedules } from '@/server/services/ai-schedules';

/** `schedule` is the newest one, for callers that show a single schedule per goal. */
export const GET = route(contract.goalAiSchedules, async ({ user, params }) => {
  const schedules = await goalAiSchedules(user, params.goalId);
  return { success: true, schedules, schedule: schedules[0] ?? null };
});

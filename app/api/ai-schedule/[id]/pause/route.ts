import { AI_SCHEDULE_TEXTS } from '@/lib/constants';
import * as contract from '@/lib/contract/schedules';
import { route } from '@/server/http/route';
import { setAiSchedulePaused } from '@/server/services/ai-schedules';

export const POST = route(contract.pauseAiSchedule, async ({ user, params }) => ({
  success: true,
  message: AI_SCHEDULE_TEXTS.paused,
  schedule: await setAiSchedulePaused(user, params.id, true),
}));

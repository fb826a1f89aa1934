import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { saveAiSchedule } from '@/server/services/ai-schedules';

export const POST = route(contract.scheduleAiCheckIn, async ({ user, body }) => ({
  success: true,
  message: 'Check-in schedule saved',
  schedule: await saveAiSchedule(user, body),
}));

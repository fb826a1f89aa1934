import { aiScheduleSchema } from '@/lib/schemas/ai-schedule';
import { route } from '@/server/http/route';
import { saveAiSchedule } from '@/server/services/ai-schedules';

export const POST = route({ auth: 'user', body: aiScheduleSchema }, async ({ user, body }) => ({
  success: true,
  message: 'Check-in schedule saved',
  schedule: await saveAiSchedule(user, body),
}));

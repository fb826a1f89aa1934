import { aiScheduleSchema } from '@/lib/schemas/ai-schedule';
import { route } from '@/server/http/route';
import { createAiSchedule } from '@/server/services/ai-schedules';

export const POST = route({ auth: 'user', body: aiScheduleSchema }, ({ user, body }) => createAiSchedule(user, body));

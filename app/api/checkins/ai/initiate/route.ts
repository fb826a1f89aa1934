import { initiateCheckInSchema } from '@/lib/schemas/ai-schedule';
import { route } from '@/server/http/route';
import { initiateCheckIn } from '@/server/services/engine/coach-actions';

export const POST = route({ auth: 'user', body: initiateCheckInSchema }, ({ user, body }) => initiateCheckIn(user, body));

import { immediateContactSchema } from '@/lib/schemas/ai-schedule';
import { route } from '@/server/http/route';
import { initiateCheckIn } from '@/server/services/engine/coach-actions';

export const POST = route({ auth: 'user', body: immediateContactSchema }, ({ user, body }) => initiateCheckIn(user, { clientId: body._id, goalId: body.goalId }));

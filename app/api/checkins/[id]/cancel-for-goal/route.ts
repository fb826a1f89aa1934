import * as contract from '@/lib/contract/checkins';
import { route } from '@/server/http/route';
import { cancelForGoal } from '@/server/services/checkins';

export const PATCH = route(contract.cancelCheckInForGoal, async ({ user, params, body }) => ({
  success: true,
  message: 'Check-in cancelled for this goal',
  checkIn: await cancelForGoal(user, params.id, body),
}));

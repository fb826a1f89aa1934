import * as contract from '@/lib/contract/notifications';
import { route } from '@/server/http/route';
import { unsubscribePush } from '@/server/services/push-subscriptions';

export const DELETE = route(contract.unsubscribePush, async ({ user, params }) => {
  await unsubscribePush(user.id, params.id);
  return { success: true };
});

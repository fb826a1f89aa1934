import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { sendTestNotification } from '@/server/services/notifications';

export const POST = route(contract.sendTestNotification, async ({ user, body }) => {
  const deliveryResults = await sendTestNotification(user.id, body.channel);
  return { success: Object.values(deliveryResults).some(Boolean), deliveryResults };
});

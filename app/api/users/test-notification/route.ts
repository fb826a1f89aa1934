import { testNotificationSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { sendTestNotification } from '@/server/services/notifications';

export const POST = route({ auth: 'user', body: testNotificationSchema }, async ({ user, body }) => {
  const deliveryResults = await sendTestNotification(user.id, body.message);
  return { success: Object.values(deliveryResults).some(Boolean), deliveryResults };
});

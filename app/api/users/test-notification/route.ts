import { testNotificationSchema, type TestNotificationResponse } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { sendTestNotification } from '@/server/services/notifications';

export const POST = route({ auth: 'user', body: testNotificationSchema }, async ({ user, body }): Promise<TestNotificationResponse> => {
  const deliveryResults = await sendTestNotification(user.id, body.channel);
  return { success: Object.values(deliveryResults).some(Boolean), deliveryResults };
});

import * as contract from '@/lib/contract/notifications';
import { route } from '@/server/http/route';
import { markNotificationRead } from '@/server/services/notification-centre';

export const POST = route(contract.markNotificationRead, async ({ user, params }) => ({
  success: true,
  unreadCount: await markNotificationRead(user.id, params.id, new Date()),
}));

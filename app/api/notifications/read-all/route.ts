import * as contract from '@/lib/contract/notifications';
import { route } from '@/server/http/route';
import { markAllNotificationsRead } from '@/server/services/notification-centre';

export const POST = route(contract.markAllNotificationsRead, async ({ user }) => ({
  success: true,
  unreadCount: await markAllNotificationsRead(user.id, new Date()),
}));

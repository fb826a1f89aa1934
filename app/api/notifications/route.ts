import * as contract from '@/lib/contract/notifications';
import { route } from '@/server/http/route';
import { listNotifications } from '@/server/services/notification-centre';

export const GET = route(contract.listNotifications, async ({ user, query }) => listNotifications(user.id, query));

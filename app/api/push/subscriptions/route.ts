import * as contract from '@/lib/contract/notifications';
import { route } from '@/server/http/route';
import { listPushDevices, subscribePush } from '@/server/services/push-subscriptions';

export const GET = route(contract.listPushDevices, async ({ user }) => listPushDevices(user.id));

export const POST = route(contract.subscribePush, async ({ user, body, info }) => ({
  success: true,
  device: await subscribePush(user.id, body, info.userAgent),
}));

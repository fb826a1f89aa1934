import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { getBilling } from '@/server/services/billing/info';
import { resumeSubscription } from '@/server/services/billing/subscriptions';

export const POST = route(contract.resumeSubscription, async ({ user }) => {
  await resumeSubscription(user);
  return { success: true, message: 'Your subscription will continue', billing: await getBilling(user.id) };
});

import * as contract from '@/lib/contract/billing';
import { BILLING_MESSAGES } from '@/lib/constants';
import { route } from '@/server/http/route';
import { getBilling } from '@/server/services/billing/info';
import { cancelSubscription } from '@/server/services/billing/subscriptions';

export const POST = route(contract.cancelSubscription, async ({ user, info }) => {
  const { currentPeriodEnd } = await cancelSubscription(user, info);
  return { success: true, message: BILLING_MESSAGES.cancelNotice, cancelAtPeriodEnd: true, currentPeriodEnd, billing: await getBilling(user.id) };
});

import * as contract from '@/lib/contract/billing';
import { BILLING_MESSAGES } from '@/lib/constants';
import { route } from '@/server/http/route';
import { getBilling } from '@/server/services/billing/info';
import { changePlan } from '@/server/services/billing/plan-change';

export const PUT = route(contract.changePlan, async ({ user, body, info }) => {
  const change = await changePlan(user, body, info);
  const billing = await getBilling(user.id);
  switch (change.kind) {
    case 'paid':
      return { success: true, message: change.message, plan: change.plan, transaction: change.transaction, billing };
    // Like a cancel: the subscription ends at the period's end.
    case 'canceling':
      return { success: true, message: BILLING_MESSAGES.cancelNotice, cancelAtPeriodEnd: true, currentPeriodEnd: change.currentPeriodEnd, billing };
    case 'free':
      return { success: true, message: change.message, billing };
  }
});

import { ADMIN_MESSAGES } from '@/lib/constants';
import * as contract from '@/lib/contract/admin';
import { PLANS } from '@/lib/plans';
import { route } from '@/server/http/route';
import { changeUserPlan } from '@/server/services/admin-billing';

/** PUT /admin/users/{userId}/plan (the folder is [id]: Next needs one name per dynamic segment). */
export const PUT = route(contract.changeUserPlan, async ({ user, params, body, info }) => {
  const changed = await changeUserPlan(user, params.id, body.plan, info);
  return { success: true, message: ADMIN_MESSAGES.planUpdated(PLANS[changed.plan].name), user: { ...changed, _id: changed.id } };
});

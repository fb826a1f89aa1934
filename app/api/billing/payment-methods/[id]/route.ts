import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { listPaymentMethods, removePaymentMethod } from '@/server/services/billing/payment-methods';

export const DELETE = route(contract.removePaymentMethod, async ({ user, params, info }) => {
  await removePaymentMethod(user, params.id, info);
  return { success: true, message: 'Payment method removed', paymentMethods: await listPaymentMethods(user.id) };
});

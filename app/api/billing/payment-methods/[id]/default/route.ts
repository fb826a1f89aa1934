import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { listPaymentMethods, setDefaultPaymentMethod } from '@/server/services/billing/payment-methods';

export const POST = route(contract.setDefaultPaymentMethod, async ({ user, params }) => {
  await setDefaultPaymentMethod(user.id, params.id);
  return { success: true, message: 'Default payment method updated', paymentMethods: await listPaymentMethods(user.id) };
});

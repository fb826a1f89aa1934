import * as contract from '@/lib/contract/billing';
import { route } from '@/server/http/route';
import { addPaymentMethod, listPaymentMethods } from '@/server/services/billing/payment-methods';

export const GET = route(contract.listPaymentMethods, async ({ user }) => ({ paymentMethods: await listPaymentMethods(user.id) }));

export const POST = route(contract.addPaymentMethod, async ({ user, body, info }) => ({
  success: true,
  message: 'Payment method added',
  paymentMethod: await addPaymentMethod(user, body, info),
}));

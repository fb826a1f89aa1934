import { ADMIN_MESSAGES } from '@/lib/constants';
import * as contract from '@/lib/contract/admin';
import { route } from '@/server/http/route';
import { refundTransaction } from '@/server/services/admin-billing';

export const POST = route(contract.refundTransaction, async ({ user, params, body, info }) => ({
  success: true,
  message: ADMIN_MESSAGES.refunded,
  transaction: await refundTransaction(user, params.id, body.reason, info),
}));

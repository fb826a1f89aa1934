import { PHONE_VERIFICATION_MESSAGES } from '@/lib/constants';
import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { confirmPhoneCode } from '@/server/services/phone-verification';

export const POST = route(contract.confirmPhoneCode, async ({ user, body, info }) => {
  const { phone } = await confirmPhoneCode(user.id, body.code, info, new Date());
  return { success: true, message: PHONE_VERIFICATION_MESSAGES.verified, phone, phoneVerified: true };
});

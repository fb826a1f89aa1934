import { PHONE_VERIFICATION_MESSAGES } from '@/lib/constants';
import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import { sendPhoneCode } from '@/server/services/phone-verification';

/** Texts a verification code to the coach's own phone (decision 0069). */
export const POST = route(contract.sendPhoneCode, async ({ user, info }) => ({
  success: true,
  message: PHONE_VERIFICATION_MESSAGES.codeSent,
  ...(await sendPhoneCode(user.id, info, new Date())),
}));

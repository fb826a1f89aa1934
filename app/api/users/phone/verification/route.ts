import { route } from '@/server/http/route';
import { sendPhoneCode } from '@/server/services/phone-verification';

/** Texts a verification code to the coach's own phone (docs/decisions.md "Phone verification"). */
export const POST = route({ auth: 'user' }, async ({ user, info }) => sendPhoneCode(user.id, info, new Date()));

import { phoneCodeConfirmSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { confirmPhoneCode } from '@/server/services/phone-verification';

export const POST = route({ auth: 'user', body: phoneCodeConfirmSchema }, async ({ user, body, info }) => confirmPhoneCode(user.id, body.code, info, new Date()));

import { resendVerificationSchema } from '@/lib/schemas/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const POST = route({ auth: 'public', body: resendVerificationSchema }, ({ body, info }) => auth.resendVerification(body.email, info));

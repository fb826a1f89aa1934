import { forgotPasswordSchema } from '@/lib/schemas/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const POST = route({ auth: 'public', body: forgotPasswordSchema }, ({ body, info }) => auth.forgotPassword(body.email, info));

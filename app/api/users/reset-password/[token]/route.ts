import { resetPasswordSchema, tokenParamSchema } from '@/lib/schemas/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const POST = route({ auth: 'public', params: tokenParamSchema, body: resetPasswordSchema }, ({ params, body, info }) =>
  auth.resetPassword(params.token, body.password, info),
);

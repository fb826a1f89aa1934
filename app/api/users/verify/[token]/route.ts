import { tokenParamSchema } from '@/lib/schemas/auth';
import { route } from '@/server/http/route';
import * as auth from '@/server/services/auth';

export const GET = route({ auth: 'public', params: tokenParamSchema }, ({ params, info }) => auth.verifyEmail(params.token, info));

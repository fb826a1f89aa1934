import { idParamSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { versionHistory } from '@/server/services/goals';

export const GET = route({ auth: 'user', params: idParamSchema }, ({ user, params }) => versionHistory(user, params.id));

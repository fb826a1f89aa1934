import { idParamSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { deleteCheckIn } from '@/server/services/checkins';

export const DELETE = route({ auth: 'user', params: idParamSchema }, ({ user, params }) => deleteCheckIn(user, params.id));

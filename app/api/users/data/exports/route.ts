import { route } from '@/server/http/route';
import { listDataExports } from '@/server/services/data-export';

export const GET = route({ auth: 'user' }, ({ user }) => listDataExports(user.id));

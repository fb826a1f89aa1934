import { route } from '@/server/http/route';
import { requestDataExport } from '@/server/services/data-export';

export const POST = route({ auth: 'user' }, ({ user, info }) => requestDataExport(user, info));

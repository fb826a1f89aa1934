import { route } from '@/server/http/route';
import { getBilling } from '@/server/services/billing';

export const GET = route({ auth: 'user' }, ({ user }) => getBilling(user.id));

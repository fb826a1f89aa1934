import { route } from '@/server/http/route';
import { beginSetup } from '@/server/services/two-factor';

export const POST = route({ auth: 'user' }, ({ user }) => beginSetup(user));

import { route } from '@/server/http/route';
import { toPublicUser } from '@/server/services/users';

export const GET = route({ auth: 'user' }, async ({ user }) => ({ success: true, user: toPublicUser(user) }));

import { profileUpdateSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';
import { toPublicUser } from '@/server/services/users';

export const GET = route({ auth: 'user' }, async ({ user }) => ({ success: true, user: toPublicUser(user) }));

export const PUT = route({ auth: 'user', body: profileUpdateSchema }, ({ user, body, info }) => account.updateProfile(user, body, info));

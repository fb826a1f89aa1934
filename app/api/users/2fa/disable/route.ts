import { twoFactorDisableSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { disable } from '@/server/services/two-factor';

export const POST = route({ auth: 'user', body: twoFactorDisableSchema }, ({ user, body, info }) => disable(user.id, body.password, info));

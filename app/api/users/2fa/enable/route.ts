import { twoFactorCodeSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import { confirmSetup } from '@/server/services/two-factor';

export const POST = route({ auth: 'user', body: twoFactorCodeSchema }, ({ user, body, info }) => confirmSetup(user.id, body.code, info));

import { timezoneUpdateSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route({ auth: 'user', body: timezoneUpdateSchema }, ({ user, body, info }) => account.updateTimezone(user, body.timezone, info));

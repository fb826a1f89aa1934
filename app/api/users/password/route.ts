import { passwordChangeSchema } from '@/lib/schemas/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const PUT = route({ auth: 'user', body: passwordChangeSchema }, ({ user, body, info }) =>
  account.changePassword(user, body.currentPassword, body.newPassword, info),
);

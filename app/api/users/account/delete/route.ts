import { deleteAccountSchema } from '@/lib/schemas/account';
import { signedOutResponse } from '@/server/http/auth-responses';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';

export const POST = route({ auth: 'user', body: deleteAccountSchema }, async ({ user, body, info }) =>
  signedOutResponse(await account.deleteAccount(user, body.password, info)),
);

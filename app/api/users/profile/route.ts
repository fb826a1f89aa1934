import * as contract from '@/lib/contract/account';
import { route } from '@/server/http/route';
import * as account from '@/server/services/account';
import { toPublicUser } from '@/server/services/users';

export const GET = route(contract.getProfile, async ({ user }) => ({ success: true, user: toPublicUser(user) }));

export const PUT = route(contract.updateProfile, async ({ user, body, info }) => ({ success: true, ...(await account.updateProfile(user, body, info)) }));
